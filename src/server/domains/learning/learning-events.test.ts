import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_BATCH_MAX, type EventsResponse } from '../../../common/analytics';
import { ErrorCode } from '../../../common/errors';
import { ADMIN, CAROL, errorMessage } from '@test-support/fixtures/users-and-courses';
import { analyticsApp, course, DAY, enrollAt, student, type AnalyticsTestApp } from '@test-support/fixtures/analytics';
import { creditHeartbeats, HEARTBEAT_BACKLOG_SECONDS, HEARTBEAT_FIRST_SECONDS } from './learning-events.service';

let t: AnalyticsTestApp;
let cookie: string;
let studentId: string;
let enrolled: Awaited<ReturnType<typeof course>>;
let other: Awaited<ReturnType<typeof course>>;
let draft: Awaited<ReturnType<typeof course>>;

beforeAll(async () => {
  t = await analyticsApp();
  enrolled = await course(t.db, 'Mine', [2], { types: ['VIDEO', 'PDF'] });
  other = await course(t.db, 'Not mine', [1]);
  draft = await course(t.db, 'Draft', [1], { isPublished: false });
  studentId = await student(t.db, 'Eve');
  await enrollAt(t.db, studentId, enrolled.id, t.ago(DAY));
  await enrollAt(t.db, studentId, draft.id, t.ago(DAY));
  const { rows } = await t.db.execute<{ email: string }>(sql`select email from users where id = ${studentId}`);
  cookie = await t.signIn(rows[0]!.email);
});

const post = (payload: unknown, c: string | undefined = cookie) =>
  t.app.inject({ method: 'POST', url: '/api/events', payload: payload as object, headers: c ? { cookie: c } : {} });
const stored = async () =>
  (
    await t.db.execute<{ type: string; lesson_id: string; seconds: number | null; occurred_at: string }>(
      sql`select type, lesson_id, seconds, occurred_at from learning_events where student_id = ${studentId} order by id`,
    )
  ).rows;
const clear = () => t.db.execute(sql`delete from learning_events`);
const at = (ms: number) => new Date(t.clock.getTime() + ms).toISOString();

describe('POST /api/events', () => {
  it('stores a batch in one go, clamping times to [now - 7 days, now]', async () => {
    await clear();
    const [video, pdf] = enrolled.lessons as [string, string];
    const res = await post({
      events: [
        { type: 'lesson_opened', lessonId: video, occurredAt: at(-60_000) },
        { type: 'lesson_heartbeat', lessonId: video, occurredAt: at(-30_000), seconds: 30 },
        { type: 'video_started', lessonId: video, occurredAt: at(3600_000) }, // in the future: now
        { type: 'pdf_viewed', lessonId: pdf, occurredAt: at(-30 * DAY) }, // a month old: 7 days ago
        { type: 'tutorial_downloaded', lessonId: pdf, occurredAt: '2026-03-10T13:00:00+02:00' }, // 11:00 UTC
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<EventsResponse>()).toEqual({ accepted: 5, preview: false });
    const rows = await stored();
    expect(rows.map((r) => [r.type, r.seconds, new Date(r.occurred_at).toISOString()])).toEqual([
      ['lesson_opened', null, at(-60_000)],
      ['lesson_heartbeat', 30, at(-30_000)],
      ['video_started', null, t.clock.toISOString()],
      ['pdf_viewed', null, at(-7 * DAY)],
      ['tutorial_downloaded', null, '2026-03-10T11:00:00.000Z'],
    ]);
  });

  it('feeds the analytics at once (the rollups are kept by the database)', async () => {
    const body = await t.analytics('7d');
    expect(body.contentEngagement.video.totalViews).toBe(1);
    expect(body.contentEngagement.pdf.totalDownloads).toBe(1);
    expect(body.contentEngagement.tutorialPdf.downloads).toBe(1);
    expect(body.contentEngagement.lessons).toMatchObject({ opens: 1, totalVisibleMinutes: 0.5 });
    expect(body.totals.activeStudents).toBe(1);
  });

  it('refuses unknown types, bad fields and wrong sizes with a 400, writing nothing', async () => {
    await clear();
    const lessonId = enrolled.lessons[0]!;
    const ok = { type: 'lesson_opened', lessonId, occurredAt: at(0) };
    const cases: [unknown, string][] = [
      [{ events: [ok, { type: 'page_scrolled', lessonId, occurredAt: at(0) }] }, 'type must be one of'],
      [{ events: [{ type: 'lesson_heartbeat', lessonId, occurredAt: at(0) }] }, 'seconds is required'],
      [{ events: [{ type: 'lesson_heartbeat', lessonId, occurredAt: at(0), seconds: 301 }] }, 'seconds must be at most 300'],
      [{ events: [{ type: 'lesson_heartbeat', lessonId, occurredAt: at(0), seconds: 0 }] }, 'seconds must be at least 1'],
      [{ events: [{ ...ok, seconds: 5 }] }, 'Unrecognized key'],
      [{ events: [{ ...ok, lessonId: 'lesson-1' }] }, 'lessonId must be a lesson id'],
      [{ events: [{ ...ok, occurredAt: 'yesterday' }] }, 'occurredAt must be an ISO 8601 date-time'],
      [{ events: [] }, 'Send at least one event'],
      [{ events: Array.from({ length: EVENTS_BATCH_MAX + 1 }, () => ok) }, 'At most 50 events per batch'],
      [{}, 'events'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect([res.statusCode, res.json().error.code]).toEqual([400, ErrorCode.validation]);
      expect(errorMessage(res)).toContain(message);
    }
    // Exactly 50 is fine.
    expect((await post({ events: Array.from({ length: EVENTS_BATCH_MAX }, () => ok) })).statusCode).toBe(200);
    expect(await stored()).toHaveLength(EVENTS_BATCH_MAX);
  });

  it('refuses the whole batch when a lesson is not in a published course the student is enrolled in', async () => {
    await clear();
    const mine = { type: 'lesson_opened', lessonId: enrolled.lessons[0]!, occurredAt: at(0) };
    const notEnrolled = await post({ events: [mine, { ...mine, lessonId: other.lessons[0]! }] });
    expect([notEnrolled.statusCode, notEnrolled.json().error.code]).toEqual([403, ErrorCode.notEnrolled]);
    const unpublished = await post({ events: [mine, { ...mine, lessonId: draft.lessons[0]! }] });
    expect(unpublished.statusCode).toBe(403);
    const unknown = await post({ events: [mine, { ...mine, lessonId: '00000000-0000-4000-8000-000000000000' }] });
    expect([unknown.statusCode, errorMessage(unknown)]).toEqual([404, 'Lesson not found']);
    expect(await stored()).toEqual([]);
  });

  it("writes nothing in the administrator's preview", async () => {
    await clear();
    const admin = await t.signIn(ADMIN);
    const res = await post({ events: [{ type: 'lesson_opened', lessonId: other.lessons[0]!, occurredAt: at(0) }] }, admin);
    expect(res.json<EventsResponse>()).toEqual({ accepted: 0, preview: true });
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from learning_events`);
    expect(rows[0]!.n).toBe(0);
  });

  it('needs a signed-in, approved user, checked before the body is read', async () => {
    const body = { events: [{ type: 'lesson_opened', lessonId: enrolled.lessons[0]!, occurredAt: at(0) }] };
    expect((await post(body, '')).statusCode).toBe(401);
    await t.db.execute(
      sql`insert into users (email, first_name, last_name, role, approval_status) values (${CAROL}, 'Carol', 'Davis', 'student', 'pending') on conflict do nothing`,
    );
    const pending = await t.signIn(CAROL);
    expect((await post(body, pending)).statusCode).toBe(403);
    expect((await post('x'.repeat(40_000), '')).statusCode).toBe(401);
  });

  it('refuses a body over 32 KB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ events: [], padding: 'x'.repeat(40_000) }),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('bounds on learning events', () => {
  const heartbeats = (lessonId: string, n: number, seconds: number) => ({
    events: Array.from({ length: n }, () => ({ type: 'lesson_heartbeat', lessonId, occurredAt: at(0), seconds })),
  });
  const newStudent = async (name: string) => {
    const id = await student(t.db, name);
    await enrollAt(t.db, id, enrolled.id, t.ago(DAY));
    const { rows } = await t.db.execute<{ email: string }>(sql`select email from users where id = ${id}`);
    return { id, cookie: await t.signIn(rows[0]!.email) };
  };
  const visibleSeconds = async (id: string) =>
    Number(
      (await t.db.execute<{ s: string | null }>(sql`select sum(seconds) as s from learning_events where student_id = ${id}`)).rows[0]!.s ??
        0,
    );
  const advance = (ms: number) => t.clock.setTime(t.clock.getTime() + ms);

  it('answers 429 with Retry-After past the per-student budget, writing nothing, and takes batches again as the budget refills', async () => {
    const s = await newStudent('Burst');
    const opened = {
      events: Array.from({ length: 50 }, () => ({ type: 'lesson_opened', lessonId: enrolled.lessons[0]!, occurredAt: at(0) })),
    };
    // A client catching up after a reconnection: 10 full batches (500 events, EVENTS_BURST) go at once.
    for (let i = 0; i < 10; i++) expect((await post(opened, s.cookie)).statusCode).toBe(200);
    const refused = await post(opened, s.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe(ErrorCode.rateLimited);
    expect(errorMessage(refused)).toBe(
      'Too many learning events: at most 60 a minute (500 at once) per student. Keep the events and send them again in 50 seconds.',
    );
    expect(refused.headers['retry-after']).toBe('50');
    const count = async () =>
      Number(
        (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from learning_events where student_id = ${s.id}`)).rows[0]!.n,
      );
    expect(await count()).toBe(500);
    // Another student's budget is their own.
    const other = await newStudent('Calm');
    expect((await post(opened, other.cookie)).statusCode).toBe(200);
    // 60 a minute: after 50 seconds one more batch of 50 fits, not two.
    advance(50_000);
    expect((await post(opened, s.cookie)).statusCode).toBe(200);
    expect((await post(opened, s.cookie)).statusCode).toBe(429);
    expect(await count()).toBe(550);
  });

  it('100 batches of 50 heartbeats sent at once credit no more visible time than the wall clock gave', async () => {
    const s = await newStudent('Flood');
    const lessonId = enrolled.lessons[0]!;
    const flood = () => Promise.all(Array.from({ length: 100 }, () => post(heartbeats(lessonId, 50, 300), s.cookie)));
    const statuses = (await flood()).map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 200)).toHaveLength(10);
    expect(statuses.filter((c) => c === 429)).toHaveLength(90);
    // The first heartbeat ever may cover one heartbeat interval (30 s) before it; nothing has passed since.
    expect(await visibleSeconds(s.id)).toBe(30);

    advance(90_000);
    await flood();
    // 90 more seconds passed: at most 90 more seconds, whatever was claimed (100 × 50 × 300 s).
    expect(await visibleSeconds(s.id)).toBe(120);
    const before = (await t.analytics('7d')).contentEngagement.lessons.totalVisibleMinutes;
    advance(60_000);
    await flood();
    const after = (await t.analytics('7d')).contentEngagement.lessons.totalVisibleMinutes;
    expect(after - before).toBeLessThanOrEqual(1);
    expect(await visibleSeconds(s.id)).toBe(180);
  });

  it('credits an honest client in full: a heartbeat every 30 s, and the heartbeats queued while offline', async () => {
    const s = await newStudent('Honest');
    const lessonId = enrolled.lessons[1]!;
    for (let i = 0; i < 10; i++) {
      advance(30_000);
      const res = await post(heartbeats(lessonId, 1, 30), s.cookie);
      expect(res.json<EventsResponse>().accepted).toBe(1);
    }
    expect(await visibleSeconds(s.id)).toBe(300);
    // Twenty minutes offline, the tab visible: 40 heartbeats of 30 s arrive together, all credited.
    advance(20 * 60_000);
    expect((await post(heartbeats(lessonId, 40, 30), s.cookie)).json<EventsResponse>().accepted).toBe(40);
    expect(await visibleSeconds(s.id)).toBe(1500);
    // One heartbeat claiming more than has passed is cut to what has passed (10 s); one with nothing left is dropped.
    advance(10_000);
    expect((await post(heartbeats(lessonId, 2, 30), s.cookie)).json<EventsResponse>()).toEqual({ accepted: 1, preview: false });
    expect(await visibleSeconds(s.id)).toBe(1510);
  });
});

describe('creditHeartbeats', () => {
  const at = new Date('2026-03-10T12:00:00Z');
  const ago = (s: number) => new Date(at.getTime() - s * 1000);
  it('credits at most the time since the last credited second, in order, cutting and dropping the rest', () => {
    expect(creditHeartbeats([30, 30, 30], ago(70), at)).toEqual({ credited: [30, 30, 10], until: at });
    expect(creditHeartbeats([300], ago(10), at)).toEqual({ credited: [10], until: at });
    expect(creditHeartbeats([5], ago(60), at)).toEqual({ credited: [5], until: ago(55) });
  });
  it('gives a first heartbeat one interval, and never more than the backlog after a long pause', () => {
    expect(creditHeartbeats([300, 300], null, at).credited).toEqual([HEARTBEAT_FIRST_SECONDS, 0]);
    expect(creditHeartbeats(Array(20).fill(300), ago(7 * 24 * 3600), at).credited.reduce((a, b) => a + b)).toBe(HEARTBEAT_BACKLOG_SECONDS);
  });
  it('credits nothing when the clock went back', () => {
    expect(creditHeartbeats([30], new Date(at.getTime() + 60_000), at)).toEqual({ credited: [0], until: at });
  });
});
