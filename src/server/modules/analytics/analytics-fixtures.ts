import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/support/test-app';
import type { AnalyticsRange, AnalyticsResponse, LearningEventType } from '../../../common/analytics';
import type { Db } from '../../db/client';
import { ADMIN, createUser, seedCourse } from '../../test-helpers/workspace-fixtures';

/** Test helpers for analytics: an empty platform on a fixed clock, and rows written with exact timestamps. */

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

export type AnalyticsTestApp = TestContext & {
  clock: Date;
  admin: string;
  /** A time `ms` before the clock. */
  ago: (ms: number) => Date;
  analytics: (range?: AnalyticsRange) => Promise<AnalyticsResponse>;
};

/** A fresh database with only the administrator (the demo courses and test students removed). */
export async function analyticsApp(clock = new Date('2026-03-10T12:00:00Z')): Promise<AnalyticsTestApp> {
  const t = await createTestApp({ now: () => clock });
  await t.db.execute(sql`delete from courses`);
  await t.db.execute(sql`delete from users where role = 'student'`);
  const admin = await t.signIn(ADMIN);
  return {
    ...t,
    clock,
    admin,
    ago: (ms: number) => new Date(clock.getTime() - ms),
    async analytics(range?: AnalyticsRange) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/analytics${range ? `?range=${range}` : ''}`,
        headers: { cookie: admin },
      });
      if (res.statusCode !== 200) throw new Error(`analytics answered ${res.statusCode}: ${res.body}`);
      return res.json() as AnalyticsResponse;
    },
  };
}

export async function student(db: Db, lastName: string, values: { approvalStatus?: 'pending' | 'approved' | 'rejected' } = {}) {
  const email = `${lastName.toLowerCase().replace(/[^a-z0-9]/g, '')}-${crypto.randomBytes(3).toString('hex')}@example.com`;
  const u = await createUser(db, email, { firstName: 'Test', lastName, ...values });
  return u.id;
}

/** A published course of `lessons` lessons per chapter (type VIDEO unless given). */
export async function course(
  db: Db,
  title: string,
  chaptersLessons: number[],
  opts: { isPublished?: boolean; types?: ('VIDEO' | 'PDF' | 'MIXED')[] } = {},
) {
  let n = 0;
  const c = await seedCourse(db, {
    title,
    isPublished: opts.isPublished ?? true,
    chapters: chaptersLessons.map((count, ci) => ({
      title: `${title} chapter ${ci + 1}`,
      lessons: Array.from({ length: count }, (_, li) => ({
        title: `${title} ${ci + 1}.${li + 1}`,
        type: opts.types?.[n++ % opts.types.length] ?? 'VIDEO',
      })),
    })),
  });
  return { id: c.course.id, chapterIds: c.chapterIds, lessons: c.lessonIds.flat(), byChapter: c.lessonIds };
}

export async function enrollAt(db: Db, studentId: string, courseId: string, at: Date) {
  await db.execute(sql`
    insert into enrollments (student_id, course_id, enrolled_at, created_at, updated_at)
    values (${studentId}, ${courseId}, ${at.toISOString()}, ${at.toISOString()}, ${at.toISOString()})`);
}

/** A completed lesson: started at `startedAt` (default: the completion time), completed at `at`. */
export async function completedAt(db: Db, studentId: string, lessonId: string, at: Date, startedAt: Date = at) {
  await db.execute(sql`
    insert into lesson_progress (student_id, lesson_id, status, completed_at, created_at, updated_at)
    values (${studentId}, ${lessonId}, 'completed', ${at.toISOString()}, ${startedAt.toISOString()}, ${at.toISOString()})`);
}

export async function inProgressAt(db: Db, studentId: string, lessonId: string, at: Date) {
  await db.execute(sql`
    insert into lesson_progress (student_id, lesson_id, status, created_at, updated_at)
    values (${studentId}, ${lessonId}, 'in_progress', ${at.toISOString()}, ${at.toISOString()})`);
}

/** An event written straight into the table (the API would clamp its time to the last 7 days). */
export async function eventAt(db: Db, studentId: string, lessonId: string, type: LearningEventType, at: Date, seconds?: number) {
  await db.execute(sql`
    insert into learning_events (student_id, lesson_id, type, seconds, occurred_at)
    values (${studentId}, ${lessonId}, ${type}, ${seconds ?? null}, ${at.toISOString()})`);
}

/** A tutor conversation of `userId` about a lesson with `questions` questions (each answered), at `at`. */
export async function tutorChat(db: Db, userId: string, lessonId: string, courseId: string, at: Date, questions: number) {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into tutor_conversations (user_id, lesson_id, course_id, created_at, updated_at)
    values (${userId}, ${lessonId}, ${courseId}, ${at.toISOString()}, ${at.toISOString()}) returning id`);
  for (let i = 0; i < questions; i++) {
    await db.execute(sql`
      insert into tutor_messages (conversation_id, role, content, created_at)
      values (${rows[0]!.id}, 'user', ${`Question ${i + 1}`}, ${at.toISOString()}),
             (${rows[0]!.id}, 'assistant', ${`Answer ${i + 1}`}, ${at.toISOString()})`);
  }
}
