import crypto from 'node:crypto';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { BulkMessages, type BulkRowResult, type BulkUploadResponse } from '../../../common/courses-bulk-upload';
import type { Db } from '../../platform/db/client';
import { chapters, lessons } from '../../platform/db/schema/index';
import { requireId } from '../../platform/http/ids';
import { lockCourse } from './courses.queries';
import { parseBulkData } from './courses-bulk-parse';

const chapterKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();
const INSERT_CHUNK = 500;

/**
 * Bulk upload (docs/decisions/005): every row is checked before anything is written; a bad row
 * fails alone and is reported, the good rows are written in one transaction under the course
 * lock. Chapters are matched case-insensitively or created once, only for rows that are written.
 */
export function createCoursesBulkUploadService({ db }: { db: Db }) {
  return {
    async upload(courseId: string, data: string): Promise<BulkUploadResponse> {
      requireId(courseId, 'Course not found');
      const parsed = parseBulkData(data);
      return db.transaction(async (tx) => {
        await lockCourse(tx, courseId);
        const existing = await tx.select().from(chapters).where(eq(chapters.courseId, courseId)).orderBy(asc(chapters.position));
        const lessonCounts = existing.length
          ? await tx
              .select({ chapterId: lessons.chapterId, n: count() })
              .from(lessons)
              .where(
                inArray(
                  lessons.chapterId,
                  existing.map((c) => c.id),
                ),
              )
              .groupBy(lessons.chapterId)
          : [];
        const known = new Map<string, { id: string; title: string; lastPosition: number }>();
        for (const c of existing) {
          const key = chapterKey(c.title);
          if (!known.has(key))
            known.set(key, { id: c.id, title: c.title, lastPosition: lessonCounts.find((l) => l.chapterId === c.id)?.n ?? 0 });
        }

        let nextChapterPosition = existing.length + 1;
        const newChapters: (typeof chapters.$inferInsert)[] = [];
        const newLessons: (typeof lessons.$inferInsert)[] = [];
        const results: BulkRowResult[] = [];
        for (const r of parsed) {
          if (!r.ok) {
            results.push({ row: r.row, chapter: r.chapter, lesson: r.lesson, status: 'error', message: r.message, lessonId: null });
            continue;
          }
          const key = chapterKey(r.value.chapter);
          let chapter = known.get(key);
          if (!chapter) {
            chapter = { id: crypto.randomUUID(), title: r.value.chapter, lastPosition: 0 };
            newChapters.push({ id: chapter.id, courseId, title: chapter.title, position: nextChapterPosition++ });
            known.set(key, chapter);
          }
          chapter.lastPosition += 1;
          const id = crypto.randomUUID();
          newLessons.push({
            id,
            chapterId: chapter.id,
            title: r.value.lesson,
            lessonType: r.value.lessonType,
            videoUrl: r.value.videoUrl,
            pdfUrl: r.value.pdfUrl,
            tutorialPdfUrl: r.value.tutorialPdfUrl,
            summary: r.value.summary,
            position: chapter.lastPosition,
          });
          results.push({
            row: r.row,
            chapter: r.chapter,
            lesson: r.lesson,
            status: 'success',
            message: BulkMessages.created(chapter.title, chapter.lastPosition),
            lessonId: id,
          });
        }
        if (newChapters.length) await tx.insert(chapters).values(newChapters);
        for (let i = 0; i < newLessons.length; i += INSERT_CHUNK) {
          await tx.insert(lessons).values(newLessons.slice(i, i + INSERT_CHUNK));
        }
        const successCount = results.filter((r) => r.status === 'success').length;
        return { results, successCount, errorCount: results.length - successCount, chaptersCreated: newChapters.length };
      });
    },
  };
}
export type CoursesBulkUploadService = ReturnType<typeof createCoursesBulkUploadService>;
