import { z } from 'zod';

/** Every API error has this one shape; `title` is the spec's toast title where it has one. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    title: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>['error'];

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
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
