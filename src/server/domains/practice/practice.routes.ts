import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminExerciseSchema,
  referenceCheckSchema,
  draftBodySchema,
  draftResponseSchema,
  EXERCISE_BODY_MAX_BYTES,
  exerciseInputSchema,
  exerciseReportSchema,
  lessonExercisesResponseSchema,
  reorderExercisesSchema,
  studentWorkSchema,
  submissionBodySchema,
  submissionHistoryQuerySchema,
  submissionHistorySchema,
  submissionSchema,
} from '../../../common/practice';
import { requireAdmin, requireApproved } from '../../platform/http/guards';
import type { PracticeAuthoringService } from './practice-authoring.service';
import { WAIT_MAX_MS, type PracticeService } from './practice.service';
import type { SubmissionHistoryService } from './submission-history';

const tags = ['practice'];
const stringify = () => (data: unknown) => JSON.stringify(data);

/** Exercises: the tutor's authoring and figures, the student's drafts and submissions. */
export const practiceRoutes: FastifyPluginAsyncZod<{
  practice: PracticeService;
  authoring: PracticeAuthoringService;
  history: SubmissionHistoryService;
}> = async (app, { practice, authoring, history }) => {
  // ---------- the tutor ----------
  app.get(
    '/api/admin/lessons/:lessonId/exercises',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "A lesson's exercises with everything: reference solutions and hidden tests included",
        params: z.object({ lessonId: z.string() }),
        response: { 200: z.object({ exercises: z.array(adminExerciseSchema) }) },
      },
    },
    async (request) => ({ exercises: await authoring.list(request.params.lessonId) }),
  );

  app.post(
    '/api/admin/lessons/:lessonId/exercises',
    {
      onRequest: requireAdmin,
      bodyLimit: EXERCISE_BODY_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Add an exercise at the end of the lesson; refused (422, with the results) unless its reference solution passes every test',
        params: z.object({ lessonId: z.string() }),
        body: exerciseInputSchema,
        response: { 201: adminExerciseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await authoring.create(request.auth!.user.id, request.params.lessonId, request.body)),
  );

  app.post(
    '/api/admin/lessons/:lessonId/exercises/reference-runs',
    {
      onRequest: requireAdmin,
      bodyLimit: EXERCISE_BODY_MAX_BYTES,
      schema: {
        tags,
        summary: "'Run Reference': grade the reference solution against every test of the exercise as written, saving nothing",
        params: z.object({ lessonId: z.string() }),
        body: exerciseInputSchema,
        response: { 200: referenceCheckSchema },
      },
    },
    async (request) => ({ result: await authoring.runReference(request.auth!.user.id, request.params.lessonId, request.body) }),
  );

  app.put(
    '/api/admin/exercises/:exerciseId',
    {
      onRequest: requireAdmin,
      bodyLimit: EXERCISE_BODY_MAX_BYTES,
      schema: {
        tags,
        summary: 'Replace an exercise and its tests; refused (422, with the results) unless its reference solution passes every test',
        params: z.object({ exerciseId: z.string() }),
        body: exerciseInputSchema,
        response: { 200: adminExerciseSchema },
      },
    },
    async (request) => authoring.update(request.auth!.user.id, request.params.exerciseId, request.body),
  );

  app.delete(
    '/api/admin/exercises/:exerciseId',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Delete an exercise with its tests, drafts and submissions', params: z.object({ exerciseId: z.string() }) },
    },
    async (request, reply) => {
      await authoring.remove(request.params.exerciseId);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/admin/lessons/:lessonId/exercises/order',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Put a lesson's exercises in a new order",
        params: z.object({ lessonId: z.string() }),
        body: reorderExercisesSchema,
        response: { 200: z.object({ exercises: z.array(adminExerciseSchema) }) },
      },
    },
    async (request) => ({ exercises: await authoring.reorder(request.params.lessonId, request.body.exerciseIds) }),
  );

  app.get(
    '/api/admin/exercises/:exerciseId/report',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Who tried the exercise, who passed, the median submissions to pass, the test failed most often',
        params: z.object({ exerciseId: z.string() }),
        response: { 200: exerciseReportSchema },
      },
    },
    async (request) => authoring.report(request.params.exerciseId),
  );

  app.get(
    '/api/admin/exercises/:exerciseId/students/:studentId',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "A student's latest code and result on the exercise, read only",
        params: z.object({ exerciseId: z.string(), studentId: z.string() }),
        response: { 200: studentWorkSchema },
      },
    },
    async (request) => authoring.studentWork(request.params.exerciseId, request.params.studentId),
  );

  // The student's submission history: every Run and Submit, a page at a time without code; an attempt in full on demand.
  app.get(
    '/api/admin/exercises/:exerciseId/students/:studentId/submissions',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "A student's Runs and Submits of the exercise, newest first, a page at a time (no code: ask for an attempt)",
        params: z.object({ exerciseId: z.string(), studentId: z.string() }),
        querystring: submissionHistoryQuerySchema,
        response: { 200: submissionHistorySchema },
      },
    },
    async (request) => history.list(request.params.exerciseId, request.params.studentId, request.query),
  );

  app.get(
    '/api/admin/exercises/:exerciseId/students/:studentId/submissions/:submissionId',
    {
      onRequest: requireAdmin,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: "One of a student's attempts at the exercise in full: its code and every test's outcome, exact times",
        params: z.object({ exerciseId: z.string(), studentId: z.string(), submissionId: z.string() }),
        response: { 200: submissionSchema },
      },
    },
    async (request) => history.attempt(request.params.exerciseId, request.params.studentId, request.params.submissionId),
  );

  // ---------- the student (and the tutor's preview) ----------
  app.get(
    '/api/lessons/:lessonId/exercises',
    {
      onRequest: requireApproved,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: "The lesson's exercises for the student: no reference solution, no hidden test's data",
        params: z.object({ lessonId: z.string() }),
        response: { 200: lessonExercisesResponseSchema },
      },
    },
    async (request) => practice.lessonExercises(request.auth!, request.params.lessonId),
  );

  app.put(
    '/api/exercises/:exerciseId/draft',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: "Save the student's code as they type (not saved in preview)",
        params: z.object({ exerciseId: z.string() }),
        body: draftBodySchema,
        response: { 200: draftResponseSchema },
      },
    },
    async (request) => practice.saveDraft(request.auth!, request.params.exerciseId, request.body.code, request.body.files),
  );

  app.post(
    '/api/exercises/:exerciseId/submissions',
    {
      onRequest: requireApproved,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: "Queue the student's code for grading: 'run' the visible tests (and their own input), or 'submit' for all tests",
        params: z.object({ exerciseId: z.string() }),
        body: submissionBodySchema,
        response: { 202: submissionSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await practice.submit(request.auth!, request.params.exerciseId, request.body)),
  );

  app.get(
    '/api/submissions/:submissionId',
    {
      onRequest: requireApproved,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: `One's own submission; with waitMs (at most ${WAIT_MAX_MS}) the answer comes when it is graded or the wait ends`,
        params: z.object({ submissionId: z.string() }),
        querystring: z.object({ waitMs: z.coerce.number().int().min(0).max(WAIT_MAX_MS).optional() }),
        response: { 200: submissionSchema },
      },
    },
    async (request) => practice.submission(request.auth!, request.params.submissionId, request.query.waitMs ?? 0),
  );
};
