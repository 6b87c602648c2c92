import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { scalar, testClock } from '@test-support/http';
import { ErrorCode } from '../../../common/errors';
import { LearningMessages, type LearnResponse, type VideoProgressResponse } from '../../../common/learning';
import type { AdminQuiz } from '../../../common/quizzes';

/*
 * Progression through the API: lessons that must be completed in order (the lock, its reason in
 * the outline, and the server's refusal of progress, exercises and quizzes on a locked lesson), and
 * videos that must be watched (credited against the server's clock, not the client's word).
 */

let t: TestContext;
let admin: string;
const clock = testClock();

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function student(courseId: string) {
  const u = await createUser(t.db, `p-${Math.random().toString(36).slice(2, 10)}@example.com`);
  await enroll(t.db, u.id, courseId);
  return { id: u.id, cookie: await t.signIn(u.email) };
}

const complete = (cookie: string, lessonId: string) => inject('PUT', `/api/lessons/${lessonId}/progress`, cookie, { status: 'completed' });
const outline = async (cookie: string, courseId: string) =>
  (await inject('GET', `/api/courses/${courseId}/learn`, cookie)).json<LearnResponse>();
const lockedBy = (o: LearnResponse) => o.chapters.flatMap((c) => c.lessons.map((l) => l.lockedBy));

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await t.signIn(ADMIN);
});

describe('lessons in order', () => {
  let course: Awaited<ReturnType<typeof seedCourse>>;
  let ids: string[];

  beforeAll(async () => {
    course = await seedCourse(t.db, {
      chapters: [
        { title: 'One', lessons: [{ title: 'Pointers' }, { title: 'Arrays' }] },
        { title: 'Two', lessons: [{ title: 'Structs' }] },
      ],
    });
    ids = course.lessonIds.flat();
  });

  it('is off by default: any lesson may be completed in any order', async () => {
    const s = await student(course.course.id);
    expect(lockedBy(await outline(s.cookie, course.course.id))).toEqual([null, null, null]);
    expect((await complete(s.cookie, ids[2]!)).statusCode).toBe(200);
  });

  it('locks every lesson after the first one not completed, says why, and refuses progress there', async () => {
    const res = await inject('PATCH', `/api/admin/courses/${course.course.id}`, admin, { lessonsInOrder: true });
    expect(res.json().course).toMatchObject({ lessonsInOrder: true, videoWatchShare: null });
    const s = await student(course.course.id);
    const o = await outline(s.cookie, course.course.id);
    expect(o.course.lessonsInOrder).toBe(true);
    expect(lockedBy(o)).toEqual([null, 'Pointers', 'Pointers']);

    for (const status of ['in_progress', 'completed'] as const) {
      const refused = await inject('PUT', `/api/lessons/${ids[1]}/progress`, s.cookie, { status });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: ErrorCode.lessonLocked, message: 'Complete "Pointers" first.' });
    }
    expect(await scalar(t.pool, 'select count(*) from lesson_progress where student_id = $1', [s.id])).toBe(0);

    // A quiz or an exercise on a locked lesson is refused before grading.
    await inject('PUT', `/api/admin/lessons/${ids[2]}/quiz`, admin, {
      questions: [{ kind: 'short', prompt: 'Say yes', acceptedAnswers: ['yes'] }],
    });
    const quiz = await inject('POST', `/api/lessons/${ids[2]}/quiz/attempts`, s.cookie, { answers: [] });
    expect(quiz.statusCode).toBe(409);
    expect(errorMessage(quiz)).toBe(LearningMessages.lockedBy('Pointers'));
    expect(await scalar(t.pool, 'select count(*) from quiz_attempts where student_id = $1', [s.id])).toBe(0);
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into exercises (lesson_id, position, title, language, reference_solution) values ($1, 1, 'Locked work', 'javascript', 'x') returning id`,
      [ids[1]],
    );
    const exercise = await inject('POST', `/api/exercises/${rows[0]!.id}/submissions`, s.cookie, { mode: 'submit', code: 'print(1)' });
    expect(exercise.statusCode).toBe(409);
    expect(errorMessage(exercise)).toBe(LearningMessages.lockedBy('Pointers'));
    expect(await scalar(t.pool, 'select count(*) from exercise_submissions where user_id = $1', [s.id])).toBe(0);
    await t.pool.query('delete from exercises where id = $1', [rows[0]!.id]);

    expect((await complete(s.cookie, ids[0]!)).statusCode).toBe(200);
    expect(lockedBy(await outline(s.cookie, course.course.id))).toEqual([null, null, 'Arrays']);
    expect((await complete(s.cookie, ids[1]!)).statusCode).toBe(200);
    expect(lockedBy(await outline(s.cookie, course.course.id))).toEqual([null, null, null]);
    // The last lesson's quiz is open now, and passing it completes the course.
    const q: AdminQuiz = (await inject('GET', `/api/admin/lessons/${ids[2]}/quiz`, admin)).json().quiz;
    const pass = await inject('POST', `/api/lessons/${ids[2]}/quiz/attempts`, s.cookie, {
      answers: [{ questionId: q.questions[0]!.id, text: 'Yes' }],
    });
    expect(pass.json()).toMatchObject({ passed: true, lessonCompleted: true, courseJustCompleted: true });
  });

  it("locks nothing in the tutor's preview", async () => {
    expect(lockedBy(await outline(admin, course.course.id))).toEqual([null, null, null]);
  });
});

describe('turning lessons in order on after students have progress', () => {
  let course: Awaited<ReturnType<typeof seedCourse>>;
  let ids: string[];

  beforeAll(async () => {
    course = await seedCourse(t.db, {
      chapters: [
        { title: 'One', lessons: [{ title: 'Pointers' }, { title: 'Arrays' }] },
        { title: 'Two', lessons: [{ title: 'Structs' }, { title: 'Unions' }] },
      ],
    });
    ids = course.lessonIds.flat();
  });

  const summary = async (cookie = admin, courseId = course.course.id) =>
    inject('GET', `/api/admin/courses/${courseId}/progress-summary`, cookie);

  it('tells the tutor how many students are mid-course, and keeps what a student completed open', async () => {
    // Ahead of their first gap: "Pointers" and "Structs" completed, "Arrays" not.
    const ahead = await student(course.course.id);
    for (const lesson of [ids[0]!, ids[2]!]) expect((await complete(ahead.cookie, lesson)).statusCode).toBe(200);
    // Finished the whole course.
    const done = await student(course.course.id);
    for (const lesson of ids) expect((await complete(done.cookie, lesson)).statusCode).toBe(200);
    // An exercise added to "Structs" afterwards, for the student to work on again.
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into exercises (lesson_id, position, title, language, reference_solution) values ($1, 1, 'Walk a struct', 'javascript', 'x') returning id`,
      [ids[2]],
    );
    // Only opened a lesson; never started.
    const opened = await student(course.course.id);
    expect((await inject('PUT', `/api/lessons/${ids[0]}/progress`, opened.cookie, { status: 'in_progress' })).statusCode).toBe(200);
    const idle = await student(course.course.id);

    const res = await summary();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ enrolled: 4, midCourse: 2 });

    expect((await inject('PATCH', `/api/admin/courses/${course.course.id}`, admin, { lessonsInOrder: true })).statusCode).toBe(200);
    const o = await outline(ahead.cookie, course.course.id);
    // "Structs" stays open (completed, never locked); "Unions" waits for "Arrays".
    expect(o.chapters.flatMap((c) => c.lessons.map((l) => [l.title, l.status, l.lockedBy]))).toEqual([
      ['Pointers', 'completed', null],
      ['Arrays', 'not_started', null],
      ['Structs', 'completed', null],
      ['Unions', 'not_started', 'Arrays'],
    ]);
    // The server agrees: the completed lesson may be opened again and its exercise worked on; the next one is refused.
    expect((await inject('PUT', `/api/lessons/${ids[2]}/progress`, ahead.cookie, { status: 'in_progress' })).statusCode).toBe(200);
    const again = await inject('POST', `/api/exercises/${rows[0]!.id}/submissions`, ahead.cookie, { mode: 'submit', code: 'x' });
    expect(again.json().error?.code, again.body).not.toBe(ErrorCode.lessonLocked);
    const refused = await inject('PUT', `/api/lessons/${ids[3]}/progress`, ahead.cookie, { status: 'in_progress' });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(LearningMessages.lockedBy('Arrays'));
    expect(lockedBy(await outline(idle.cookie, course.course.id))).toEqual([null, 'Pointers', 'Pointers', 'Pointers']);
    expect(lockedBy(await outline(done.cookie, course.course.id))).toEqual([null, null, null, null]);
    await t.pool.query('delete from exercise_submissions where exercise_id = $1', [rows[0]!.id]);
    await t.pool.query('delete from exercises where id = $1', [rows[0]!.id]);
  });

  it('answers the summary to the tutor only, and 404 for a course that does not exist', async () => {
    const s = await student(course.course.id);
    expect((await summary(s.cookie)).statusCode).toBe(403);
    expect((await summary(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await summary(admin, 'not-an-id')).statusCode).toBe(404);
    const empty = await seedCourse(t.db, { chapters: [{ title: 'Empty' }] });
    expect((await summary(admin, empty.course.id)).json()).toEqual({ enrolled: 0, midCourse: 0 });
  });
});

describe('videos that must be watched', () => {
  let course: Awaited<ReturnType<typeof seedCourse>>;
  let video: string, reading: string;

  beforeAll(async () => {
    course = await seedCourse(t.db, { chapters: [{ title: 'Watch', lessons: [{ title: 'A video' }, { title: 'Reading', type: 'PDF' }] }] });
    [video, reading] = course.lessonIds[0]! as [string, string];
  });

  const report = (cookie: string, body: { positionSeconds: number; playedSeconds: number; durationSeconds: number }) =>
    inject('PUT', `/api/lessons/${video}/video-progress`, cookie, body);

  it('saves where the student is, for resuming on any device, without asking anything by default', async () => {
    const s = await student(course.course.id);
    const res = await report(s.cookie, { positionSeconds: 42.5, playedSeconds: 10, durationSeconds: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<VideoProgressResponse>()).toMatchObject({ positionSeconds: 42.5, watchedSeconds: 10, watchRequired: null });
    const o = await outline(s.cookie, course.course.id);
    expect(o.chapters[0]!.lessons[0]).toMatchObject({ videoPositionSeconds: 42.5, watchRequired: null });
    expect((await complete(s.cookie, video)).statusCode).toBe(200);
  });

  it('credits only the seconds the wall clock allows: seeking ahead or a forged report does not count', async () => {
    await inject('PATCH', `/api/admin/courses/${course.course.id}`, admin, { videoWatchShare: 90 });
    const s = await student(course.course.id);
    expect((await outline(s.cookie, course.course.id)).chapters[0]!.lessons.map((l) => l.watchRequired)).toEqual([90, null]);
    const refused = await complete(s.cookie, video);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: ErrorCode.videoNotWatched, message: 'Watch at least 90% of the video first.' });

    // A first report claiming the whole video is credited one report interval at most.
    let r = (await report(s.cookie, { positionSeconds: 100, playedSeconds: 100, durationSeconds: 100 })).json<VideoProgressResponse>();
    expect(r.watchedSeconds).toBe(12);
    // A burst of reports, ten seconds each, with no time passing between them: nothing more is credited.
    for (let i = 0; i < 50; i++) r = (await report(s.cookie, { positionSeconds: 50, playedSeconds: 10, durationSeconds: 100 })).json();
    expect(r.watchedSeconds).toBe(12);
    const afterFlood = r.watchedSeconds;
    // After an hour away, one report may still claim at most half a minute.
    clock.advance(60 * 60_000);
    r = (await report(s.cookie, { positionSeconds: 60, playedSeconds: 1000, durationSeconds: 100 })).json();
    expect(r.watchedSeconds).toBe(afterFlood + 30);
    expect((await complete(s.cookie, video)).statusCode).toBe(409);
    // Honest playback, ten seconds at a time, reaches the share.
    while (r.watchRequired !== null) {
      clock.advance(10_000);
      r = (await report(s.cookie, { positionSeconds: 70, playedSeconds: 10, durationSeconds: 100 })).json();
    }
    expect(r.watchedSeconds).toBeGreaterThanOrEqual(89);
    expect(r.watchedSeconds).toBeLessThanOrEqual(100);
    expect((await complete(s.cookie, reading)).statusCode).toBe(200);
    expect((await complete(s.cookie, video)).statusCode).toBe(200);
  });

  it('refuses bad reports and a student not enrolled', async () => {
    const s = await student(course.course.id);
    for (const body of [
      { positionSeconds: -1, playedSeconds: 1, durationSeconds: 10 },
      { positionSeconds: 1, playedSeconds: 1, durationSeconds: 0 },
      { positionSeconds: 1, playedSeconds: 1 },
    ]) {
      expect((await inject('PUT', `/api/lessons/${video}/video-progress`, s.cookie, body)).statusCode).toBe(400);
    }
    const outsider = await createUser(t.db, `o-${Math.random().toString(36).slice(2, 10)}@example.com`);
    const res = await inject('PUT', `/api/lessons/${video}/video-progress`, await t.signIn(outsider.email), {
      positionSeconds: 1,
      playedSeconds: 1,
      durationSeconds: 10,
    });
    expect(res.statusCode).toBe(403);
    expect(await scalar(t.pool, 'select count(*) from video_progress where student_id = $1', [outsider.id])).toBe(0);
  });
});
