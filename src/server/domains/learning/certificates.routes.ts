import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificateResponseSchema,
  certificateRevocationBodySchema,
  certificateVerifyResponseSchema,
  REVOCATION_REASON_MAX,
} from '../../../common/certificates';
import { requireAdmin, requireApproved } from '../../platform/http/guards';
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
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/api/certificates/:id',
    {
      schema: {
        tags,
        summary:
          "Public verification of a certificate: student name, course title and date, and its status: 'valid', or 'revoked' " +
          'with the date and reason. Unenrollment or a rejected account leave a certificate valid.',
        params: z.object({ id: z.string() }),
        response: { 200: certificateVerifyResponseSchema },
      },
    },
    (request) => certificates.verify(request.params.id),
  );

  app.patch(
    '/api/admin/certificates/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          `Revoke a certificate (revocationReason, at most ${REVOCATION_REASON_MAX} characters, shown publicly on its verification page) ` +
          'or reinstate it (revocationReason: null). Answers what the public verification now shows.',
        params: z.object({ id: z.string() }),
        body: certificateRevocationBodySchema,
        response: { 200: certificateVerifyResponseSchema },
      },
    },
    (request) => certificates.setRevocation(request.params.id, request.body.revocationReason),
  );
};
