import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studentStatusBodySchema } from '../../../common/admin';
import { sessionUserSchema } from '../../../common/auth';
import { bulkStudentsBodySchema, bulkStudentsResponseSchema } from '../../../common/students';
import { requireAdmin } from '../../platform/http/guards';
import { toSessionUser } from '../auth';
import type { StudentsService } from './students.service';

export const studentsRoutes: FastifyPluginAsyncZod<{ students: StudentsService }> = async (app, { students }) => {
  app.patch(
    '/api/admin/students/:id/status',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['students'],
        summary: 'Approve, reject or revoke a student',
        params: z.object({ id: z.uuid({ error: 'User not found' }) }),
        body: studentStatusBodySchema,
        response: { 200: z.object({ user: sessionUserSchema }) },
      },
    },
    async (request) => {
      const user = await students.setApprovalStatus(request.params.id, request.body.status);
      return { user: toSessionUser(user) };
    },
  );

  app.post(
    '/api/admin/students/bulk',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['students'],
        summary: 'Approve, reject, enroll or unenroll several students in one transaction, with the outcome per student',
        body: bulkStudentsBodySchema,
        response: { 200: bulkStudentsResponseSchema },
      },
    },
    (request) => students.bulk(request.body),
  );
};
