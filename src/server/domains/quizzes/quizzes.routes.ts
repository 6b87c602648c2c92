import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminQuizResponseSchema,
  adminQuizSchema,
  quizAttemptBodySchema,
  quizAttemptResultSchema,
  quizInputSchema,
  quizStandingSchema,
  quizStandingsResponseSchema,
  studentQuizResponseSchema,
} from '../../../common/quizzes';
import { requireAdmin, requireApproved } from '../../platform/http/guards';
import type { QuizzesAuthoringService } from './quizzes-authoring.service';
import type { QuizzesService } from './quizzes.service';

const tags = ['quizzes'];
/** The student's answers are built field by field from the contract's types (quizzes.service.ts): nothing else can reach them. */
const stringify = () => (data: unknown) => JSON.stringify(data);
/** 200 questions with their choices and explanations fit well within this. */
const QUIZ_BODY_MAX_BYTES = 4 * 1024 * 1024;

/** Quizzes: the tutor's authoring and figures, the student's quiz and graded attempts. */
export const quizzesRoutes: FastifyPluginAsyncZod<{ quizzes: QuizzesService; authoring: QuizzesAuthoringService }> = async (
  app,
  { quizzes, authoring },
) => {
  app.get(
    '/api/admin/lessons/:lessonId/quiz',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "A lesson's quiz with everything (correct choices, accepted answers, numbers) and its figures; null without one",
        params: z.object({ lessonId: z.string() }),
        response: { 200: adminQuizResponseSchema },
      },
    },
    async (request) => ({ quiz: await authoring.get(request.params.lessonId) }),
  );

  app.put(
    '/api/admin/lessons/:lessonId/quiz',
    {
      onRequest: requireAdmin,
      bodyLimit: QUIZ_BODY_MAX_BYTES,
      schema: {
        tags,
        summary: "Create or replace the lesson's quiz whole (one per lesson); attempts already made are kept",
        params: z.object({ lessonId: z.string() }),
        body: quizInputSchema,
        response: { 200: adminQuizSchema },
      },
    },
    async (request) => authoring.save(request.params.lessonId, request.body),
  );

  app.delete(
    '/api/admin/lessons/:lessonId/quiz',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: "Delete the lesson's quiz with its questions and attempts", params: z.object({ lessonId: z.string() }) },
    },
    async (request, reply) => {
      await authoring.remove(request.params.lessonId);
      return reply.code(204).send();
    },
  );

  // A student's attempts as the tutor sees them, and the tutor's help for a student out of attempts (decision 020, revision 1).
  app.get(
    '/api/admin/quizzes/:quizId/students',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'Every student who tried the quiz (or was granted attempts at it): attempts made, allowance, best score, passed',
        params: z.object({ quizId: z.string() }),
        response: { 200: quizStandingsResponseSchema },
      },
    },
    async (request) => ({ standings: await authoring.studentsOf(request.params.quizId) }),
  );

  app.get(
    '/api/admin/students/:studentId/quizzes',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "The quizzes of the student's enrolled courses, with their attempts, allowance, best score and whether they passed",
        params: z.object({ studentId: z.string() }),
        response: { 200: quizStandingsResponseSchema },
      },
    },
    async (request) => ({ standings: await authoring.quizzesOf(request.params.studentId) }),
  );

  const pair = z.object({ quizId: z.string(), studentId: z.string() });
  app.post(
    '/api/admin/quizzes/:quizId/students/:studentId/extra-attempts',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Grant the student one more attempt at the quiz. Refused (404, 409) for an unknown quiz or student, a student not ' +
          'enrolled in its course, a quiz without a limit, or a student who passed it; nothing is written then',
        params: pair,
        response: { 200: quizStandingSchema },
      },
    },
    async (request) => authoring.grantAttempt(request.params.quizId, request.params.studentId),
  );

  app.post(
    '/api/admin/quizzes/:quizId/students/:studentId/attempts-reset',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          "Reset the student's attempts at the quiz: the attempts made stay (history, figures) and no longer count, the " +
          'granted ones go. Refused like a grant',
        params: pair,
        response: { 200: quizStandingSchema },
      },
    },
    async (request) => authoring.resetAttempts(request.params.quizId, request.params.studentId),
  );

  app.get(
    '/api/lessons/:lessonId/quiz',
    {
      onRequest: requireApproved,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: "The lesson's quiz for the student: questions and choices, never which answers are right; null without one",
        params: z.object({ lessonId: z.string() }),
        response: { 200: studentQuizResponseSchema },
      },
    },
    async (request) => quizzes.quiz(request.auth!, request.params.lessonId),
  );

  app.post(
    '/api/lessons/:lessonId/quiz/attempts',
    {
      onRequest: requireApproved,
      serializerCompiler: stringify,
      schema: {
        tags,
        summary: 'Grade an attempt: right or wrong per question with the explanations; refused (409) once the attempts are used up',
        params: z.object({ lessonId: z.string() }),
        body: quizAttemptBodySchema,
        response: { 200: quizAttemptResultSchema },
      },
    },
    async (request) => quizzes.submit(request.auth!, request.params.lessonId, request.body.answers),
  );
};
