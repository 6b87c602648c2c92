import { z } from 'zod';
import { REVIEW_COMMENT_MAX_BYTES, ReviewMessages } from './reviews-texts';

export { codeLines, REVIEW_COMMENT_MAX_BYTES, ReviewMessages } from './reviews-texts';

/**
 * The tutor's review of a submission: comments on lines of its code (Markdown, several per line), an overall comment,
 * 'Send Feedback' to show them to the student; the tutor's bank of 'Saved Comments'; the same comment sent at once to
 * every student whose latest submission is the same code. Comments stay anchored to the submission they were written
 * on (decision record "Review with line comments").
 */

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** A line comment or a saved one: Markdown, not blank, at most 10 KB. */
export const reviewCommentTextSchema = z
  .string({ error: ReviewMessages.commentEmpty })
  .refine((s) => s.trim() !== '', ReviewMessages.commentEmpty)
  .refine((s) => utf8Bytes(s) <= REVIEW_COMMENT_MAX_BYTES, ReviewMessages.commentTooLong);

const overallCommentSchema = z.string().refine((s) => utf8Bytes(s) <= REVIEW_COMMENT_MAX_BYTES, ReviewMessages.overallTooLong);

export const reviewLineSchema = z
  .number({ error: ReviewMessages.lineInvalid })
  .int(ReviewMessages.lineInvalid)
  .min(1, ReviewMessages.lineInvalid);

export const addReviewCommentBodySchema = z.strictObject({ line: reviewLineSchema, body: reviewCommentTextSchema });
export type AddReviewCommentBody = z.infer<typeof addReviewCommentBodySchema>;

export const editReviewCommentBodySchema = z.strictObject({ body: reviewCommentTextSchema });
export type EditReviewCommentBody = z.infer<typeof editReviewCommentBodySchema>;

/** The overall comment kept as a draft until 'Send Feedback'. */
export const reviewDraftBodySchema = z.strictObject({ overallComment: overallCommentSchema });
export type ReviewDraftBody = z.infer<typeof reviewDraftBodySchema>;

/** 'Send Feedback': the overall comment as written in the form (the saved draft when left out). */
export const sendReviewBodySchema = z.strictObject({ overallComment: overallCommentSchema.optional() });
export type SendReviewBody = z.infer<typeof sendReviewBodySchema>;

export const savedCommentBodySchema = z.strictObject({ body: reviewCommentTextSchema });
export type SavedCommentBody = z.infer<typeof savedCommentBodySchema>;

export const reviewCommentSchema = z.object({
  id: z.string(),
  /** 1-based line of the reviewed submission's code. */
  line: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
  /** Null while a draft: the student does not see it, the tutor may still change it. */
  sentAt: z.string().nullable(),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/** The review as the tutor sees it: every comment, sent or draft. */
export const tutorReviewSchema = z.object({
  id: z.string(),
  submissionId: z.string(),
  studentId: z.string(),
  /** What the student sees (empty until sent). */
  overallComment: z.string(),
  /** A change not sent yet, or null. */
  draftOverallComment: z.string().nullable(),
  sentAt: z.string().nullable(),
  seenAt: z.string().nullable(),
  sendCount: z.number().int(),
  comments: z.array(reviewCommentSchema),
});
export type TutorReview = z.infer<typeof tutorReviewSchema>;
export const tutorReviewResponseSchema = z.object({ review: tutorReviewSchema.nullable() });
export type TutorReviewResponse = z.infer<typeof tutorReviewResponseSchema>;

export const sameCodeResponseSchema = z.object({
  /** The other students whose latest graded submission of the exercise is the same code. */
  students: z.array(z.object({ studentId: z.string(), name: z.string() })),
});
export type SameCodeResponse = z.infer<typeof sameCodeResponseSchema>;
export const sameCodeSentSchema = z.object({ sent: z.number().int() });
export type SameCodeSent = z.infer<typeof sameCodeSentSchema>;

export const savedCommentSchema = z.object({ id: z.string(), body: z.string(), createdAt: z.string() });
export type SavedComment = z.infer<typeof savedCommentSchema>;
export const savedCommentsResponseSchema = z.object({ comments: z.array(savedCommentSchema) });
export type SavedCommentsResponse = z.infer<typeof savedCommentsResponseSchema>;

/** A sent review as its student sees it, with the code it is about. */
export const studentReviewSchema = z.object({
  id: z.string(),
  exerciseId: z.string(),
  submissionId: z.string(),
  mode: z.enum(['run', 'submit']),
  code: z.string(),
  /** The submission's further files (Java): shown with it; the line comments are on `code`, the main file. */
  files: z.array(z.object({ name: z.string(), content: z.string() })),
  submittedAt: z.string(),
  overallComment: z.string(),
  sentAt: z.string(),
  seen: z.boolean(),
  comments: z.array(reviewCommentSchema.omit({ sentAt: true })),
});
export type StudentReview = z.infer<typeof studentReviewSchema>;
export const lessonFeedbackResponseSchema = z.object({ reviews: z.array(studentReviewSchema) });
export type LessonFeedbackResponse = z.infer<typeof lessonFeedbackResponseSchema>;

/** The lessons with feedback the student has not opened yet: marked in the course outline. */
export const unseenFeedbackResponseSchema = z.object({ lessonIds: z.array(z.string()) });
export type UnseenFeedbackResponse = z.infer<typeof unseenFeedbackResponseSchema>;
