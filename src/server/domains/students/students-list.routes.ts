import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentsOverviewResponseSchema } from '../../../common/students';
import { requireAdmin } from '../../platform/http/guards';
import type { StudentsService } from './students.service';

export const studentsListRoutes: FastifyPluginAsyncZod<{ students: StudentsService }> = async (app, { students }) => {
  app.get(
    '/api/admin/students',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['students'],
        summary: 'The student-management screen: statistics, pending and approved students with their enrollments, published courses',
        response: { 200: studentsOverviewResponseSchema },
      },
    },
    () => students.overview(),
  );
};
