import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENTS_BODY_MAX_BYTES, eventsBodySchema, eventsResponseSchema } from '../../../common/analytics';
import { requireApproved } from '../../platform/http/guards';
import { EventsRateLimited, type LearningEventsService } from './learning-events.service';

/** Learning events from the course screen, in batches (contract in src/common/analytics.ts). */
export const learningEventsRoutes: FastifyPluginAsyncZod<{ events: LearningEventsService }> = async (app, { events }) => {
  app.post(
    '/api/events',
    {
      onRequest: requireApproved,
      bodyLimit: EVENTS_BODY_MAX_BYTES,
      schema: {
        tags: ['analytics'],
        summary:
          'Record a batch of learning events (at most 50) for lessons of courses the student is enrolled in; the whole batch or nothing. ' +
          "The administrator's preview writes nothing. " +
          'Each student has a budget of events (EVENTS_PER_MINUTE on average, EVENTS_BURST at once): past it the answer is 429 with ' +
          'Retry-After, and nothing is written (the client keeps the events and sends them later). Heartbeat seconds are credited ' +
          'against the server clock: a student is never credited more visible time than has passed since their previous heartbeats ' +
          '(heartbeats beyond it are cut or dropped; `accepted` counts the events written).',
        body: eventsBodySchema,
        response: { 200: eventsResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        return await events.record(request.auth!, request.body);
      } catch (err) {
        if (err instanceof EventsRateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );
};
