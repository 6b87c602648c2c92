import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  askQuestionBodySchema,
  lessonQuestionsResponseSchema,
  questionMessageBodySchema,
  questionMessageSchema,
  questionThreadDetailSchema,
  questionThreadListSchema,
  studentQuestionThreadSchema,
  unansweredQuestionsSchema,
} from '../../../common/questions';
import { requireAdmin, requireApproved } from '../../platform/http/guards';
import type { QuestionsService } from './questions.service';

const tags = ['questions'];
const lessonParams = z.object({ lessonId: z.string() });
const threadParams = z.object({ threadId: z.string() });

/** 'Ask Your Tutor' on a lesson (the student's own threads), and the tutor's Questions page. */
export const questionsRoutes: FastifyPluginAsyncZod<{ questions: QuestionsService }> = async (app, { questions }) => {
  app.get(
    '/api/lessons/:lessonId/questions',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: "The caller's own questions to the tutor about a lesson",
        params: lessonParams,
        response: { 200: lessonQuestionsResponseSchema },
      },
    },
    (request) => questions.lessonThreads(request.auth!, request.params.lessonId),
  );

  app.post(
    '/api/lessons/:lessonId/questions',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: 'Ask the tutor a question about a lesson; the exercise, code, latest result and AI tutor conversation may go with it',
        params: lessonParams,
        body: askQuestionBodySchema,
        response: { 201: studentQuestionThreadSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await questions.ask(request.auth!, request.params.lessonId, request.body)),
  );

  app.post(
    '/api/questions/:threadId/messages',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: "A follow-up in the caller's own question thread (reopens it if it was resolved)",
        params: threadParams,
        body: questionMessageBodySchema,
        response: { 201: questionMessageSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await questions.followUp(request.auth!, request.params.threadId, request.body)),
  );

  app.get(
    '/api/admin/questions',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Every student's question threads: unanswered first, then answered, then resolved",
        response: { 200: questionThreadListSchema },
      },
    },
    () => questions.list(),
  );

  app.get(
    '/api/admin/questions/unanswered',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'How many question threads wait for the tutor', response: { 200: unansweredQuestionsSchema } },
    },
    async () => ({ unanswered: await questions.unanswered() }),
  );

  app.get(
    '/api/admin/questions/:threadId',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: 'One question thread with its attached code, result and AI tutor conversation',
        params: threadParams,
        response: { 200: questionThreadDetailSchema },
      },
    },
    (request) => questions.detail(request.params.threadId),
  );

  app.post(
    '/api/admin/questions/:threadId/replies',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "The tutor's reply; the student is told in the app and by e-mail",
        params: threadParams,
        body: questionMessageBodySchema,
        response: { 200: questionThreadDetailSchema },
      },
    },
    (request) => questions.reply(request.auth!, request.params.threadId, request.body),
  );

  app.post(
    '/api/admin/questions/:threadId/resolve',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'Marks a question thread resolved', params: threadParams, response: { 200: questionThreadDetailSchema } },
    },
    (request) => questions.resolve(request.params.threadId),
  );
};
