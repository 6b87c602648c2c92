import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  CHAPTER_PREVIEW_MAX,
  type CourseEditorResponse,
  type CourseListResponse,
  type courseCreateBodySchema,
  type courseUpdateBodySchema,
} from '../../../common/courses';
import { CalendarMessages } from '../../../common/calendar';
import { storedImageId } from '../../../common/media-helpers-texts';
import type { Db } from '../../platform/db/client';
import { chapters, courses, enrollments, files, lessons } from '../../platform/db/schema/index';
import { badRequest, notFound } from '../../platform/http/errors';
import { deleteUnusedFiles, fileIdsOfLessons, type FilesService } from './files.service';
import type { Queryable } from '../../platform/db/transaction';
import { requireId } from '../../platform/http/ids';
import { lockCourse } from './courses.queries';
import { toChapter, toCourse, toLesson } from './courses-views';

type CreateInput = z.output<typeof courseCreateBodySchema>;
type UpdateInput = z.output<typeof courseUpdateBodySchema>;

const pdfFile = alias(files, 'pdf_file');
const tutorialFile = alias(files, 'tutorial_file');

/** The whole editor tree of one course: details, chapters in order, lessons in order with their files. */
export async function loadCourseEditor(q: Queryable, courseId: string): Promise<CourseEditorResponse> {
  requireId(courseId, 'Course not found');
  const [course] = await q.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('Course not found');
  const [enrolled] = await q.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, courseId));
  const chapterRows = await q.select().from(chapters).where(eq(chapters.courseId, courseId)).orderBy(asc(chapters.position));
  const lessonRows = await q
    .select({
      lesson: lessons,
      pdf: { id: pdfFile.id, originalName: pdfFile.originalName, sizeBytes: pdfFile.sizeBytes },
      tutorial: { id: tutorialFile.id, originalName: tutorialFile.originalName, sizeBytes: tutorialFile.sizeBytes },
      exerciseCount: sql<number>`(select count(*) from exercises x where x.lesson_id = ${lessons.id})::int`,
      hasQuiz: sql<boolean>`exists (select 1 from quizzes q where q.lesson_id = ${lessons.id})`,
    })
    .from(lessons)
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .leftJoin(pdfFile, eq(pdfFile.id, lessons.pdfFileId))
    .leftJoin(tutorialFile, eq(tutorialFile.id, lessons.tutorialFileId))
    .where(eq(chapters.courseId, courseId))
    .orderBy(asc(chapters.position), asc(lessons.position));
  return {
    course: { ...toCourse(course), enrollmentCount: enrolled?.n ?? 0 },
    chapters: chapterRows.map((ch) => ({
      ...toChapter(ch),
      lessons: lessonRows
        .filter((r) => r.lesson.chapterId === ch.id)
        .map((r) => toLesson(r.lesson, r.pdf, r.tutorial, r.exerciseCount, r.hasQuiz)),
    })),
  };
}

export function createCoursesService({ db, filesService }: { db: Db; filesService: FilesService }) {
  return {
    async list(): Promise<CourseListResponse> {
      const rows = await db
        // Subqueries name the outer table literally: Drizzle leaves columns unqualified in a one-table select.
        .select({
          course: courses,
          chapterCount: sql<number>`(select count(*) from chapters ch where ch.course_id = courses.id)::int`,
          lessonCount: sql<number>`(select count(*) from lessons l join chapters ch on ch.id = l.chapter_id where ch.course_id = courses.id)::int`,
          studentCount: sql<number>`(select count(*) from enrollments e where e.course_id = courses.id)::int`,
        })
        .from(courses)
        .orderBy(desc(courses.createdAt), asc(courses.title), asc(courses.id));
      const previews = await db.execute<{ id: string; course_id: string; title: string; position: number; lesson_count: number }>(sql`
        select id, course_id, title, position, lesson_count from (
          select ch.id, ch.course_id, ch.title, ch.position,
                 (select count(*) from lessons l where l.chapter_id = ch.id)::int as lesson_count,
                 row_number() over (partition by ch.course_id order by ch.position, ch.id) as rn
          from chapters ch) x
        where rn <= ${CHAPTER_PREVIEW_MAX}
        order by course_id, position`);
      const [enrolled] = await db.select({ n: count() }).from(enrollments);
      const published = rows.filter((r) => r.course.isPublished).length;
      return {
        stats: { totalCourses: rows.length, published, drafts: rows.length - published, totalEnrollments: enrolled?.n ?? 0 },
        courses: rows.map((r) => ({
          ...toCourse(r.course),
          chapterCount: r.chapterCount,
          lessonCount: r.lessonCount,
          studentCount: r.studentCount,
          chapterPreview: previews.rows
            .filter((p) => p.course_id === r.course.id)
            .map((p) => ({ id: p.id, title: p.title, order: p.position, lessonCount: p.lesson_count })),
          moreChapterCount: Math.max(0, r.chapterCount - CHAPTER_PREVIEW_MAX),
        })),
      };
    },

    editor: (courseId: string) => loadCourseEditor(db, courseId),

    async create(input: CreateInput) {
      const [row] = await db
        .insert(courses)
        .values({ title: input.title, description: input.description, thumbnailUrl: input.thumbnailUrl ?? null, isPublished: false })
        .returning();
      return toCourse(row!);
    },

    async update(courseId: string, input: UpdateInput) {
      requireId(courseId, 'Course not found');
      const { before, row } = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ thumbnailUrl: courses.thumbnailUrl, exercisesWeight: courses.exercisesWeight, quizzesWeight: courses.quizzesWeight })
          .from(courses)
          .where(eq(courses.id, courseId))
          .for('update');
        if (!before) throw notFound('Course not found');
        // One weight may come alone: the two, as they will be, cannot both be 0.
        if ((input.exercisesWeight ?? before.exercisesWeight) === 0 && (input.quizzesWeight ?? before.quizzesWeight) === 0)
          throw badRequest(CalendarMessages.weightInvalid);
        const [row] = await tx
          .update(courses)
          .set({
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.thumbnailUrl !== undefined ? { thumbnailUrl: input.thumbnailUrl } : {}),
            ...(input.lessonsInOrder !== undefined ? { lessonsInOrder: input.lessonsInOrder } : {}),
            ...(input.videoWatchShare !== undefined ? { videoWatchShare: input.videoWatchShare } : {}),
            ...(input.latePolicy !== undefined ? { latePolicy: input.latePolicy } : {}),
            ...(input.latePenaltyPerDay !== undefined ? { latePenaltyPerDay: input.latePenaltyPerDay } : {}),
            ...(input.latePenaltyCap !== undefined ? { latePenaltyCap: input.latePenaltyCap } : {}),
            ...(input.hiddenTestsAfterDue !== undefined ? { hiddenTestsAfterDue: input.hiddenTestsAfterDue } : {}),
            ...(input.exercisesWeight !== undefined ? { exercisesWeight: input.exercisesWeight } : {}),
            ...(input.quizzesWeight !== undefined ? { quizzesWeight: input.quizzesWeight } : {}),
            updatedAt: new Date(),
          })
          .where(eq(courses.id, courseId))
          .returning();
        return { before, row: row! };
      });
      // A generated thumbnail the course no longer shows is removed.
      const replaced = storedImageId(before?.thumbnailUrl);
      if (replaced && before?.thumbnailUrl !== row.thumbnailUrl) await filesService.releaseImages([replaced]);
      return toCourse(row);
    },

    async setPublished(courseId: string, isPublished: boolean) {
      requireId(courseId, 'Course not found');
      const [row] = await db.update(courses).set({ isPublished, updatedAt: new Date() }).where(eq(courses.id, courseId)).returning();
      if (!row) throw notFound('Course not found');
      return toCourse(row);
    },

    /**
     * One transaction removes the course with its chapters, lessons, enrollments and progress
     * (foreign keys cascade) and the rows of the files its lessons used; the files' bytes are
     * removed from storage once that has committed.
     */
    async remove(courseId: string): Promise<void> {
      const { keys, thumbnail } = await db.transaction(async (tx) => {
        await lockCourse(tx, courseId);
        const fileIds = await fileIdsOfLessons(tx, eq(chapters.courseId, courseId));
        const [deleted] = await tx.delete(courses).where(eq(courses.id, courseId)).returning({ thumbnailUrl: courses.thumbnailUrl });
        return { keys: await deleteUnusedFiles(tx, fileIds), thumbnail: storedImageId(deleted?.thumbnailUrl) };
      });
      await filesService.removeBlobs(keys);
      if (thumbnail) await filesService.releaseImages([thumbnail]);
    },
  };
}
export type CoursesService = ReturnType<typeof createCoursesService>;
