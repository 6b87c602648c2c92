import { count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CalendarMessages } from '../../../common/calendar';
import {
  LessonMessages,
  type Chapter,
  type chapterCalendarBodySchema,
  type CourseEditorResponse,
  type Lesson,
  type lessonCreateBodySchema,
  type lessonUpdateBodySchema,
} from '../../../common/courses';
import { fileUrl } from '../../../common/files';
import { toEmbedUrl } from '../../../common/video';
import type { Db } from '../../platform/db/client';
import { chapters, files, lessons } from '../../platform/db/schema/index';
import { badRequest, notFound } from '../../platform/http/errors';
import { loadCourseEditor } from './courses.service';
import { toChapter, toLesson } from './courses-views';
import { deleteUnusedFiles, fileIdsOfLessons, type FilesService } from './files.service';
import type { Tx } from '../../platform/db/transaction';
import { isUuid, requireId } from '../../platform/http/ids';
import { findLesson, lockCourse, renumber } from './courses.queries';

type LessonInput = z.output<typeof lessonCreateBodySchema>;
type LessonUpdateInput = z.output<typeof lessonUpdateBodySchema>;
type ChapterCalendarInput = z.output<typeof chapterCalendarBodySchema>;

const orderOutOfRange = (max: number) => badRequest(max === 1 ? 'Order must be 1.' : `Order must be between 1 and ${max}.`);

async function chapterOrThrow(tx: Tx, chapterId: string) {
  requireId(chapterId, 'Chapter not found');
  const [row] = await tx.select().from(chapters).where(eq(chapters.id, chapterId));
  if (!row) throw notFound('Chapter not found');
  return row;
}

/** Finds the chapter, locks its course, and reads the chapter again under the lock (it may have gone meanwhile). */
async function lockChapter(tx: Tx, chapterId: string) {
  const first = await chapterOrThrow(tx, chapterId);
  await lockCourse(tx, first.courseId);
  return chapterOrThrow(tx, chapterId);
}

/** Finds the lesson, locks its course, and reads the lesson again under the lock (it may have gone meanwhile). */
async function lockLesson(tx: Tx, lessonId: string) {
  const first = await findLesson(tx, lessonId);
  await lockCourse(tx, first.courseId);
  return findLesson(tx, lessonId);
}

/**
 * Refuses, before anything is written, dates of a chapter that contradict one another: its due date, or that of one
 * of its exercises or quizzes, before the day it opens (the rule is calendar_chapter_dates_conflict, calendar.sql).
 */
async function assertChapterDates(tx: Tx, chapterId: string, releaseAt: Date | null, dueAt: Date | null) {
  const { rows } = await tx.execute<{ conflict: boolean }>(
    sql`select calendar_chapter_dates_conflict(${chapterId}, ${releaseAt?.toISOString() ?? null}::timestamptz, ${dueAt?.toISOString() ?? null}::timestamptz) as conflict`,
  );
  if (rows[0]?.conflict) throw badRequest(CalendarMessages.dueBeforeRelease);
}

const countChapters = async (tx: Tx, courseId: string) =>
  (await tx.select({ n: count() }).from(chapters).where(eq(chapters.courseId, courseId)))[0]?.n ?? 0;
const countLessons = async (tx: Tx, chapterId: string) =>
  (await tx.select({ n: count() }).from(lessons).where(eq(lessons.chapterId, chapterId)))[0]?.n ?? 0;

/**
 * A lesson's columns from the editor's fields: the uploaded files it names must exist (a malformed id is simply not
 * found), and the video address becomes its embeddable one. One reading for adding and editing alike.
 */
async function lessonContent(tx: Tx, input: LessonUpdateInput) {
  const wanted = [input.pdfFileId, input.tutorialFileId].filter((id): id is string => id !== undefined);
  const found = wanted.some(isUuid)
    ? await tx
        .select({ id: files.id, originalName: files.originalName, sizeBytes: files.sizeBytes })
        .from(files)
        .where(inArray(files.id, wanted.filter(isUuid)))
    : [];
  const pdf = (input.pdfFileId ? found.find((f) => f.id === input.pdfFileId) : undefined) ?? null;
  const tutorial = (input.tutorialFileId ? found.find((f) => f.id === input.tutorialFileId) : undefined) ?? null;
  if (input.pdfFileId && !pdf) throw badRequest(LessonMessages.pdfFileNotFound);
  if (input.tutorialFileId && !tutorial) throw badRequest(LessonMessages.tutorialFileNotFound);
  const video = input.videoUrl ? toEmbedUrl(input.videoUrl) : undefined;
  if (video && !video.ok) throw badRequest(video.message);
  return {
    pdf,
    tutorial,
    columns: {
      title: input.title,
      lessonType: input.lessonType,
      videoUrl: video?.url ?? null,
      pdfUrl: pdf ? fileUrl(pdf.id) : (input.pdfUrl ?? null),
      pdfFileId: pdf?.id ?? null,
      tutorialPdfUrl: tutorial ? fileUrl(tutorial.id) : (input.tutorialPdfUrl ?? null),
      tutorialFileId: tutorial?.id ?? null,
      summary: input.summary,
    },
  };
}

export function createCoursesContentService({ db, filesService }: { db: Db; filesService: FilesService }) {
  return {
    async addChapter(courseId: string, title: string): Promise<Chapter> {
      return db.transaction(async (tx) => {
        await lockCourse(tx, courseId);
        const position = (await countChapters(tx, courseId)) + 1;
        const [row] = await tx.insert(chapters).values({ courseId, title, position }).returning();
        return toChapter(row!);
      });
    },

    async renameChapter(chapterId: string, title: string): Promise<Chapter> {
      requireId(chapterId, 'Chapter not found');
      const [row] = await db.update(chapters).set({ title, updatedAt: new Date() }).where(eq(chapters.id, chapterId)).returning();
      if (!row) throw notFound('Chapter not found');
      return toChapter(row);
    },

    /**
     * The chapter's 'Release' and 'Due Date', replaced together. The body has been checked on its own (one way of
     * release, the days in range, the due date after the release date); here the chapter's exercises and quizzes
     * with due dates of their own are checked against the new release date, under the course's lock.
     */
    async setChapterCalendar(chapterId: string, input: ChapterCalendarInput): Promise<Chapter> {
      return db.transaction(async (tx) => {
        await lockChapter(tx, chapterId);
        const releaseAt = input.releaseAt === null ? null : new Date(input.releaseAt);
        const dueAt = input.dueAt === null ? null : new Date(input.dueAt);
        await assertChapterDates(tx, chapterId, releaseAt, dueAt);
        const [row] = await tx
          .update(chapters)
          .set({ releaseAt, releaseAfterDays: input.releaseAfterDays, dueAt, updatedAt: new Date() })
          .where(eq(chapters.id, chapterId))
          .returning();
        return toChapter(row!);
      });
    },

    /** Deletes the chapter with its lessons (their progress and unused files too) and renumbers the rest. */
    async deleteChapter(chapterId: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        const chapter = await lockChapter(tx, chapterId);
        const fileIds = await fileIdsOfLessons(tx, eq(lessons.chapterId, chapterId));
        await tx.delete(chapters).where(eq(chapters.id, chapterId));
        await renumber(tx, 'chapters', chapter.courseId);
        return deleteUnusedFiles(tx, fileIds);
      });
      await filesService.removeBlobs(keys);
    },

    async moveChapter(chapterId: string, order: number): Promise<CourseEditorResponse> {
      const courseId = await db.transaction(async (tx) => {
        const chapter = await lockChapter(tx, chapterId);
        const n = await countChapters(tx, chapter.courseId);
        if (order > n) throw orderOutOfRange(n);
        if (order !== chapter.position) {
          await tx.update(chapters).set({ position: order, updatedAt: new Date() }).where(eq(chapters.id, chapterId));
          await renumber(tx, 'chapters', chapter.courseId, { id: chapterId, first: order < chapter.position });
        }
        return chapter.courseId;
      });
      return loadCourseEditor(db, courseId);
    },

    async addLesson(chapterId: string, input: LessonInput): Promise<Lesson> {
      return db.transaction(async (tx) => {
        const chapter = await lockChapter(tx, chapterId);
        const content = await lessonContent(tx, input);
        const n = await countLessons(tx, chapterId);
        const position = input.order ?? n + 1;
        if (position > n + 1) throw orderOutOfRange(n + 1);
        const [row] = await tx
          .insert(lessons)
          .values({ chapterId: chapter.id, ...content.columns, position })
          .returning();
        if (position <= n) await renumber(tx, 'lessons', chapterId, { id: row!.id, first: true });
        const [fresh] = await tx.select().from(lessons).where(eq(lessons.id, row!.id));
        return toLesson(fresh!, content.pdf, content.tutorial);
      });
    },

    /**
     * 'Edit Lesson': the lesson's content replaced in place, checked as when it was added. Its id, place, exercises,
     * quiz and every student's progress stay; a PDF it no longer uses is deleted when nothing else uses it.
     */
    async updateLesson(lessonId: string, input: LessonUpdateInput): Promise<Lesson> {
      const { lesson, keys } = await db.transaction(async (tx) => {
        const { lesson: before } = await lockLesson(tx, lessonId);
        const content = await lessonContent(tx, input);
        const [row] = await tx
          .update(lessons)
          .set({ ...content.columns, updatedAt: new Date() })
          .where(eq(lessons.id, lessonId))
          .returning();
        const dropped = [before.pdfFileId, before.tutorialFileId].filter(
          (id): id is string => id !== null && id !== row!.pdfFileId && id !== row!.tutorialFileId,
        );
        return { lesson: toLesson(row!, content.pdf, content.tutorial), keys: await deleteUnusedFiles(tx, dropped) };
      });
      await filesService.removeBlobs(keys);
      return lesson;
    },

    /** Deletes the lesson (its progress and unused files too) and renumbers the chapter's lessons. */
    async deleteLesson(lessonId: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        const { lesson } = await lockLesson(tx, lessonId);
        const fileIds = [lesson.pdfFileId, lesson.tutorialFileId].filter((id): id is string => id !== null);
        await tx.delete(lessons).where(eq(lessons.id, lessonId));
        await renumber(tx, 'lessons', lesson.chapterId);
        return deleteUnusedFiles(tx, fileIds);
      });
      await filesService.removeBlobs(keys);
    },

    /** Moves a lesson to a place in its chapter, or into another chapter of the same course; both renumber 1..n. */
    async moveLesson(lessonId: string, order: number, targetChapterId?: string): Promise<CourseEditorResponse> {
      const courseId = await db.transaction(async (tx) => {
        const { lesson, courseId } = await lockLesson(tx, lessonId);
        const targetId = targetChapterId ?? lesson.chapterId;
        if (targetId === lesson.chapterId) {
          const n = await countLessons(tx, lesson.chapterId);
          if (order > n) throw orderOutOfRange(n);
          if (order !== lesson.position) {
            await tx.update(lessons).set({ position: order, updatedAt: new Date() }).where(eq(lessons.id, lessonId));
            await renumber(tx, 'lessons', lesson.chapterId, { id: lessonId, first: order < lesson.position });
          }
          return courseId;
        }
        const target = await chapterOrThrow(tx, targetId);
        if (target.courseId !== courseId) throw badRequest('A lesson can only move to a chapter of the same course.');
        const m = await countLessons(tx, target.id);
        if (order > m + 1) throw orderOutOfRange(m + 1);
        await tx.update(lessons).set({ chapterId: target.id, position: order, updatedAt: new Date() }).where(eq(lessons.id, lessonId));
        await renumber(tx, 'lessons', target.id, { id: lessonId, first: true });
        await renumber(tx, 'lessons', lesson.chapterId);
        // The lesson's exercises and quiz bring their due dates into a chapter that may open later.
        await assertChapterDates(tx, target.id, target.releaseAt, target.dueAt);
        return courseId;
      });
      return loadCourseEditor(db, courseId);
    },
  };
}
export type CoursesContentService = ReturnType<typeof createCoursesContentService>;
