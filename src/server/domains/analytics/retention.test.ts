import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '../../../common/analytics';
import type { Db } from '../../platform/db/client';
import { loadEnv } from '../../platform/env';
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
import { pruneFoldedEvents } from './analytics.queries';
import { scheduleAnalyticsFolds } from './folding';

/**
 * Raw learning events past EVENTS_RETENTION_DAYS are compacted into learning_events_archive and
 * deleted. The rollups already hold them, and the archive keeps what analytics_rebuild() and the
 * drop-off indicators read, so no figure changes when the raw rows go.
 */

async function rollups(db: Db) {
  const q = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  await db.execute(sql`select analytics_fold()`);
  return {
    hourly: await q(sql`
      select * from analytics_hourly_totals
      where opens + visible_seconds + video_starts + pdf_views + tutorial_downloads + completions <> 0 order by hour, lesson_type`),
    downloads: await q(sql`select * from analytics_tutorial_downloads order by student_id, lesson_id`),
    activity: await q(
      sql`select student_id, last_activity_at, window_end, active_days::text, completed_days from analytics_student_activity order by student_id`,
    ),
  };
}

const rawCount = async (db: Db) =>
  Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from learning_events`)).rows[0]!.n);

describe('the retention of raw learning events', () => {
  let t: AnalyticsTestApp;
  let before: { tables: Awaited<ReturnType<typeof rollups>>; answers: AnalyticsResponse[] };

  beforeAll(async () => {
    t = await analyticsApp();
    const c = await course(t.db, 'Kept', [3], { types: ['VIDEO', 'PDF'] });
    const [a, b, third] = c.lessons as [string, string, string];
    const students = [await student(t.db, 'Old'), await student(t.db, 'Recent'), await student(t.db, 'Stuck')];
    for (const s of students) await enrollAt(t.db, s, c.id, t.ago(200 * DAY));
    const [old, recent, stuck] = students as [string, string, string];
    // Old history: heartbeats, opens, a video, PDFs and tutorial downloads 100 to 120 days ago, some in one hour.
    for (const [s, lesson, days] of [
      [old, a, 120],
      [old, b, 100],
      [stuck, third, 110],
    ] as const) {
      await eventAt(t.db, s, lesson, 'lesson_opened', t.ago(days * DAY));
      for (let i = 1; i <= 4; i++) await eventAt(t.db, s, lesson, 'lesson_heartbeat', t.ago(days * DAY - i * 30_000), 30);
      await eventAt(t.db, s, lesson, 'video_started', t.ago(days * DAY - 60_000));
      await eventAt(t.db, s, lesson, 'pdf_viewed', t.ago(days * DAY - HOUR));
      await eventAt(t.db, s, lesson, 'tutorial_downloaded', t.ago(days * DAY - HOUR));
      await eventAt(t.db, s, lesson, 'tutorial_downloaded', t.ago(days * DAY - 2 * HOUR));
    }
    // Recent history, kept raw.
    await eventAt(t.db, recent, a, 'lesson_opened', t.ago(2 * DAY));
    await eventAt(t.db, recent, a, 'lesson_heartbeat', t.ago(2 * DAY - 30_000), 30);
    await eventAt(t.db, old, a, 'tutorial_downloaded', t.ago(DAY));
    await completedAt(t.db, old, a, t.ago(100 * DAY), t.ago(120 * DAY));
    // Students who started the third lesson and never finished it: its drop-off indicators read the events per student.
    await inProgressAt(t.db, stuck, third, t.ago(110 * DAY));
    await inProgressAt(t.db, recent, third, t.ago(2 * DAY));
    before = { tables: await rollups(t.db), answers: await Promise.all((['7d', '30d', '90d', 'all'] as const).map((r) => t.analytics(r))) };
  });

  it('moves only the events older than the retention period, and no figure of the analytics changes', async () => {
    expect(await rawCount(t.db)).toBe(3 * 9 + 3);
    expect(await pruneFoldedEvents(t.db, null, t.clock)).toBe(0);
    expect(await rawCount(t.db)).toBe(30);

    // Small batches, to go through the loop.
    expect(await pruneFoldedEvents(t.db, 90, t.clock, 4)).toBe(27);
    expect(await rawCount(t.db)).toBe(3);
    const { rows: oldest } = await t.db.execute<{ at: string }>(sql`select min(occurred_at) as at from learning_events`);
    expect(new Date(oldest[0]!.at).getTime()).toBeGreaterThan(t.ago(90 * DAY).getTime());
    // One archive row per student, lesson, type and hour: the four heartbeats of a visit are one row of 120 s.
    const { rows: archived } = await t.db.execute<{ events: number; seconds: string | null; type: string }>(
      sql`select type, events, seconds from learning_events_archive order by type, first_at`,
    );
    expect(archived.filter((r) => r.type === 'lesson_heartbeat').map((r) => [r.events, Number(r.seconds)])).toEqual([
      [4, 120],
      [4, 120],
      [4, 120],
    ]);
    expect(archived.reduce((n, r) => n + r.events, 0)).toBe(27);

    expect(await rollups(t.db)).toEqual(before.tables);
    expect(await Promise.all((['7d', '30d', '90d', 'all'] as const).map((r) => t.analytics(r)))).toEqual(before.answers);
    // Nothing left to move.
    expect(await pruneFoldedEvents(t.db, 90, t.clock)).toBe(0);
  });

  it('analytics_rebuild() after a prune gives the same rollups as before it', async () => {
    await t.db.execute(sql`select analytics_rebuild()`);
    expect(await rollups(t.db)).toEqual(before.tables);
    expect(await Promise.all((['7d', '30d', '90d', 'all'] as const).map((r) => t.analytics(r)))).toEqual(before.answers);
  });

  it('a second prune adds to the archive rows of the same hour', async () => {
    const { rows } = await t.db.execute<{ student_id: string; lesson_id: string }>(
      sql`select student_id, lesson_id from learning_events_archive where type = 'lesson_heartbeat' order by first_at limit 1`,
    );
    const { student_id: s, lesson_id: lesson } = rows[0]!;
    const { rows: first } = await t.db.execute<{ hour: string }>(
      sql`select hour from learning_events_archive where type = 'lesson_heartbeat' and student_id = ${s} and lesson_id = ${lesson}`,
    );
    await eventAt(t.db, s, lesson, 'lesson_heartbeat', new Date(new Date(first[0]!.hour).getTime() + 59 * 60_000), 45);
    expect(await pruneFoldedEvents(t.db, 90, t.clock)).toBe(1);
    const { rows: after } = await t.db.execute<{ events: number; seconds: string }>(
      sql`select events, seconds from learning_events_archive where type = 'lesson_heartbeat' and student_id = ${s} and lesson_id = ${lesson}`,
    );
    expect(after.map((r) => [r.events, Number(r.seconds)])).toEqual([[5, 165]]);
  });

  it('is applied by the background fold job, at start and then every period', async () => {
    const s = await student(t.db, 'Later');
    const c = await course(t.db, 'Later', [1]);
    await eventAt(t.db, s, c.lessons[0]!, 'lesson_opened', t.ago(95 * DAY));
    const errors: unknown[] = [];
    const kept = scheduleAnalyticsFolds(t.db, (err) => errors.push(err), { everyMs: 50, retentionDays: null, now: () => t.clock });
    await new Promise((r) => setTimeout(r, 200));
    kept();
    expect(await rawCount(t.db)).toBe(4);
    const stop = scheduleAnalyticsFolds(t.db, (err) => errors.push(err), {
      everyMs: 50,
      retentionDays: 90,
      pruneEveryMs: 100,
      now: () => t.clock,
    });
    try {
      await expect.poll(() => rawCount(t.db), { timeout: 5000 }).toBe(3);
      await eventAt(t.db, s, c.lessons[0]!, 'lesson_opened', t.ago(91 * DAY));
      await expect.poll(() => rawCount(t.db), { timeout: 5000 }).toBe(3);
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
  });
});

describe('EVENTS_RETENTION_DAYS and the event budget', () => {
  const events = (env: Record<string, string>) => loadEnv({ NODE_ENV: 'test', ...env }).events;
  it('defaults to 90 days, 60 events a minute and bursts of 500; 0 or forever keeps every event', () => {
    expect(events({})).toEqual({ perMinute: 60, burst: 500, retentionDays: 90 });
    expect(events({ EVENTS_RETENTION_DAYS: '0' }).retentionDays).toBeNull();
    expect(events({ EVENTS_RETENTION_DAYS: 'Forever' }).retentionDays).toBeNull();
    expect(events({ EVENTS_RETENTION_DAYS: '365', EVENTS_PER_MINUTE: '120', EVENTS_BURST: '1000' })).toEqual({
      perMinute: 120,
      burst: 1000,
      retentionDays: 365,
    });
  });
  it('stops the start on a bad value, naming it', () => {
    expect(() => events({ EVENTS_RETENTION_DAYS: 'a year' })).toThrow(/EVENTS_RETENTION_DAYS must be a whole number of days/);
    expect(() => events({ EVENTS_BURST: '10' })).toThrow(/EVENTS_BURST must be between 50 and 1000000/);
  });
});
