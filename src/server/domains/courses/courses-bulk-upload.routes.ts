import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BULK_UPLOAD_MAX_BYTES, BulkMessages, bulkUploadBodySchema, bulkUploadResponseSchema } from '../../../common/courses-bulk-upload';
import { ErrorCode } from '../../../common/errors';
import { requireAdmin } from '../../platform/http/guards';
import type { CoursesBulkUploadService } from './courses-bulk-upload.service';

// A body over the limit gets the upload's own message; anything else goes on to the app's handler.
function tooLargeHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ error: { code: ErrorCode.validation, message: BulkMessages.tooLarge, title: 'Bulk Upload Failed' } });
  }
  throw err;
}

export const coursesBulkUploadRoutes: FastifyPluginAsyncZod<{ bulkUpload: CoursesBulkUploadService }> = async (app, { bulkUpload }) => {
  app.post(
    '/api/admin/courses/:id/bulk-upload',
    {
      onRequest: requireAdmin,
      bodyLimit: BULK_UPLOAD_MAX_BYTES,
      errorHandler: tooLargeHandler,
      schema: {
        tags: ['course content'],
        summary: 'Create lessons from pasted CSV/TSV rows; answers a result per row',
        params: z.object({ id: z.string() }),
        body: bulkUploadBodySchema,
        response: { 200: bulkUploadResponseSchema },
      },
    },
    (request) => bulkUpload.upload(request.params.id, request.body.data),
  );
};
