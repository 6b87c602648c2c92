import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteStudentMessages, deleteStudentResponseSchema } from '../../../common/students';
import { requireAdmin, requireSession } from '../../platform/http/guards';
import type { StudentDataService } from './student-data.service';

export const studentDataRoutes: FastifyPluginAsyncZod<{ studentData: StudentDataService }> = async (app, { studentData }) => {
  app.get(
    '/api/me/data',
    {
      onRequest: requireSession,
      schema: {
        tags: ['students'],
        summary: 'Everything stored about the signed-in user, as one JSON file to download',
      },
    },
    async (request, reply) => {
      const data = await studentData.exportFor(request.auth!.user);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="my-data-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/admin/students/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['students'],
        summary: 'Delete a student and every row that names them; their uploaded files are removed after the commit',
        params: z.object({ id: z.string({ error: DeleteStudentMessages.notFound }) }),
        response: { 200: deleteStudentResponseSchema },
      },
    },
    (request) => studentData.deleteStudent(request.params.id),
  );
};
