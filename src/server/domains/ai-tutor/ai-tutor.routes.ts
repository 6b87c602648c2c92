import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tutorAskBodySchema, tutorConversationResponseSchema, type TutorStreamEvent } from '../../../common/ai-tutor';
import { requireApproved } from '../../platform/http/guards';
import type { AiTutorService } from './ai-tutor.service';

const tags = ['ai-tutor'];
const params = z.object({ lessonId: z.string() });

/** The AI tutor of the course-learning screen. */
export const aiTutorRoutes: FastifyPluginAsyncZod<{ tutor: AiTutorService }> = async (app, { tutor }) => {
  app.get(
    '/api/lessons/:lessonId/tutor',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary:
          "The signed-in user's latest AI tutor conversation about a lesson, today's question budget, and whether the tutor is set up",
        params,
        response: { 200: tutorConversationResponseSchema },
      },
    },
    (request) => tutor.conversation(request.auth!, request.params.lessonId),
  );

  app.post(
    '/api/lessons/:lessonId/tutor/messages',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary:
          'Ask the AI tutor about a lesson. Refusals are JSON errors (400, 401, 403, 404, 429, 503); otherwise a text/event-stream ' +
          'of `data: <TutorStreamEvent JSON>` lines: start, delta..., then done or error. conversationId null starts a new chat.',
        params,
        body: tutorAskBodySchema,
      },
    },
    async (request, reply) => {
      const question = await tutor.prepare(request.auth!, request.params.lessonId, request.body);

      // From here the answer is a stream we write ourselves (no compression, no buffering).
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        // Written past Fastify's hooks, so it names no-store itself, like every other API answer.
        'Cache-Control': 'no-store, no-transform',
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
        Connection: 'keep-alive',
      });
      res.flushHeaders();

      const gone = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) gone.abort();
      });
      // Gone already, while the question was being checked and stored: the 'close' above came too early to be seen.
      if (request.raw.socket?.destroyed) gone.abort();
      const send = (event: TutorStreamEvent) => {
        if (!res.writableEnded && !res.destroyed) res.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      try {
        await tutor.answer(question, send, gone.signal);
      } catch (err) {
        request.log.error({ err }, 'AI tutor stream failed');
      } finally {
        if (!res.writableEnded) res.end();
      }
    },
  );
};
