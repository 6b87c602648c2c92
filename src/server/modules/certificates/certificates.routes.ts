import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { certificateResponseSchema, certificateVerifyResponseSchema } from '../../../common/certificates';
import { requireApproved } from '../auth/auth.plugin';
import type { CertificatesService } from './certificates.service';

const tags = ['certificates'];
const courseParams = z.object({ courseId: z.string() });

export const certificatesRoutes: FastifyPluginAsyncZod<{ certificates: CertificatesService }> = async (app, { certificates }) => {
  app.get(
    '/api/courses/:courseId/certificate',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary: "The signed-in student's certificate for a course (404 until earned)",
        params: courseParams,
        response: { 200: certificateResponseSchema },
      },
    },
    (request) => certificates.mine(request.auth!.user.id, request.params.courseId),
  );

  app.get(
    '/api/courses/:courseId/certificate.pdf',
    {
      onRequest: requireApproved,
      schema: { tags, summary: "The signed-in student's certificate as a PDF", params: courseParams },
    },
    async (request, reply) => {
      const { bytes, id } = await certificates.pdf(request.auth!.user.id, request.params.courseId);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="certificate-${id}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/api/certificates/:id',
    {
      schema: {
        tags,
        summary: 'Public verification of a certificate: student name, course title and date only',
        params: z.object({ id: z.string() }),
        response: { 200: certificateVerifyResponseSchema },
      },
    },
    (request) => certificates.verify(request.params.id),
  );
};
