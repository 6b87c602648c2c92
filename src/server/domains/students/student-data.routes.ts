import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteStudentMessages, deleteStudentResponseSchema } from '../../../common/students';
import { requireAdmin, requireSession } from '../../platform/http/guards';
import type { StudentDataService } from './student-data.service';

/** A data export as a download; the file name is ASCII only, made by the service from nothing a user typed unfiltered. */
const sendArchive = (reply: FastifyReply, archive: { filename: string; zip: Buffer }) =>
  reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', `attachment; filename="${archive.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(archive.zip);

export const studentDataRoutes: FastifyPluginAsyncZod<{ studentData: StudentDataService }> = async (app, { studentData }) => {
  app.get(
    '/api/me/data',
    {
      onRequest: requireSession,
      schema: {
        tags: ['students'],
        summary: 'Everything stored about the signed-in user: a ZIP of the complete JSON and a readable summary page',
      },
    },
    async (request, reply) => sendArchive(reply, await studentData.ownArchive(request.auth!.user)),
  );

  app.get(
    '/api/admin/students/:id/data',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['students'],
        summary: "A student's data export (the ZIP they would download themself), for the tutor to hand over before a deletion",
        params: z.object({ id: z.string({ error: DeleteStudentMessages.notFound }) }),
      },
    },
    async (request, reply) => sendArchive(reply, await studentData.studentArchive(request.params.id)),
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
