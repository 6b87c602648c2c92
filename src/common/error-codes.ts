/** The API's error codes, without zod (the web's pages import them). */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  invalidCode: 'INVALID_CODE',
  userNotFound: 'USER_NOT_FOUND',
  pendingApproval: 'PENDING_APPROVAL',
  accessRevoked: 'ACCESS_REVOKED',
  notEnrolled: 'NOT_ENROLLED',
  accountExists: 'ACCOUNT_EXISTS',
  mailFailed: 'MAIL_FAILED',
  unavailable: 'SERVICE_UNAVAILABLE',
  storageFull: 'STORAGE_FULL',
  /** A media or web helper's provider failed: its error field, or 'Failed to ... (Status: n)'. */
  providerFailed: 'PROVIDER_ERROR',
  /** The provider answered 401 or 403: the server's key for it is wrong. */
  providerAuth: 'PROVIDER_AUTH_FAILED',
  providerTimeout: 'PROVIDER_TIMEOUT',
  /** Mark Complete on a lesson whose exercises are not all passed. */
  checksNotPassed: 'CHECKS_NOT_PASSED',
  /** Progress on a lesson an earlier, uncompleted lesson locks (lessons in order). */
  lessonLocked: 'LESSON_LOCKED',
  /** Work on a lesson of a chapter not open for the student yet ('Release'); `opensAt` says when it opens. */
  lessonNotReleased: 'LESSON_NOT_RELEASED',
  /** Mark Complete on a video lesson whose video was not watched enough. */
  videoNotWatched: 'VIDEO_NOT_WATCHED',
  /** A quiz attempt after the attempts allowed are used up. */
  attemptsUsedUp: 'ATTEMPTS_USED_UP',
  /** A Submit or quiz attempt after the student's due date, in a course whose late submissions are closed. */
  lateClosed: 'LATE_CLOSED',
  /** An exercise's reference solution failed a test: the exercise was not saved. */
  referenceFailed: 'REFERENCE_FAILED',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
