import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsResponseSchema } from '../../../common/analytics';
import { requireAdmin } from '../../platform/http/guards';
import type { AnalyticsService } from './analytics.service';
import { studentsCsv, studentsCsvFilename } from './students-csv';

const tags = ['analytics'];

/** The tutor's analytics dashboard. Admin only. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService; now: () => Date }> = async (app, { analytics, now }) => {
  app.get(
    '/api/admin/analytics',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Everything the analytics dashboard shows, in one answer; `range` (7d, 30d, 90d, all) filters period and content engagement',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsResponseSchema },
      },
    },
    (request) => analytics.overview(request.query.range),
  );

  app.get(
    '/api/admin/analytics/students.csv',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: "Every student's learning velocity and risk factors, as a CSV file" },
    },
    async (_request, reply) => {
      const body = studentsCsv(await analytics.velocityTable());
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${studentsCsvFilename(now())}"`)
        .send(body);
    },
  );
};
