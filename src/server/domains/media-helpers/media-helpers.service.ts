import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode } from '../../../common/errors';
import type { Course } from '../../../common/courses';
import type { thumbnailGenerateBodySchema, ThumbnailCandidatesResponse } from '../../../common/media-helpers';
import {
  imagePath,
  MediaMessages,
  RECORDING_MAX_BYTES,
  storedImageId,
  THUMBNAIL_CANDIDATE_TTL_MS,
  type MediaHelper,
} from '../../../common/media-helpers-texts';
import type { Db } from '../../platform/db/client';
import { courses, files, thumbnailCandidates } from '../../platform/db/schema/index';
import { AppError, badRequest, notFound, tooManyRequests } from '../../platform/http/errors';
import { ProviderError, providerAppError } from '../../platform/ai/media/provider-error';
import type { ImageProvider, MediaBytes, SpeechProvider, TranscriptionProvider } from '../../platform/ai/media/providers';
import { sniffAudio } from '../../platform/ai/media/sniff';
import type { ActiveSession } from '../../platform/http/guards';
import { toCourse, type FilesService, lockCourse } from '../courses';
import type { LearningService } from '../learning';
import { isUuid, requireId } from '../../platform/http/ids';
import type { UsageBudget } from './media-helpers-budget.service';

type GenerateInput = z.output<typeof thumbnailGenerateBodySchema>;

export type MediaServiceDeps = {
  db: Db;
  fileStore: Pick<FilesService, 'putImage' | 'removeBlobs' | 'releaseImages'>;
  learning: Pick<LearningService, 'checkLesson'>;
  budget: UsageBudget;
  image: ImageProvider | null;
  speech: SpeechProvider | null;
  transcription: TranscriptionProvider | null;
  /** Each helper's daily limit (images for the tutor; the others per student, the tutor unlimited). */
  limits: Record<'image' | 'speech' | 'transcription', number>;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
};

export const notConfigured = (helper: MediaHelper) =>
  new AppError(503, ErrorCode.unavailable, MediaMessages.notConfigured(helper), MediaMessages.unavailableTitle);
const budgetSpent = (message: string) => {
  const err = tooManyRequests(message);
  return new AppError(err.statusCode, err.code, message, MediaMessages.budgetTitle);
};
const candidateUrl = (id: string) => `/api/admin/thumbnail-candidates/${id}`;

/**
 * The media helpers behind the course editor and the course screen: thumbnails from the
 * image model, lesson text read aloud, spoken questions transcribed. Each refuses with 503 when
 * not configured, keeps its daily budget, and turns a provider's failure into the API's error message.
 */
export function createMediaHelpersService(deps: MediaServiceDeps) {
  const { db, fileStore, learning, budget, now, log } = deps;

  /** The students' helpers: the tutor is not limited (as with the AI tutor), students have the daily limit. */
  async function spendForStudent(auth: ActiveSession, helper: 'speech' | 'transcription') {
    const limit = deps.limits[helper];
    const spent = await budget.spend(auth.user.id, helper, 1, auth.user.role === 'admin' ? null : limit);
    if (!spent.ok) throw budgetSpent(MediaMessages.budgetSpent(helper, limit));
  }

  async function call<T>(helper: MediaHelper, fn: () => Promise<T>, context: object): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.warn({ err, ...context }, `media helper failed: ${helper}`);
      throw providerAppError(err);
    }
  }

  const expiredBefore = () => new Date(now().getTime() - THUMBNAIL_CANDIDATE_TTL_MS);

  return {
    /**
     * 1 to 4 images for the prompt, offered for the tutor to choose from. The images asked for
     * count against the day's budget before the provider is called; if every one fails, the
     * first failure is the answer.
     */
    async generateThumbnails(auth: ActiveSession, courseId: string, input: GenerateInput): Promise<ThumbnailCandidatesResponse> {
      requireId(courseId, 'Course not found');
      const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
      if (!course) throw notFound('Course not found');
      const image = deps.image;
      if (!image) throw notConfigured('image');
      const model = input.model === undefined ? undefined : image.altModel(input.model);
      if (input.model !== undefined && model === undefined)
        throw badRequest(MediaMessages.modelNotOffered(input.model), MediaMessages.failedTitle('image'));

      const limit = deps.limits.image;
      const spent = await budget.spend(auth.user.id, 'image', input.numOutputs, limit);
      if (!spent.ok) {
        throw budgetSpent(
          spent.budget.remaining > 0 ? MediaMessages.imagesLeft(spent.budget.remaining) : MediaMessages.budgetSpent('image', limit),
        );
      }
      // Offers nobody chose within the hour are dropped here, by whichever generation comes next.
      await db.delete(thumbnailCandidates).where(lt(thumbnailCandidates.createdAt, expiredBefore()));

      const results = await Promise.allSettled(Array.from({ length: input.numOutputs }, () => image.generate(input.prompt, { model })));
      const made = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      for (const err of failures) log.warn({ err, courseId }, 'an image could not be generated');
      if (!made.length) {
        const first = failures[0];
        throw first instanceof ProviderError ? providerAppError(first) : first;
      }
      const at = now();
      const rows = await db
        .insert(thumbnailCandidates)
        .values(
          made.map((m, i) => ({
            courseId,
            createdBy: auth.user.id,
            prompt: input.prompt,
            contentType: m.contentType,
            sizeBytes: m.data.length,
            data: m.data,
            // Distinct times keep the offers in the order they were made.
            createdAt: new Date(at.getTime() + i),
          })),
        )
        .returning({ id: thumbnailCandidates.id, contentType: thumbnailCandidates.contentType, sizeBytes: thumbnailCandidates.sizeBytes });
      return {
        candidates: rows.map((r) => ({ ...r, url: candidateUrl(r.id) })),
        failed: failures.length,
        budget: spent.budget,
      };
    },

    /** An offered image's bytes, while it is on offer. */
    async candidate(candidateId: string) {
      if (!isUuid(candidateId)) throw notFound(MediaMessages.candidateGone);
      const [row] = await db
        .select()
        .from(thumbnailCandidates)
        .where(and(eq(thumbnailCandidates.id, candidateId), gt(thumbnailCandidates.createdAt, expiredBefore())));
      if (!row) throw notFound(MediaMessages.candidateGone);
      return row;
    },

    /**
     * The chosen offer becomes the course's thumbnail: its bytes go to file storage (like an
     * uploaded file), the course points at /api/images/{id}, the course's other offers are dropped,
     * and a generated thumbnail the course showed before is removed.
     */
    async chooseThumbnail(courseId: string, candidateId: string, chosenBy: string): Promise<Course> {
      requireId(courseId, 'Course not found');
      const [candidate] = await db
        .select()
        .from(thumbnailCandidates)
        .where(
          and(
            eq(thumbnailCandidates.id, candidateId),
            eq(thumbnailCandidates.courseId, courseId),
            gt(thumbnailCandidates.createdAt, expiredBefore()),
          ),
        );
      if (!candidate) {
        const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
        throw notFound(course ? MediaMessages.candidateGone : 'Course not found');
      }
      const extension = candidate.contentType === 'image/jpeg' ? 'jpg' : candidate.contentType.slice('image/'.length);
      const key = await fileStore.putImage(candidate.data, extension);
      let result: { course: Course; previous: string | null };
      try {
        result = await db.transaction(async (tx) => {
          await lockCourse(tx, courseId);
          const [before] = await tx.select({ thumbnailUrl: courses.thumbnailUrl }).from(courses).where(eq(courses.id, courseId));
          const [file] = await tx
            .insert(files)
            .values({
              storageKey: key,
              originalName: `thumbnail.${extension}`,
              contentType: candidate.contentType,
              sizeBytes: candidate.sizeBytes,
              sha256: crypto.createHash('sha256').update(candidate.data).digest('hex'),
              // Not a PDF: there is no text to extract, and never will be.
              extractedText: '',
              textExtractedAt: now(),
              uploadedBy: chosenBy,
            })
            .returning({ id: files.id });
          const [row] = await tx
            .update(courses)
            .set({ thumbnailUrl: imagePath(file!.id), updatedAt: now() })
            .where(eq(courses.id, courseId))
            .returning();
          await tx.delete(thumbnailCandidates).where(eq(thumbnailCandidates.courseId, courseId));
          return { course: toCourse(row!), previous: before?.thumbnailUrl ?? null };
        });
      } catch (err) {
        await fileStore.removeBlobs([key]);
        throw err;
      }
      const replaced = storedImageId(result.previous);
      if (replaced) await fileStore.releaseImages([replaced]);
      return result.course;
    },

    /** Lesson text (a piece of at most SPEECH_TEXT_MAX characters) as audio, for a user who may study the lesson. */
    async speak(auth: ActiveSession, lessonId: string, text: string): Promise<MediaBytes> {
      await learning.checkLesson(auth, lessonId);
      const speech = deps.speech;
      if (!speech) throw notConfigured('speech');
      await spendForStudent(auth, 'speech');
      return call('speech', () => speech.speak(text), { lessonId });
    },

    /** Access and configuration, checked before the recording is even read. */
    async checkTranscription(auth: ActiveSession, lessonId: string): Promise<void> {
      await learning.checkLesson(auth, lessonId);
      if (!deps.transcription) throw notConfigured('transcription');
    },

    /** A spoken question's words (audio required, in an audio format, at most RECORDING_MAX_BYTES). */
    async transcribe(auth: ActiveSession, lessonId: string, audio: Buffer | undefined): Promise<string> {
      const transcription = deps.transcription;
      if (!transcription) throw notConfigured('transcription');
      if (!audio || audio.length === 0) throw badRequest(MediaMessages.audioRequired, MediaMessages.failedTitle('transcription'));
      if (audio.length > RECORDING_MAX_BYTES) {
        throw new AppError(413, ErrorCode.payloadTooLarge, MediaMessages.audioTooLarge, MediaMessages.failedTitle('transcription'));
      }
      const kind = sniffAudio(audio);
      if (!kind) throw badRequest(MediaMessages.audioNotAudio, MediaMessages.failedTitle('transcription'));
      await spendForStudent(auth, 'transcription');
      const text = await call('transcription', () => transcription.transcribe({ data: audio, ...kind }), { lessonId });
      if (!text) throw new AppError(422, ErrorCode.validation, MediaMessages.nothingHeard, MediaMessages.failedTitle('transcription'));
      return text;
    },
  };
}
export type MediaHelpersService = ReturnType<typeof createMediaHelpersService>;
