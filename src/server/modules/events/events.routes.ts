import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENTS_BODY_MAX_BYTES, eventsBodySchema, eventsResponseSchema } from '../../../common/analytics';
import { requireApproved } from '../auth/auth.plugin';
import type { EventsService } from './events.service';

/** Learning events from the course screen, in batches (contract in src/common/analytics.ts). */
export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventsService }> = async (app, { events }) => {
  app.post(
    '/api/events',
    {
      onRequest: requireApproved,
      bodyLimit: EVENTS_BODY_MAX_BYTES,
      schema: {
        tags: ['analytics'],
        summary:
          'Record a batch of learning events (at most 50) for lessons of courses the student is enrolled in; the whole batch or nothing. ' +
          "The administrator's preview writes nothing.",
        body: eventsBodySchema,
        response: { 200: eventsResponseSchema },
      },
    },
    (request) => events.record(request.auth!, request.body),
  );
};
