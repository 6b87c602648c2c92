import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '../../../common/analytics';
import type { Db } from '../../platform/db/client';
import {
  analyticsApp,
  completedAt,
  course,
  DAY,
  enrollAt,
  eventAt,
  HOUR,
  inProgressAt,
  student,
  type AnalyticsTestApp,
} from '@test-support/fixtures/analytics';

/**
 * The rollups are kept by triggers on every write; analytics_rebuild() recomputes them from the
 * raw rows. After a mix of writes through the real API (progress, events, enrollment removal,
 * deletions of a lesson, a chapter, a course and a student) both must give the same answer.
 */

/** The rollups as the analytics read them "today": zero rows dropped, activity windows re-aligned to today. */
async function rollups(db: Db, today: string) {
  const q = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  await db.execute(sql`select analytics_fold()`); // the queued progress rows, as an analytics answer does

  return {
    lessons: await q(sql`
      select lesson_id, course_id, lesson_type, started, completed, recovered from analytics_lesson_totals
      where started <> 0 or completed <> 0 or recovered <> 0 order by lesson_id`),
    enrollments: await q(sql`
      select student_id, course_id, enrolled_at, started, completed, last_completed_at from analytics_enrollment_stats
      where enrolled_at is not null or started <> 0 order by student_id, course_id`),
    students: await q(sql`select * from analytics_student_stats order by student_id`),
    activity: await q(sql`
      select student_id, last_activity_at,
        analytics_shift_bits(active_days, window_end, ${today}::date)::text as bits,
        analytics_shift_days(completed_days, window_end, ${today}::date) as days
      from analytics_student_activity order by student_id`),
    hourly: await q(sql`
      select * from analytics_hourly_totals
      where opens + visible_seconds + video_starts + pdf_views + tutorial_downloads + completions <> 0
      order by hour, lesson_type`),
    downloads: await q(sql`select * from analytics_tutorial_downloads order by student_id, lesson_id`),
  };
}

describe('rollups kept by triggers = rollups rebuilt from the raw tables', () => {
  let t: AnalyticsTestApp;
  let before: { tables: Awaited<ReturnType<typeof rollups>>; answers: AnalyticsResponse[] };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await analyticsApp();
    const inject = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) }).then((res) => {
        if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
        return res;
      });
    const X = await course(t.db, 'Xray', [2, 2], { types: ['VIDEO', 'PDF', 'MIXED'] });
    const Y = await course(t.db, 'Yankee', [2, 1]);
    const Z = await course(t.db, 'Zulu', [2]);
    await t.db.execute(
      sql`update lessons set tutorial_pdf_url = '/api/files/00000000-0000-4000-8000-000000000001' where id = ${X.lessons[1]!}`,
    );

    const emailOf = async (id: string) =>
      (await t.db.execute<{ email: string }>(sql`select email from users where id = ${id}`)).rows[0]!.email;
    const [s1, s2, s3, s4] = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => student(t.db, n)));
    ids.s1 = s1!;
    // s1 learns through the API: enrolled by the tutor, progress and events from the course screen.
    await inject('POST', `/api/admin/students/${s1}/enrollments`, t.admin, { courseId: X.id });
    await inject('POST', `/api/admin/students/${s1}/enrollments`, t.admin, { courseId: Z.id });
    const c1 = await t.signIn(await emailOf(s1!));
    const now = t.clock.toISOString();
    await inject('POST', '/api/events', c1, {
      events: [
        { type: 'lesson_opened', lessonId: X.lessons[1]!, occurredAt: now },
        { type: 'tutorial_downloaded', lessonId: X.lessons[1]!, occurredAt: now },
        { type: 'pdf_viewed', lessonId: X.lessons[1]!, occurredAt: new Date(t.clock.getTime() - 3 * DAY).toISOString() },
        { type: 'lesson_heartbeat', lessonId: X.lessons[1]!, occurredAt: now, seconds: 90 },
      ],
    });
    for (const lessonId of X.lessons.slice(0, 3)) {
      await inject('PUT', `/api/lessons/${lessonId}/progress`, c1, { status: 'in_progress' });
      await inject('PUT', `/api/lessons/${lessonId}/progress`, c1, { status: 'completed' });
    }
    await inject('PUT', `/api/lessons/${X.lessons[3]!}/progress`, c1, { status: 'in_progress' });
    await inject('PUT', `/api/lessons/${Z.lessons[0]!}/progress`, c1, { status: 'completed' });
    // s2: older history written straight into the tables, across several days.
    await enrollAt(t.db, s2!, X.id, t.ago(40 * DAY));
    await enrollAt(t.db, s2!, Y.id, t.ago(40 * DAY));
    await completedAt(t.db, s2!, X.lessons[0]!, t.ago(30 * DAY), t.ago(39 * DAY));
    await completedAt(t.db, s2!, X.lessons[2]!, t.ago(12 * DAY), t.ago(20 * DAY));
    await completedAt(t.db, s2!, Y.lessons[0]!, t.ago(9 * DAY));
    await completedAt(t.db, s2!, Y.lessons[2]!, t.ago(8 * DAY)); // in chapter 2 of Y, deleted below
    await inProgressAt(t.db, s2!, Y.lessons[1]!, t.ago(5 * DAY));
    await eventAt(t.db, s2!, X.lessons[0]!, 'video_started', t.ago(2 * DAY + 5 * HOUR));
    await eventAt(t.db, s2!, X.lessons[1]!, 'tutorial_downloaded', t.ago(50 * DAY));
    // s3: enrolled in Y and X, active, then removed from Y by the tutor (its progress goes too).
    await enrollAt(t.db, s3!, Y.id, t.ago(20 * DAY));
    await enrollAt(t.db, s3!, X.id, t.ago(20 * DAY));
    await completedAt(t.db, s3!, Y.lessons[0]!, t.ago(15 * DAY));
    await completedAt(t.db, s3!, Y.lessons[1]!, t.ago(14 * DAY));
    await completedAt(t.db, s3!, X.lessons[3]!, t.ago(2 * DAY));
    await inject('DELETE', `/api/admin/students/${s3}/enrollments/${Y.id}`, t.admin);
    // s4: active in X, then the account is deleted. (Events are history: the platform-wide event
    // counts keep a deleted student's events, which a rebuild cannot see; so s4 sends none here.)
    await enrollAt(t.db, s4!, X.id, t.ago(10 * DAY));
    await completedAt(t.db, s4!, X.lessons[0]!, t.ago(DAY));
    await t.db.execute(sql`delete from users where id = ${s4}`);
    // The tutor deletes a lesson with progress (s2's latest completion in X was not on it), a chapter and a course.
    await inject('DELETE', `/api/admin/lessons/${X.lessons[2]!}`, t.admin);
    await inject('DELETE', `/api/admin/chapters/${Y.chapterIds[1]!}`, t.admin);
    await inject('DELETE', `/api/admin/courses/${Z.id}`, t.admin);

    before = { tables: await rollups(t.db, '2026-03-10'), answers: [await t.analytics('all'), await t.analytics('7d')] };
    await t.db.execute(sql`select analytics_rebuild()`);
  });

  it('gives the same rollup rows', async () => {
    const after = await rollups(t.db, '2026-03-10');
    expect(after.lessons).toEqual(before.tables.lessons);
    expect(after.enrollments).toEqual(before.tables.enrollments);
    expect(after.students).toEqual(before.tables.students);
    expect(after.students).toHaveLength(3);
    expect(after.hourly).toEqual(before.tables.hourly);
    expect(after.downloads).toEqual(before.tables.downloads);
    // Active days are history too: removing progress does not erase the days a student was active,
    // so only s1, whose removed rows were all on days with other activity, has the same days after a rebuild.
    const withoutDays = (rows: Record<string, unknown>[]) => rows.map(({ bits: _bits, ...rest }) => rest);
    expect(withoutDays(after.activity)).toEqual(withoutDays(before.tables.activity));
    const s1Days = (rows: Record<string, unknown>[]) => rows.find((r) => r.student_id === ids.s1)?.bits;
    expect(s1Days(after.activity)).toEqual(s1Days(before.tables.activity));
    expect(s1Days(after.activity)).toBe('9'); // today and 3 days ago (the PDF view)
  });

  it('gives the same analytics answer, but for the active days that only removed rows held', async () => {
    // Weekly active students (and the engagement forecast built on them) count the days students
    // were active, removed progress included: s2 and s3 were active in the week of 18-24 February
    // only through rows deleted since, which a rebuild from the remaining rows cannot see.
    const strip = (a: AnalyticsResponse) => ({
      ...a,
      generatedAt: '',
      weeklyEngagement: a.weeklyEngagement.map((w) => ({ ...w, activeStudents: 0 })),
      predictiveTrends: a.predictiveTrends.filter((p) => p.metric !== 'engagement'),
    });
    const afterAll = await t.analytics('all');
    expect(strip(afterAll)).toEqual(strip(before.answers[0]!));
    expect(strip(await t.analytics('7d'))).toEqual(strip(before.answers[1]!));
    const week = (a: AnalyticsResponse) => a.weeklyEngagement.find((w) => w.weekStart === '2026-02-18')!.activeStudents;
    expect([week(before.answers[0]!), week(afterAll)]).toEqual([2, 0]);
  });

  it('counted what the writes left', () => {
    const all = before.answers[0]!;
    // Enrollments left: s1 in X (Z deleted), s2 in X and Y, s3 in X.
    expect(all.totals.totalEnrollments).toBe(4);
    // Completed in enrolled courses: s1 2 of X (one lesson deleted), s2 1 in X and 1 in Y, s3 1 in X.
    expect(all.totals.completedLessons).toBe(5);
    expect(all.totals.totalStudents).toBe(3);
    // The tutorial lesson was started by s1 only (who downloaded it); s2 downloaded it without starting it.
    expect(all.contentEngagement.tutorialPdf).toMatchObject({ startedPairs: 1, downloadedPairs: 1, downloads: 2 });
  });
});
