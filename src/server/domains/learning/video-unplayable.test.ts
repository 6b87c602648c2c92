import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, seedCourse } from '@test-support/fixtures/users-and-courses';
import { scalar, testClock } from '@test-support/http';
import { ErrorCode } from '../../../common/errors';
import type { LearnResponse, VideoProgressResponse } from '../../../common/learning';

/*
 * A lesson video that cannot play on the student's device (decision 030): once the player reported
 * an error or never answered, Mark Complete no longer waits for the video, and the server keeps the
 * report. Without such a report the watch rule stands as before.
 */

let t: TestContext;
let admin: string;
const clock = testClock();

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

let course: Awaited<ReturnType<typeof seedCourse>>;
let video: string;
let second: string;

async function student(courseId = course.course.id) {
  const u = await createUser(t.db, `vu-${Math.random().toString(36).slice(2, 10)}@example.com`);
  await enroll(t.db, u.id, courseId);
  return { id: u.id, cookie: await t.signIn(u.email) };
}

const complete = (cookie: string, lessonId: string) => inject('PUT', `/api/lessons/${lessonId}/progress`, cookie, { status: 'completed' });
const unplayable = (cookie: string, lessonId: string, body: unknown) =>
  inject('POST', `/api/lessons/${lessonId}/video-unplayable`, cookie, body);
const watchRequired = async (cookie: string) =>
  (await inject('GET', `/api/courses/${course.course.id}/learn`, cookie))
    .json<LearnResponse>()
    .chapters[0]!.lessons.map((l) => l.watchRequired);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await t.signIn(ADMIN);
  course = await seedCourse(t.db, { chapters: [{ title: 'Watch', lessons: [{ title: 'Blocked video' }, { title: 'Another video' }] }] });
  [video, second] = course.lessonIds[0]! as [string, string];
  const res = await inject('PATCH', `/api/admin/courses/${course.course.id}`, admin, { videoWatchShare: 90 });
  expect(res.statusCode, res.body).toBe(200);
});

describe('a video that cannot play', () => {
  it('lifts the watch rule for that student and lesson once the player reported it, and keeps the report', async () => {
    const s = await student();
    expect(await watchRequired(s.cookie)).toEqual([90, 90]);
    const refused = await complete(s.cookie, video);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe(ErrorCode.videoNotWatched);

    const res = await unplayable(s.cookie, video, { reason: 'timeout' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VideoProgressResponse>()).toMatchObject({ watchRequired: null, watchedSeconds: 0, preview: false });
    // Only that lesson: the other video still asks to be watched, and another student is not concerned.
    expect(await watchRequired(s.cookie)).toEqual([null, 90]);
    expect(await watchRequired((await student()).cookie)).toEqual([90, 90]);
    expect((await complete(s.cookie, second)).statusCode).toBe(409);

    const done = await complete(s.cookie, video);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().lessonStatus).toBe('completed');
    const row = await t.pool.query<{ unplayable_reason: string; unplayable_at: Date | null }>(
      'select unplayable_reason, unplayable_at from video_progress where student_id = $1 and lesson_id = $2',
      [s.id, video],
    );
    expect(row.rows).toEqual([{ unplayable_reason: 'timeout', unplayable_at: expect.any(Date) }]);
  });

  it('keeps the first report and the credited seconds when playback was reported before', async () => {
    const s = await student();
    const played = await inject('PUT', `/api/lessons/${video}/video-progress`, s.cookie, {
      positionSeconds: 10,
      playedSeconds: 10,
      durationSeconds: 100,
    });
    expect(played.json<VideoProgressResponse>().watchedSeconds).toBe(10);
    expect((await unplayable(s.cookie, video, { reason: 'error' })).json<VideoProgressResponse>()).toMatchObject({
      positionSeconds: 10,
      watchedSeconds: 10,
      durationSeconds: 100,
      watchRequired: null,
    });
    clock.advance(60_000);
    expect((await unplayable(s.cookie, video, { reason: 'timeout' })).statusCode).toBe(200);
    expect(await scalar(t.pool, 'select unplayable_reason from video_progress where student_id = $1', [s.id])).toBe('error');
  });

  it('refuses a report without a known reason, and a student not enrolled, writing nothing', async () => {
    const s = await student();
    for (const body of [{}, { reason: 'bored' }, { reason: 'error', extra: 1 }]) {
      expect((await unplayable(s.cookie, video, body)).statusCode).toBe(400);
    }
    const outsider = await createUser(t.db, `vo-${Math.random().toString(36).slice(2, 10)}@example.com`);
    expect((await unplayable(await t.signIn(outsider.email), video, { reason: 'error' })).statusCode).toBe(403);
    expect((await unplayable(s.cookie, '00000000-0000-4000-8000-000000000000', { reason: 'error' })).statusCode).toBe(404);
    const rows = await scalar(t.pool, 'select count(*) from video_progress where student_id = any($1)', [[s.id, outsider.id]]);
    expect(rows).toBe(0);
  });

  it("in the tutor's preview answers without writing anything", async () => {
    const before = await scalar(t.pool, 'select count(*) from video_progress where lesson_id = $1', [video]);
    await inject('PUT', '/api/me/view-mode', admin, { viewMode: 'student' });
    try {
      const res = await unplayable(admin, video, { reason: 'error' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<VideoProgressResponse>()).toMatchObject({ watchRequired: null, preview: true });
    } finally {
      await inject('PUT', '/api/me/view-mode', admin, { viewMode: 'admin' });
    }
    expect(await scalar(t.pool, 'select count(*) from video_progress where lesson_id = $1', [video])).toBe(before);
  });
});
