import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enrollBodySchema, enrollResponseSchema, unenrollResponseSchema } from '../../../common/enrollments';
import { requireAdmin } from '../../platform/http/guards';
import type { EnrollmentsService } from './enrollments.service';

export const enrollmentsRoutes: FastifyPluginAsyncZod<{ enrollments: EnrollmentsService }> = async (app, { enrollments }) => {
  app.post(
    '/api/admin/students/:studentId/enrollments',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['students'],
        summary: 'Enroll an approved student in a published course (409 if already enrolled)',
        params: z.object({ studentId: z.string() }),
        body: enrollBodySchema,
        response: { 201: enrollResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ enrollment: await enrollments.enroll(request.params.studentId, request.body.courseId) }),
  );

  app.delete(
    '/api/admin/students/:studentId/enrollments/:courseId',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['students'],
        summary: "Unenroll: deletes the enrollment and the student's progress in that course",
        params: z.object({ studentId: z.string(), courseId: z.string() }),
        response: { 200: unenrollResponseSchema },
      },
    },
    (request) => enrollments.unenroll(request.params.studentId, request.params.courseId),
  );
};
