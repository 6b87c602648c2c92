import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: ok when the database answers and the grading workers have warmed up',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.enum(['unavailable', 'starting']) }) },
      },
    },
    async (_request, reply) => {
      if (!(await health.databaseAnswers())) return reply.code(503).send({ status: 'unavailable' as const });
      if (!health.gradingWarm()) return reply.code(503).send({ status: 'starting' as const });
      return { status: 'ok' as const };
    },
  );
};
