import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../../common/errors';
import {
  courseStatus,
  LearningMessages,
  progressPercent,
  type DashboardCourse,
  type DashboardResponse,
  type LearnResponse,
  type LessonStatus,
  type ProgressBody,
  type ProgressResponse,
} from '../../../common/learning';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { ActiveSession } from '../auth/sessions.service';

const DAY = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const notEnrolled = () => new AppError(403, ErrorCode.notEnrolled, LearningMessages.notEnrolled, 'Access Denied');
/** A stable number from a string (the preview's simulated values). */
const hashInt = (s: string) => crypto.createHash('sha256').update(s).digest().readUInt32BE(0);
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The admin never has their own progress: every student-side read of an admin is a preview. */
export const isPreview = (auth: ActiveSession) => auth.user.role === 'admin';

/** Consecutive UTC days with a completion, ending today or yesterday (0 otherwise). */
export function streakDays(days: Iterable<string>, now: Date): number {
  const set = new Set(days);
  let cursor = new Date(now.getTime());
  if (!set.has(utcDay(cursor))) cursor = new Date(cursor.getTime() - DAY);
  let n = 0;
  while (set.has(utcDay(cursor))) {
    n++;
    cursor = new Date(cursor.getTime() - DAY);
  }
  return n;
}

/** In-progress first, then the most recent activity (last progress write, else the enrolment). */
export function orderCourses(list: DashboardCourse[]): DashboardCourse[] {
  const at = (c: DashboardCourse) => new Date(c.lastActivityAt ?? c.enrolledAt).getTime();
  return [...list].sort((a, b) => Number(b.status === 'in_progress') - Number(a.status === 'in_progress') || at(b) - at(a));
}

type Executor = Pick<Db, 'execute'>;

async function courseCounts(db: Executor, studentId: string, courseId: string) {
  const { rows } = await db.execute<{ total: number; completed: number }>(sql`
    select count(l.id)::int as total,
           count(lp.id) filter (where lp.status = 'completed')::int as completed
    from chapters ch
    join lessons l on l.chapter_id = ch.id
    left join lesson_progress lp on lp.lesson_id = l.id and lp.student_id = ${studentId}
    where ch.course_id = ${courseId}`);
  return { total: rows[0]?.total ?? 0, completed: rows[0]?.completed ?? 0 };
}

export function createLearningService({ db, now }: { db: Db; now: () => Date }) {
  async function studentDashboard(studentId: string): Promise<DashboardResponse> {
    const at = now();
    const [{ rows }, insights] = await Promise.all([
      db.execute<{
        id: string;
        title: string;
        description: string;
        thumbnail_url: string | null;
        enrolled_at: Date | string;
        total: number;
        completed: number;
        last_activity_at: Date | string | null;
      }>(sql`
        select c.id, c.title, c.description, c.thumbnail_url, e.enrolled_at,
               count(l.id)::int as total,
               count(lp.id) filter (where lp.status = 'completed')::int as completed,
               max(greatest(lp.updated_at, lp.completed_at)) as last_activity_at
        from enrollments e
        join courses c on c.id = e.course_id and c.is_published
        left join chapters ch on ch.course_id = c.id
        left join lessons l on l.chapter_id = ch.id
        left join lesson_progress lp on lp.lesson_id = l.id and lp.student_id = e.student_id
        where e.student_id = ${studentId}
        group by c.id, e.enrolled_at`),
      db.execute<{ days: string[] | null; week: number }>(sql`
        select array_agg(distinct to_char(completed_at at time zone 'UTC', 'YYYY-MM-DD')) as days,
               count(*) filter (where completed_at > ${new Date(at.getTime() - 7 * DAY).toISOString()}::timestamptz
                                  and completed_at <= ${at.toISOString()}::timestamptz)::int as week
        from lesson_progress
        where student_id = ${studentId} and status = 'completed' and completed_at is not null`),
    ]);
    const courses = rows.map(
      (r): DashboardCourse => ({
        id: r.id,
        title: r.title,
        description: r.description,
        thumbnailUrl: r.thumbnail_url,
        enrolledAt: iso(r.enrolled_at)!,
        totalLessons: r.total,
        completedLessons: r.completed,
        percent: progressPercent(r.completed, r.total),
        status: courseStatus(r.completed, r.total),
        lastActivityAt: iso(r.last_activity_at),
      }),
    );
    const ins = insights.rows[0];
    return summarize(orderCourses(courses), false, {
      streakDays: streakDays(ins?.days ?? [], at),
      lessonsThisWeek: ins?.week ?? 0,
    });
  }

  function summarize(courses: DashboardCourse[], preview: boolean, insights: DashboardResponse['insights']): DashboardResponse {
    return {
      preview,
      stats: {
        totalCourses: courses.length,
        completed: courses.filter((c) => c.status === 'completed').length,
        inProgress: courses.filter((c) => c.status === 'in_progress').length,
        lessonsDone: courses.reduce((s, c) => s + c.completedLessons, 0),
        totalLessons: courses.reduce((s, c) => s + c.totalLessons, 0),
      },
      overallProgress: courses.length ? Math.round(courses.reduce((s, c) => s + c.percent, 0) / courses.length) : 0,
      insights,
      courses,
    };
  }

  /** The admin's student view (§4): every published course, simulated and deterministic; nothing is read or written per student. */
  async function previewDashboard(adminId: string): Promise<DashboardResponse> {
    const at = now();
    const { rows } = await db.execute<{ id: string; title: string; description: string; thumbnail_url: string | null; total: number }>(sql`
      select c.id, c.title, c.description, c.thumbnail_url, count(l.id)::int as total
      from courses c
      left join chapters ch on ch.course_id = c.id
      left join lessons l on l.chapter_id = ch.id
      where c.is_published
      group by c.id`);
    const courses = rows.map((r): DashboardCourse => {
      const h = hashInt(r.id);
      const simulated = r.total > 0 ? (h % 5) * 25 : 0;
      const completed = Math.round((r.total * simulated) / 100);
      return {
        id: r.id,
        title: r.title,
        description: r.description,
        thumbnailUrl: r.thumbnail_url,
        enrolledAt: new Date(at.getTime() - (1 + (h % 30)) * DAY).toISOString(),
        totalLessons: r.total,
        completedLessons: completed,
        percent: simulated,
        status: simulated === 100 ? 'completed' : simulated > 0 ? 'in_progress' : 'not_started',
        lastActivityAt: new Date(at.getTime() - ((h >>> 8) % 7) * DAY - ((h >>> 16) % 1440) * 60_000).toISOString(),
      };
    });
    const h = hashInt(adminId);
    return summarize(orderCourses(courses), true, { streakDays: 1 + (h % 10), lessonsThisWeek: 5 + ((h >>> 8) % 15) });
  }

  /** The course, checked the way the spec's course screen checks it (§5). */
  async function checkCourse(auth: ActiveSession, courseId: string) {
    if (!UUID.test(courseId)) throw notFound(LearningMessages.courseNotFound);
    const { rows } = await db.execute<{ id: string; title: string; description: string; is_published: boolean; enrolled: boolean }>(sql`
      select c.id, c.title, c.description, c.is_published,
             exists(select 1 from enrollments e where e.course_id = c.id and e.student_id = ${auth.user.id}) as enrolled
      from courses c where c.id = ${courseId}`);
    const course = rows[0];
    if (!course) throw notFound(LearningMessages.courseNotFound);
    if (!isPreview(auth)) {
      if (!course.is_published) throw notFound(LearningMessages.courseNotFound);
      if (!course.enrolled) throw notEnrolled();
    }
    return course;
  }

  /** The lesson's course, checked as checkCourse does; an unknown lesson is a 404. Also used by the AI tutor. */
  async function checkLesson(auth: ActiveSession, lessonId: string) {
    if (!UUID.test(lessonId)) throw notFound(LearningMessages.lessonNotFound);
    const { rows } = await db.execute<{ course_id: string }>(sql`
      select ch.course_id from lessons l join chapters ch on ch.id = l.chapter_id where l.id = ${lessonId}`);
    const courseId = rows[0]?.course_id;
    if (!courseId) throw notFound(LearningMessages.lessonNotFound);
    const course = await checkCourse(auth, courseId);
    return { courseId, course };
  }

  return {
    dashboard(auth: ActiveSession) {
      return isPreview(auth) ? previewDashboard(auth.user.id) : studentDashboard(auth.user.id);
    },

    async learn(auth: ActiveSession, courseId: string): Promise<LearnResponse> {
      const course = await checkCourse(auth, courseId);
      const preview = isPreview(auth);
      const { rows } = await db.execute<{
        chapter_id: string;
        chapter_title: string;
        chapter_position: number;
        lesson_id: string | null;
        title: string | null;
        lesson_type: 'VIDEO' | 'PDF' | 'MIXED' | null;
        video_url: string | null;
        pdf_url: string | null;
        tutorial_pdf_url: string | null;
        summary: string | null;
        position: number | null;
        status: 'in_progress' | 'completed' | null;
      }>(sql`
        select ch.id as chapter_id, ch.title as chapter_title, ch.position as chapter_position,
               l.id as lesson_id, l.title, l.lesson_type, l.video_url, l.pdf_url, l.tutorial_pdf_url, l.summary, l.position,
               lp.status
        from chapters ch
        left join lessons l on l.chapter_id = ch.id
        left join lesson_progress lp on lp.lesson_id = l.id and lp.student_id = ${auth.user.id} and ${!preview}
        where ch.course_id = ${courseId}
        order by ch.position, ch.id, l.position, l.id`);
      const chapters: LearnResponse['chapters'] = [];
      for (const r of rows) {
        let ch = chapters.at(-1);
        if (!ch || ch.id !== r.chapter_id) {
          ch = { id: r.chapter_id, title: r.chapter_title, order: r.chapter_position, lessons: [] };
          chapters.push(ch);
        }
        if (r.lesson_id === null) continue;
        ch.lessons.push({
          id: r.lesson_id,
          title: r.title!,
          lessonType: r.lesson_type!,
          videoUrl: r.video_url,
          pdfUrl: r.pdf_url,
          tutorialPdfUrl: r.tutorial_pdf_url,
          summary: r.summary ?? '',
          order: r.position!,
          status: (r.status ?? 'not_started') as LessonStatus,
        });
      }
      const all = chapters.flatMap((c) => c.lessons);
      const completed = all.filter((l) => l.status === 'completed').length;
      return {
        course: { id: course.id, title: course.title, description: course.description },
        chapters,
        progress: { completedLessons: completed, totalLessons: all.length, percent: progressPercent(completed, all.length) },
        firstUnfinishedLessonId: (all.find((l) => l.status !== 'completed') ?? all[0])?.id ?? null,
        preview,
      };
    },

    checkLesson,

    async recordProgress(auth: ActiveSession, lessonId: string, body: ProgressBody): Promise<ProgressResponse> {
      const { courseId } = await checkLesson(auth, lessonId);

      if (isPreview(auth)) {
        // Preview (§4): the answer as if this were the only lesson done; nothing is written.
        const { total } = await courseCounts(db, auth.user.id, courseId);
        const completed = body.status === 'completed' ? Math.min(1, total) : 0;
        const done = total > 0 && completed >= total;
        return {
          lessonStatus: body.status,
          progress: { completedLessons: completed, totalLessons: total, percent: progressPercent(completed, total) },
          courseCompleted: done,
          justCompleted: done,
          preview: true,
        };
      }

      const studentId = auth.user.id;
      return db.transaction(async (tx) => {
        // One progress write per student and course at a time, so "just completed" is told exactly once.
        const locked = await tx.execute(sql`
          select 1 from enrollments where student_id = ${studentId} and course_id = ${courseId} for update`);
        if (locked.rows.length === 0) throw notEnrolled();
        const before = await courseCounts(tx, studentId, courseId);
        const at = now().toISOString();
        if (body.status === 'in_progress') {
          // Opening a lesson only starts it; it never downgrades a completed one.
          await tx.execute(sql`
            insert into lesson_progress (student_id, lesson_id, status, created_at, updated_at)
            values (${studentId}, ${lessonId}, 'in_progress', ${at}, ${at})
            on conflict (student_id, lesson_id) do nothing`);
        } else {
          await tx.execute(sql`
            insert into lesson_progress (student_id, lesson_id, status, completed_at, created_at, updated_at)
            values (${studentId}, ${lessonId}, 'completed', ${at}, ${at}, ${at})
            on conflict (student_id, lesson_id) do update
              set status = 'completed', completed_at = excluded.completed_at, updated_at = excluded.updated_at
              where lesson_progress.status <> 'completed'`);
        }
        const after = await courseCounts(tx, studentId, courseId);
        const { rows: st } = await tx.execute<{ status: 'in_progress' | 'completed' }>(sql`
          select status from lesson_progress where student_id = ${studentId} and lesson_id = ${lessonId}`);
        const courseCompleted = after.total > 0 && after.completed >= after.total;
        if (courseCompleted) {
          await tx.execute(sql`
            insert into certificates (student_id, course_id, issued_at) values (${studentId}, ${courseId}, ${at})
            on conflict (student_id, course_id) do nothing`);
        }
        return {
          lessonStatus: st[0]?.status ?? 'not_started',
          progress: { completedLessons: after.completed, totalLessons: after.total, percent: progressPercent(after.completed, after.total) },
          courseCompleted,
          justCompleted: courseCompleted && before.completed < before.total,
          preview: false,
        };
      });
    },
  };
}
export type LearningService = ReturnType<typeof createLearningService>;
