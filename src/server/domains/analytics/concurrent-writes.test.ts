import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSessionService } from '../auth/sessions.service';
import { scheduleAnalyticsFolds } from './folding';
import { analyticsApp, course, enrollAt, student, DAY, type AnalyticsTestApp } from '@test-support/fixtures/analytics';

/**
 * Progress writes queue their rows (migration 0007) and event batches append their counts
 * (migration 0005) instead of updating a shared row per lesson and per hour: writers of the same
 * lesson and hour never wait for each other, and every write is counted once when the queue is
 * folded (which the analytics answers do first).
 */

let t: AnalyticsTestApp;
beforeAll(async () => {
  t = await analyticsApp();
});

/** A client of its own (a transaction left open in it holds its locks), with statements limited to `timeoutMs`. */
async function session(timeoutMs = 3000): Promise<pg.PoolClient> {
  const client = await t.pool.connect();
  await client.query(`set statement_timeout = ${timeoutMs}`);
  return client;
}

async function lessonTotals(lessonId: string) {
  const { rows } = await t.db.execute<{ started: number; completed: number }>(
    sql`select started, completed from analytics_lesson_totals where lesson_id = ${lessonId}`,
  );
  return rows[0] ?? { started: 0, completed: 0 };
}
const hourlyCompletions = async () =>
  (await t.db.execute<{ n: number }>(sql`select coalesce(sum(completions), 0)::int as n from analytics_hourly_totals`)).rows[0]!.n;
const pending = async () =>
  (
    await t.db.execute<{ queued: number; lessons: number; hours: number }>(sql`
      select (select count(*) from analytics_progress_queue)::int as queued, (select count(*) from analytics_lesson_deltas)::int as lessons,
             (select count(*) from analytics_hourly_deltas)::int as hours`)
  ).rows[0]!;

describe('analytics counts under concurrent writes', () => {
  it('counts every one of many simultaneous completions of one lesson, through the API', async () => {
    const c = await course(t.db, 'Crowd', [2]);
    const students = await Promise.all(Array.from({ length: 24 }, (_, i) => student(t.db, `Crowd${i}`)));
    for (const s of students) await enrollAt(t.db, s, c.id, t.ago(DAY));
    // Sessions made directly (signing in 24 times from one test client would hit the code-send limits).
    const sessions = createSessionService(t.db, () => t.clock);
    const cookies = await Promise.all(students.map(async (s) => `sid=${(await sessions.create(s, {})).token}`));
    const before = await hourlyCompletions();
    const answers = await Promise.all(
      cookies.map((cookie) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/lessons/${c.lessons[0]!}/progress`,
          headers: { cookie },
          payload: { status: 'completed' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(24).fill(200));
    // Each write only queued its row: the answer folds the queue first, and counts every one.
    expect((await t.analytics('all')).period.lessonsCompleted).toBe(24);
    expect(await pending()).toEqual({ queued: 0, lessons: 0, hours: 0 });
    expect(await lessonTotals(c.lessons[0]!)).toEqual({ started: 24, completed: 24 });
    const { rows } = await t.db.execute(sql`select started, completed from analytics_lesson_stats where lesson_id = ${c.lessons[0]!}`);
    expect(rows).toEqual([{ started: 24, completed: 24 }]);
    expect((await hourlyCompletions()) - before).toBe(24);
  });

  it("a completion and an event batch never wait for another writer's open transaction on the same lesson and hour", async () => {
    const c = await course(t.db, 'Busy', [1]);
    const [a, b, first] = await Promise.all(['BusyA', 'BusyB', 'BusyFirst'].map((n) => student(t.db, n)));
    for (const s of [a!, b!, first!]) await enrollAt(t.db, s, c.id, t.ago(DAY));
    const lesson = c.lessons[0]!;
    // The lesson's first completion creates its row; from then on writers only append.
    await t.db.execute(
      sql`insert into lesson_progress (student_id, lesson_id, status, completed_at) values (${first!}, ${lesson}, 'completed', now())`,
    );

    const one = await session();
    const two = await session();
    try {
      await one.query('begin');
      await one.query(`insert into lesson_progress (student_id, lesson_id, status, completed_at) values ($1, $2, 'completed', now())`, [
        a,
        lesson,
      ]);
      await one.query(`insert into learning_events (student_id, lesson_id, type, occurred_at) values ($1, $2, 'lesson_opened', now())`, [
        a,
        lesson,
      ]);
      // With one shared row per lesson and per hour, these waited for `one` to commit (here: the statement timeout).
      await two.query(`insert into lesson_progress (student_id, lesson_id, status, completed_at) values ($1, $2, 'completed', now())`, [
        b,
        lesson,
      ]);
      await two.query(`insert into learning_events (student_id, lesson_id, type, occurred_at) values ($1, $2, 'lesson_opened', now())`, [
        b,
        lesson,
      ]);
      await one.query('commit');
    } finally {
      await one.query('rollback').catch(() => {});
      one.release();
      two.release();
    }
    await t.db.execute(sql`select analytics_fold()`);
    expect(await lessonTotals(lesson)).toEqual({ started: 3, completed: 3 });
  });

  it('a fold skips the lesson rows another transaction holds, and leaves their counts pending and counted', async () => {
    const c = await course(t.db, 'Held', [2]);
    const [s1, s2] = await Promise.all(['Held1', 'Held2'].map((n) => student(t.db, n)));
    for (const s of [s1!, s2!]) await enrollAt(t.db, s, c.id, t.ago(DAY));
    const complete = async (s: string) => {
      for (const lesson of c.lessons)
        await t.db.execute(
          sql`insert into lesson_progress (student_id, lesson_id, status, completed_at) values (${s}, ${lesson}, 'completed', now())`,
        );
    };
    await complete(s1!);
    await t.db.execute(sql`select analytics_fold()`);
    await complete(s2!);
    const holder = await session();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from analytics_lesson_stats where lesson_id = $1 for update`, [c.lessons[0]]);
      await t.db.execute(sql`set statement_timeout = 3000`);
      await t.db.execute(sql`select analytics_fold()`);
      const { rows } = await t.db.execute<{ lesson_id: string }>(sql`select distinct lesson_id from analytics_lesson_deltas`);
      expect(rows.map((r) => r.lesson_id)).toEqual([c.lessons[0]!]);
      for (const lesson of c.lessons) expect(await lessonTotals(lesson)).toEqual({ started: 2, completed: 2 });
    } finally {
      await holder.query('rollback');
      holder.release();
      await t.db.execute(sql`reset statement_timeout`);
    }
    await t.db.execute(sql`select analytics_fold()`);
    expect(await pending()).toEqual({ queued: 0, lessons: 0, hours: 0 });
    for (const lesson of c.lessons) expect(await lessonTotals(lesson)).toEqual({ started: 2, completed: 2 });
  });

  it("the app's background fold applies the queue (every 250 ms in the server; here every 20 ms)", async () => {
    const c = await course(t.db, 'Background', [1]);
    const s = await student(t.db, 'Background');
    await enrollAt(t.db, s, c.id, t.ago(DAY));
    await t.db.execute(
      sql`insert into lesson_progress (student_id, lesson_id, status, completed_at) values (${s}, ${c.lessons[0]!}, 'completed', now())`,
    );
    expect((await pending()).queued).toBe(1); // a write never folds
    const errors: unknown[] = [];
    const stop = scheduleAnalyticsFolds(t.db, (err) => errors.push(err), 20);
    try {
      const deadline = Date.now() + 5000;
      while ((await pending()).queued > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
    expect(await pending()).toEqual({ queued: 0, lessons: 0, hours: 0 });
    const { rows } = await t.db.execute(sql`select started, completed from analytics_lesson_stats where lesson_id = ${c.lessons[0]!}`);
    expect(rows).toEqual([{ started: 1, completed: 1 }]);
  });

  it('the hourly totals add the pending counts to their hour, one row per hour and lesson type', async () => {
    const [a, b, c] = ['2025-01-01T10:00:00Z', '2025-01-01T11:00:00Z', '2025-01-01T12:00:00Z'];
    await t.db.execute(sql`
      insert into analytics_hourly (hour, lesson_type, opens, completions) values (${a}, 'VIDEO', 2, 1), (${c}, 'PDF', 4, 0)`);
    await t.db.execute(sql`
      insert into analytics_hourly_deltas (hour, lesson_type, opens, completions)
      values (${a}, 'VIDEO', 3, 0), (${a}, 'VIDEO', 1, 1), (${b}, 'VIDEO', 1, 0), (${a}, 'PDF', 0, 1)`);
    const totals = async () =>
      (
        await t.db.execute<{ hour: string; lesson_type: string; opens: number; completions: number }>(sql`
          select hour, lesson_type, opens, completions from analytics_hourly_totals
          where hour between ${a}::timestamptz and ${c}::timestamptz order by hour, lesson_type`)
      ).rows.map((r) => [new Date(r.hour).toISOString(), r.lesson_type, r.opens, r.completions]);
    const expected = [
      ['2025-01-01T10:00:00.000Z', 'VIDEO', 6, 2],
      ['2025-01-01T10:00:00.000Z', 'PDF', 0, 1],
      ['2025-01-01T11:00:00.000Z', 'VIDEO', 1, 0],
      ['2025-01-01T12:00:00.000Z', 'PDF', 4, 0],
    ];
    expect(await totals()).toEqual(expected);
    await t.db.execute(sql`select analytics_fold()`);
    expect(await totals()).toEqual(expected);
  });

  it('applies queued progress of a student, a lesson or a course deleted before the fold', async () => {
    const c = await course(t.db, 'Gone', [3]);
    const other = await course(t.db, 'Gone too', [1]);
    const [kept, deleted] = await Promise.all(['GoneKept', 'GoneDeleted'].map((n) => student(t.db, n)));
    for (const s of [kept!, deleted!]) {
      await enrollAt(t.db, s, c.id, t.ago(DAY));
      await enrollAt(t.db, s, other.id, t.ago(DAY));
    }
    const done = (s: string, lesson: string) =>
      t.db.execute(
        sql`insert into lesson_progress (student_id, lesson_id, status, completed_at) values (${s}, ${lesson}, 'completed', now())`,
      );
    await done(kept!, c.lessons[0]!);
    await t.db.execute(sql`select analytics_fold()`);
    // Queued, then their student, lesson or course goes before anything is applied.
    await done(kept!, c.lessons[1]!);
    await done(deleted!, c.lessons[0]!);
    await done(deleted!, c.lessons[2]!);
    await done(kept!, other.lessons[0]!);
    await t.db.execute(sql`delete from users where id = ${deleted!}`);
    await t.db.execute(sql`delete from lessons where id = ${c.lessons[0]!}`);
    await t.db.execute(sql`delete from courses where id = ${other.id}`);
    await t.db.execute(sql`select analytics_fold()`);
    expect(await pending()).toEqual({ queued: 0, lessons: 0, hours: 0 });
    const { rows } = await t.db.execute(sql`
      select (select count(*) from analytics_lesson_stats where lesson_id in (${c.lessons[0]!}, ${other.lessons[0]!}))::int as gone_lessons,
             (select count(*) from analytics_enrollment_stats where student_id = ${deleted!} or course_id = ${other.id})::int as gone_enrollments,
             (select completed from analytics_enrollment_stats where student_id = ${kept!} and course_id = ${c.id}) as kept_completed`);
    expect(rows).toEqual([{ gone_lessons: 0, gone_enrollments: 0, kept_completed: 1 }]);
    expect(await lessonTotals(c.lessons[1]!)).toEqual({ started: 1, completed: 1 });
    expect(await lessonTotals(c.lessons[2]!)).toEqual({ started: 0, completed: 0 });
  });
});
