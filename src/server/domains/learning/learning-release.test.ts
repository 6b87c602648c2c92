import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, completeLesson, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { DAY, HOUR } from '@test-support/http';
import { CalendarMessages, formatInZone } from '../../../common/calendar';
import { ErrorCode } from '../../../common/errors';
import type { LearnResponse } from '../../../common/learning';

/*
 * 'Release': a chapter opens on a date, or a number of days after the student's enrollment. Before then its lessons
 * are listed with the moment they open and locked: no opening, no progress, no Run or Submit, no quiz attempt, no
 * video report. A lesson the student completed stays open; the tutor's preview sees everything. The app runs on a
 * clock of the test's own, which the SQL rules are given (p_at), so every answer here is at a fixed moment.
 */

let t: TestContext;
let clock = new Date('2027-02-01T10:00:00Z');
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await t.signIn(ADMIN);
  await t.pool.query(`update school_settings set time_zone = 'Europe/Berlin'`);
});

const inject = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const learn = async (courseId: string, cookie: string) => {
  const res = await inject('GET', `/api/courses/${courseId}/learn`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LearnResponse>();
};
const progress = (lessonId: string, cookie: string, status: 'in_progress' | 'completed' = 'in_progress') =>
  inject('PUT', `/api/lessons/${lessonId}/progress`, cookie, { status });
const count = async (query: string, values: unknown[]) => Number((await t.pool.query(query, values)).rows[0].count);
const setRelease = (chapterId: string, release: { at?: Date; days?: number }) =>
  t.pool.query('update chapters set release_at = $2, release_after_days = $3 where id = $1', [
    chapterId,
    release.at ?? null,
    release.days ?? null,
  ]);

async function student(courseId: string, enrolledAt = clock) {
  const u = await createUser(t.db, `release-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await enroll(t.db, u.id, courseId);
  await t.pool.query('update enrollments set enrolled_at = $3 where student_id = $1 and course_id = $2', [u.id, courseId, enrolledAt]);
  return { id: u.id, cookie: await t.signIn(u.email) };
}

/** A course of two chapters: 'Week 1' open, 'Week 2' with whatever release the test gives it. */
async function twoWeeks(lessonsInOrder = false) {
  const seeded = await seedCourse(t.db, {
    chapters: [
      { title: 'Week 1', lessons: [{ title: 'w1a' }, { title: 'w1b' }] },
      { title: 'Week 2', lessons: [{ title: 'w2a' }, { title: 'w2b' }] },
    ],
  });
  await t.pool.query(`update lessons set summary = 'Notes of the lesson' where chapter_id = any($1)`, [seeded.chapterIds]);
  if (lessonsInOrder) await t.pool.query('update courses set lessons_in_order = true where id = $1', [seeded.course.id]);
  return { courseId: seeded.course.id, week2: seeded.chapterIds[1]!, w1: seeded.lessonIds[0]!, w2: seeded.lessonIds[1]! };
}

const refusedAsNotReleased = (res: Awaited<ReturnType<typeof inject>>, opensAt: Date) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({
    error: {
      code: ErrorCode.lessonNotReleased,
      message: CalendarMessages.notReleased(formatInZone(opensAt, 'Europe/Berlin')),
      title: 'Not Open Yet',
    },
  });
};

describe('a chapter released on a date', () => {
  it('lists its lessons with the moment they open, without their content, and opens them at that moment', async () => {
    const { courseId, week2, w1, w2 } = await twoWeeks();
    const opens = new Date(clock.getTime() + 2 * DAY);
    await setRelease(week2, { at: opens });
    const s = await student(courseId);

    const before = await learn(courseId, s.cookie);
    const lessons = before.chapters.flatMap((c) => c.lessons);
    expect(lessons.map((l) => l.opensAt)).toEqual([null, null, opens.toISOString(), opens.toISOString()]);
    expect(lessons.map((l) => l.lockedBy)).toEqual([null, null, null, null]);
    // What a lesson holds is not given out before it opens.
    expect(lessons.map((l) => [l.videoUrl !== null, l.summary])).toEqual([
      [true, 'Notes of the lesson'],
      [true, 'Notes of the lesson'],
      [false, ''],
      [false, ''],
    ]);

    refusedAsNotReleased(await progress(w2[0]!, s.cookie), opens);
    refusedAsNotReleased(await progress(w2[1]!, s.cookie, 'completed'), opens);
    expect(errorMessage(await progress(w2[0]!, s.cookie))).toBe(`This chapter opens ${formatInZone(opens, 'Europe/Berlin')}.`);
    expect(await count('select count(*) from lesson_progress where student_id = $1', [s.id])).toBe(0);
    expect((await progress(w1[0]!, s.cookie)).statusCode).toBe(200);

    // A minute before: still closed. At the moment itself: open, with its content.
    clock = new Date(opens.getTime() - 60_000);
    refusedAsNotReleased(await progress(w2[0]!, s.cookie), opens);
    clock = opens;
    const after = await learn(courseId, s.cookie);
    expect(after.chapters[1]!.lessons.map((l) => [l.opensAt, l.summary])).toEqual([
      [null, 'Notes of the lesson'],
      [null, 'Notes of the lesson'],
    ]);
    expect((await progress(w2[0]!, s.cookie, 'completed')).statusCode).toBe(200);
    clock = new Date('2027-02-01T10:00:00Z');
  });

  it('keeps a lesson the student completed open, and shows the tutor’s preview everything', async () => {
    const { courseId, week2, w2 } = await twoWeeks();
    const s = await student(courseId);
    await completeLesson(t.db, s.id, w2[0]!);
    const opens = new Date(clock.getTime() + 5 * DAY);
    await setRelease(week2, { at: opens });

    const outline = await learn(courseId, s.cookie);
    expect(outline.chapters[1]!.lessons.map((l) => l.opensAt)).toEqual([null, opens.toISOString()]);
    expect(outline.chapters[1]!.lessons[0]!.summary).toBe('Notes of the lesson');
    expect((await progress(w2[0]!, s.cookie)).json()).toMatchObject({ lessonStatus: 'completed' });
    refusedAsNotReleased(await progress(w2[1]!, s.cookie), opens);

    const preview = await learn(courseId, admin);
    expect(preview.preview).toBe(true);
    expect(preview.chapters[1]!.lessons.map((l) => [l.opensAt, l.lockedBy, l.summary])).toEqual([
      [null, null, 'Notes of the lesson'],
      [null, null, 'Notes of the lesson'],
    ]);
    expect((await progress(w2[1]!, admin, 'completed')).statusCode).toBe(200);
  });
});

describe('a chapter released a number of days after enrollment', () => {
  it('opens for each student on their own day', async () => {
    const { courseId, week2, w2 } = await twoWeeks();
    await setRelease(week2, { days: 7 });
    // Enrolled 5 days ago: opens in 2 days. Enrolled 8 days ago: open since yesterday.
    const recent = await student(courseId, new Date(clock.getTime() - 5 * DAY));
    const earlier = await student(courseId, new Date(clock.getTime() - 8 * DAY));
    const opens = new Date(clock.getTime() + 2 * DAY);

    expect((await learn(courseId, recent.cookie)).chapters[1]!.lessons.map((l) => l.opensAt)).toEqual([
      opens.toISOString(),
      opens.toISOString(),
    ]);
    expect((await learn(courseId, earlier.cookie)).chapters[1]!.lessons.map((l) => l.opensAt)).toEqual([null, null]);
    refusedAsNotReleased(await progress(w2[0]!, recent.cookie), opens);
    expect((await progress(w2[0]!, earlier.cookie)).statusCode).toBe(200);

    // 0 days: open from the moment of enrollment.
    await setRelease(week2, { days: 0 });
    expect((await progress(w2[0]!, recent.cookie)).statusCode).toBe(200);
  });

  it('is the SQL rule itself, at the moment it is asked about (p_at)', async () => {
    const { courseId, week2, w2 } = await twoWeeks();
    const enrolled = new Date('2027-01-01T12:00:00Z');
    const s = await student(courseId, enrolled);
    await setRelease(week2, { days: 3 });
    const opens = new Date('2027-01-04T12:00:00Z');
    const locks = async (at: string) =>
      (
        await t.pool.query<{ lesson_id: string; locked_by: string | null; opens_at: Date | null }>(
          'select * from learning_course_locks($1, $2, $3) order by opens_at, lesson_id',
          [s.id, courseId, at],
        )
      ).rows;
    expect((await t.pool.query('select calendar_chapter_opens_at($1, $2) as at', [s.id, week2])).rows[0].at).toEqual(opens);
    expect(await locks('2027-01-04T11:59:59Z')).toEqual([...w2].sort().map((id) => ({ lesson_id: id, locked_by: null, opens_at: opens })));
    expect(await locks('2027-01-04T12:00:00Z')).toEqual([]);
    // Asked about the progress write's own moment: refused before, written after.
    const write = async (at: string) =>
      (await t.pool.query('select access, detail from learning_record_progress($1, $2, $3, $4)', [s.id, w2[0], 'in_progress', at])).rows[0];
    expect(await write('2027-01-02T00:00:00Z')).toEqual({ access: 'not_released', detail: '2027-01-04T12:00:00.000Z' });
    expect(await write('2027-01-05T00:00:00Z')).toMatchObject({ access: 'ok' });
  });
});

describe('work on a lesson not open yet', () => {
  it('is refused for reading its exercises and quiz, Run, Submit, quiz attempts, video reports and the AI tutor alike; nothing is written', async () => {
    const { courseId, week2, w2 } = await twoWeeks();
    const s = await student(courseId);
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into exercises (lesson_id, position, title, language, reference_solution) values ($1, 1, 'Echo', 'javascript', 'console.log(1)') returning id`,
      [w2[0]],
    );
    const exerciseId = rows[0]!.id;
    const quiz = await inject('PUT', `/api/admin/lessons/${w2[0]}/quiz`, admin, {
      questions: [
        {
          kind: 'single',
          prompt: 'Yes?',
          choices: [
            { text: 'Yes', correct: true },
            { text: 'No', correct: false },
          ],
        },
      ],
    });
    expect(quiz.statusCode, quiz.body).toBe(200);
    const opens = new Date(clock.getTime() + 3 * HOUR);
    await setRelease(week2, { at: opens });

    // Its exercises and quiz are not given out before it opens either.
    refusedAsNotReleased(await inject('GET', `/api/lessons/${w2[0]}/exercises`, s.cookie), opens);
    refusedAsNotReleased(await inject('GET', `/api/lessons/${w2[0]}/quiz`, s.cookie), opens);
    expect((await inject('GET', `/api/lessons/${w2[0]}/quiz`, admin)).statusCode).toBe(200);
    for (const mode of ['run', 'submit'] as const)
      refusedAsNotReleased(
        await inject('POST', `/api/exercises/${exerciseId}/submissions`, s.cookie, { mode, code: 'console.log(1)' }),
        opens,
      );
    const questionId = quiz.json<{ questions: { id: string; choices: { id: string }[] }[] }>().questions[0]!;
    refusedAsNotReleased(
      await inject('POST', `/api/lessons/${w2[0]}/quiz/attempts`, s.cookie, {
        answers: [{ questionId: questionId.id, choiceIds: [questionId.choices[0]!.id] }],
      }),
      opens,
    );
    refusedAsNotReleased(
      await inject('PUT', `/api/lessons/${w2[0]}/video-progress`, s.cookie, { positionSeconds: 5, playedSeconds: 5, durationSeconds: 60 }),
      opens,
    );
    // The AI tutor answers from the lesson: it is not asked about one that is not open yet.
    refusedAsNotReleased(
      await inject('POST', `/api/lessons/${w2[0]}/tutor/messages`, s.cookie, { content: 'What is in this lesson?' }),
      opens,
    );
    expect(
      await count('select count(*) from tutor_messages m join tutor_conversations c on c.id = m.conversation_id where c.user_id = $1', [
        s.id,
      ]),
    ).toBe(0);
    expect(await count('select count(*) from exercise_submissions where user_id = $1', [s.id])).toBe(0);
    expect(await count('select count(*) from quiz_attempts where student_id = $1', [s.id])).toBe(0);
    expect(await count('select count(*) from video_progress where student_id = $1', [s.id])).toBe(0);
    expect(await count('select count(*) from lesson_progress where student_id = $1', [s.id])).toBe(0);
  });

  it('in a course whose lessons go in order, is told by its release first, and the order rule holds as before', async () => {
    const { courseId, week2, w1, w2 } = await twoWeeks(true);
    const s = await student(courseId);
    const opens = new Date(clock.getTime() + DAY);
    await setRelease(week2, { at: opens });
    const lessons = (await learn(courseId, s.cookie)).chapters.flatMap((c) => c.lessons);
    expect(lessons.map((l) => [l.lockedBy, l.opensAt])).toEqual([
      [null, null],
      ['w1a', null],
      ['w1a', opens.toISOString()],
      ['w1a', opens.toISOString()],
    ]);
    refusedAsNotReleased(await progress(w2[0]!, s.cookie), opens);
    const locked = await progress(w1[1]!, s.cookie);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ error: { code: ErrorCode.lessonLocked } });
    // A lesson locked by the order alone may still be read ahead.
    expect((await inject('GET', `/api/lessons/${w1[1]}/exercises`, s.cookie)).statusCode).toBe(200);
    expect((await inject('GET', `/api/lessons/${w2[0]}/exercises`, s.cookie)).statusCode).toBe(409);
  });
});
