import multipart from '@fastify/multipart';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseResponseSchema } from '../../../common/courses';
import { ErrorCode } from '../../../common/errors';
import {
  MediaMessages,
  RECORDING_MAX_BYTES,
  speechBodySchema,
  thumbnailCandidatesResponseSchema,
  thumbnailChooseBodySchema,
  thumbnailGenerateBodySchema,
  transcriptionResponseSchema,
} from '../../../common/media-helpers';
import { seedThumbnailSvg } from './demo-thumbnails';
import { AppError, badRequest } from '../../platform/http/errors';
import { requireAdmin, requireApproved } from '../../platform/http/guards';
import type { FilesService } from '../courses';
import type { MediaHelpersService } from './media-helpers.service';

const tags = ['media-helpers'];
const idParams = z.object({ id: z.string() });
const lessonParams = z.object({ lessonId: z.string() });

/**
 * The media helpers' routes: thumbnails for the course editor (the tutor), speech and
 * transcription for the course screen (whoever may study the lesson), and the stored images.
 * Web sources come with the AI tutor's answers (ai-tutor module).
 */
export const mediaHelpersRoutes: FastifyPluginAsyncZod<{ media: MediaHelpersService; files: Pick<FilesService, 'openImage'> }> = async (
  app,
  { media, files },
) => {
  // Only the transcription route takes multipart bodies; the limit is the recording's.
  await app.register(multipart, { limits: { fileSize: RECORDING_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  app.post(
    '/api/admin/courses/:id/thumbnail-candidates',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary:
          'Generate 1 to 4 thumbnail images (numOutputs, default 1) from a prompt with the image model (IMAGE_MODEL, or one of the ' +
          'six alternative models, IMAGE_ALT_MODELS, the provider offers). They are kept for an hour; choose one with PUT .../thumbnail. 503 when not configured.',
        params: idParams,
        body: thumbnailGenerateBodySchema,
        response: { 201: thumbnailCandidatesResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await media.generateThumbnails(request.auth!, request.params.id, request.body)),
  );

  app.get(
    '/api/admin/thumbnail-candidates/:id',
    {
      onRequest: requireAdmin,
      schema: { tags, summary: 'An offered thumbnail image (PNG, JPEG or WebP), while it is on offer', params: idParams },
    },
    async (request, reply) => {
      const candidate = await media.candidate(request.params.id);
      return reply
        .header('Content-Type', candidate.contentType)
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .send(candidate.data);
    },
  );

  app.put(
    '/api/admin/courses/:id/thumbnail',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        summary: "Make an offered image the course's thumbnail: it is stored like an uploaded file and served at /api/images/{id}",
        params: idParams,
        body: thumbnailChooseBodySchema,
        response: { 200: courseResponseSchema },
      },
    },
    async (request) => ({ course: await media.chooseThumbnail(request.params.id, request.body.candidateId, request.auth!.user.id) }),
  );

  app.get(
    '/api/images/:id',
    {
      schema: { tags, summary: "A stored image (a course's generated thumbnail): public, like any picture on a page", params: idParams },
    },
    async (request, reply) => {
      // The demo courses' artwork ships with the code (db/seed-thumbnails.ts); an SVG may run
      // nothing when opened on its own, so it gets a policy that allows only its own styles.
      const art = seedThumbnailSvg(request.params.id);
      if (art)
        return reply
          .header('Content-Type', 'image/svg+xml; charset=utf-8')
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('X-Content-Type-Options', 'nosniff')
          .send(art);
      const { file, stream, size } = await files.openImage(request.params.id);
      return (
        reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', size)
          // A stored image never changes: a new thumbnail is a new id.
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('X-Content-Type-Options', 'nosniff')
          .send(stream)
      );
    },
  );

  app.post(
    '/api/lessons/:lessonId/speech',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary:
          'Read text aloud (TTS_MODEL): the audio of at most 4,000 characters (split longer text). For whoever may study the lesson; ' +
          'counts against the daily budget (not the tutor). 503 when not configured: the browser reads aloud itself.',
        params: lessonParams,
        body: speechBodySchema,
      },
    },
    async (request, reply) => {
      const audio = await media.speak(request.auth!, request.params.lessonId, request.body.text);
      return reply.header('Content-Type', audio.contentType).header('X-Content-Type-Options', 'nosniff').send(audio.data);
    },
  );

  app.post(
    '/api/lessons/:lessonId/transcriptions',
    {
      onRequest: requireApproved,
      schema: {
        tags,
        summary:
          'Transcribe a spoken question (STT_MODEL): multipart/form-data with one part named `audio` (WebM, Ogg, MP4, WAV or MP3, at most ' +
          '5 MB). The words come back for the student to check; nothing is sent to the tutor. 503 when not configured.',
        consumes: ['multipart/form-data'],
        params: lessonParams,
        response: { 200: transcriptionResponseSchema },
      },
    },
    async (request) => {
      await media.checkTranscription(request.auth!, request.params.lessonId);
      if (!request.isMultipart()) throw badRequest(MediaMessages.audioRequired, MediaMessages.failedTitle('transcription'));
      let audio: Buffer | undefined;
      try {
        const part = await request.file();
        audio = part ? await part.toBuffer() : undefined;
      } catch (err) {
        if ((err as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, ErrorCode.payloadTooLarge, MediaMessages.audioTooLarge, MediaMessages.failedTitle('transcription'));
        }
        throw err;
      }
      return { text: await media.transcribe(request.auth!, request.params.lessonId, audio) };
    },
  );
};
