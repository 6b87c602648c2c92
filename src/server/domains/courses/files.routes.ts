import multipart from '@fastify/multipart';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '../../../common/errors';
import { fileUrl, UploadErrCode, UploadMessages, uploadQuerySchema, uploadResponseSchema, type UploadKind } from '../../../common/files';
import { AppError } from '../../platform/http/errors';
import { requireAdmin, requireSession } from '../../platform/http/guards';
import { contentDisposition, isPdf, pdfDownloadName, type FilesService } from './files.service';

/** An upload failure: the API's error plus errCode/errMsg, the fields upload clients read. */
class UploadError extends AppError {
  constructor(
    statusCode: number,
    readonly errCode: string,
    message: string,
    title: string,
  ) {
    super(statusCode, ErrorCode.validation, message, title);
  }
}

const notPdf = (kind: UploadKind) =>
  kind === 'tutorial'
    ? new UploadError(400, UploadErrCode.notPdf, UploadMessages.notPdfTutorial, UploadMessages.failedTitleTutorial)
    : new UploadError(400, UploadErrCode.notPdf, UploadMessages.notPdf, UploadMessages.failedTitle);

export type FilesRoutesOptions = { filesService: FilesService; maxMb: number };

export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, { filesService, maxMb }) => {
  const maxBytes = maxMb * 1024 * 1024;
  // Registered here, not on the whole app: only these routes accept multipart bodies.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 } });

  // Every failure of these routes also carries errCode/errMsg (errMsg = message), the fields upload clients read.
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const known = err instanceof AppError;
    const status = known ? err.statusCode : err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'upload failed');
    // An unexpected failure gets the generic 'Failed to upload file'; a known one (a full disk, say) says what happened.
    const message = status >= 500 && !known ? 'Failed to upload file' : err.message;
    const code = known ? err.code : status >= 500 ? ErrorCode.internal : ErrorCode.validation;
    const errCode = err instanceof UploadError ? err.errCode : code;
    return reply.code(status).send({ error: { code, message, title: known ? err.title : undefined }, errCode, errMsg: message });
  });

  app.post(
    '/api/admin/uploads',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['uploads'],
        summary: 'Upload a lesson PDF (kind=pdf) or tutorial PDF (kind=tutorial): multipart/form-data, one part named `file`',
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      const { kind } = request.query;
      if (!request.isMultipart()) throw notPdf(kind);
      let data: Buffer;
      let name: string | undefined;
      try {
        const part = await request.file();
        if (!part) throw notPdf(kind);
        name = part.filename;
        data = await part.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new UploadError(
            413,
            UploadErrCode.tooLarge,
            UploadMessages.tooLarge(maxMb),
            kind === 'tutorial' ? UploadMessages.failedTitleTutorial : UploadMessages.failedTitle,
          );
        }
        throw err;
      }
      if (!isPdf(data)) throw notPdf(kind);
      const file = await filesService.store(data, name, request.auth!.user.id);
      return reply.code(201).send({
        file: {
          id: file.id,
          name: file.originalName,
          sizeBytes: file.sizeBytes,
          contentType: file.contentType,
          url: fileUrl(file.id),
          createdAt: file.createdAt.toISOString(),
        },
      });
    },
  );

  app.get(
    '/api/files/:id',
    {
      onRequest: requireSession,
      schema: {
        tags: ['uploads'],
        summary: 'Read an uploaded PDF (admin; or an approved student enrolled in a course whose lesson uses it)',
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const { file, stream, size } = await filesService.openFor(request.auth!.user, request.params.id);
      // Generated thumbnails are files too (the admin may open one here): only a PDF is renamed.
      const name = file.contentType === 'application/pdf' ? pdfDownloadName(file.originalName) : file.originalName;
      return (
        reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', size)
          .header('Content-Disposition', contentDisposition('inline', name))
          // Kept by the browser (it shows the PDF in the page), never by a shared cache: private.
          .header('Cache-Control', 'private, no-cache')
          .header('X-Content-Type-Options', 'nosniff')
          .send(stream)
      );
    },
  );
};
