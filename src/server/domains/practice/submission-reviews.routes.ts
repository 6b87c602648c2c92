import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addReviewCommentBodySchema,
  editReviewCommentBodySchema,
  lessonFeedbackResponseSchema,
  reviewDraftBodySchema,
  sameCodeResponseSchema,
  sameCodeSentSchema,
  savedCommentBodySchema,
  savedCommentSchema,
  savedCommentsResponseSchema,
  sendReviewBodySchema,
  tutorReviewResponseSchema,
  tutorReviewSchema,
  unseenFeedbackResponseSchema,
} from '../../../common/reviews';
import { requireAdmin, requireApproved } from '../../platform/http/guards';
import type { SubmissionReviewsService } from './submission-reviews.service';

const tags = ['reviews'];
const submission = z.object({ submissionId: z.string() });
const comment = z.object({ commentId: z.string() });

/** The tutor's review of a submission with line comments, 'Saved Comments', and the student's reading of the feedback. */
export const submissionReviewsRoutes: FastifyPluginAsyncZod<{ reviews: SubmissionReviewsService }> = async (app, { reviews }) => {
  // ---------- the tutor ----------
  app.get(
    '/api/admin/submissions/:submissionId/review',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "A submission's review with every comment, draft or sent (null: none yet)",
        params: submission,
        response: { 200: tutorReviewResponseSchema },
      },
    },
    async (request) => ({ review: await reviews.review(request.params.submissionId) }),
  );

  app.put(
    '/api/admin/submissions/:submissionId/review',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Keep the overall comment as a draft (before the first send)',
        params: submission,
        body: reviewDraftBodySchema,
        response: { 200: tutorReviewSchema },
      },
    },
    async (request) => reviews.saveDraft(request.params.submissionId, request.body.overallComment),
  );

  app.post(
    '/api/admin/submissions/:submissionId/review/comments',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'A draft comment on a line of the submission (Markdown); the student sees it once sent',
        params: submission,
        body: addReviewCommentBodySchema,
        response: { 201: tutorReviewSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await reviews.addComment(request.params.submissionId, request.body)),
  );

  app.post(
    '/api/admin/submissions/:submissionId/review/send',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "'Send Feedback': the draft comments and the overall comment go to the student, who is notified",
        params: submission,
        body: sendReviewBodySchema,
        response: { 200: tutorReviewSchema },
      },
    },
    async (request) => reviews.send(request.params.submissionId, request.body.overallComment),
  );

  app.patch(
    '/api/admin/review-comments/:commentId',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Change a draft comment (409 once sent)',
        params: comment,
        body: editReviewCommentBodySchema,
        response: { 200: tutorReviewSchema },
      },
    },
    async (request) => reviews.editComment(request.params.commentId, request.body.body),
  );

  app.delete(
    '/api/admin/review-comments/:commentId',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Delete a draft comment (409 once sent)', params: comment, response: { 200: tutorReviewSchema } },
    },
    async (request) => reviews.deleteComment(request.params.commentId),
  );

  app.get(
    '/api/admin/submissions/:submissionId/same-code',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'The other students whose latest submission is the same code (comments and spacing aside)',
        params: submission,
        response: { 200: sameCodeResponseSchema },
      },
    },
    async (request) => reviews.sameCodeStudents(request.params.submissionId),
  );

  app.post(
    '/api/admin/submissions/:submissionId/same-code/comments',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Send one comment at once to every other student whose latest submission is the same code',
        params: submission,
        body: addReviewCommentBodySchema,
        response: { 200: sameCodeSentSchema },
      },
    },
    async (request) => reviews.sendToSameCode(request.params.submissionId, request.body),
  );

  app.get(
    '/api/admin/saved-comments',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: "The tutor's 'Saved Comments', newest first", response: { 200: savedCommentsResponseSchema } },
    },
    async () => ({ comments: await reviews.savedComments() }),
  );

  app.post(
    '/api/admin/saved-comments',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: "Save a comment to 'Saved Comments'", body: savedCommentBodySchema, response: { 201: savedCommentSchema } },
    },
    async (request, reply) => reply.code(201).send(await reviews.saveComment(request.body.body)),
  );

  app.delete(
    '/api/admin/saved-comments/:savedCommentId',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: "Delete a comment from 'Saved Comments'", params: z.object({ savedCommentId: z.string() }) },
    },
    async (request, reply) => {
      await reviews.deleteSavedComment(request.params.savedCommentId);
      return reply.code(204).send();
    },
  );

  // ---------- the student: only their own sent feedback ----------
  app.get(
    '/api/lessons/:lessonId/feedback',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: "The caller's sent feedback in the lesson, with the code each review is about",
        params: z.object({ lessonId: z.string() }),
        response: { 200: lessonFeedbackResponseSchema },
      },
    },
    async (request) => reviews.lessonFeedback(request.auth!.user.id, request.params.lessonId),
  );

  app.get(
    '/api/me/feedback/unseen',
    {
      onRequest: requireApproved,
      schema: { tags, summary: 'The lessons with feedback the caller has not opened yet', response: { 200: unseenFeedbackResponseSchema } },
    },
    async (request) => reviews.unseenFeedback(request.auth!.user.id),
  );

  app.post(
    '/api/reviews/:reviewId/seen',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: 'The caller opened their feedback: its mark in the outline goes',
        params: z.object({ reviewId: z.string() }),
      },
    },
    async (request, reply) => {
      await reviews.markSeen(request.auth!.user.id, request.params.reviewId);
      return reply.code(204).send();
    },
  );
};
