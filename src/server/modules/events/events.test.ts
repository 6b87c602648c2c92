import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_BATCH_MAX, type EventsResponse } from '../../../common/analytics';
import { ErrorCode } from '../../../common/errors';
import { ADMIN, CAROL, errorMessage } from '../../test-helpers/workspace-fixtures';
import { analyticsApp, course, DAY, enrollAt, student, type AnalyticsTestApp } from '../analytics/analytics-fixtures';

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
    await t.db.execute(sql`insert into users (email, first_name, last_name, role, approval_status) values (${CAROL}, 'Carol', 'Davis', 'student', 'pending') on conflict do nothing`);
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
