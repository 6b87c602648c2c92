import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { DAY, HOUR, scalar, testClock } from '@test-support/http';
import { CalendarMessages, formatInZone } from '../../../common/calendar';
import { ErrorCode } from '../../../common/errors';
import type { AdminQuiz, QuizAttemptResult, StudentQuizResponse } from '../../../common/quizzes';

/*
 * A quiz's due date and late attempts as the student meets them, against a test clock: an attempt is made at the
 * app's now, and its lateness is read against the student's due date as it stands when it is read.
 */

const clock = testClock(Date.parse('2026-03-02T09:00:00Z'));
let t: TestContext;
let admin: string;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A course of its own with a one-question quiz due at `due`, under the late rule given. */
async function courseWithQuiz(policy: 'accept' | 'penalty' | 'closed', due: Date) {
  const course = await seedCourse(t.db, { chapters: [{ title: 'Week 1', lessons: [{ title: 'Pointers' }] }] });
  await t.pool.query(`update courses set late_policy = $2, late_penalty_per_day = 20, late_penalty_cap = 50 where id = $1`, [
    course.course.id,
    policy,
  ]);
  const lessonId = course.lessonIds[0]![0]!;
  const res = await inject('PUT', `/api/admin/lessons/${lessonId}/quiz`, admin, {
    passMark: 50,
    questions: [
      {
        kind: 'single',
        prompt: 'Which operator takes an address?',
        choices: [
          { text: '*', correct: false },
          { text: '&', correct: true },
        ],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const quiz = res.json<AdminQuiz>();
  await t.pool.query(`update quizzes set due_at = $2 where id = $1`, [quiz.id, due.toISOString()]);
  const right = [{ questionId: quiz.questions[0]!.id, choiceIds: [quiz.questions[0]!.choices.find((c) => c.correct)!.id] }];
  return { courseId: course.course.id, lessonId, quiz, right };
}

async function student(courseId: string) {
  const u = await createUser(t.db, `quiz-due-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await enroll(t.db, u.id, courseId);
  return { id: u.id, cookie: await t.signIn(u.email) };
}

async function studentQuiz(cookie: string, lessonId: string) {
  const res = await inject('GET', `/api/lessons/${lessonId}/quiz`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StudentQuizResponse>().quiz!;
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await t.signIn(ADMIN);
});

describe('a quiz with a due date', () => {
  it('says when it is due, then what an attempt now costs; a late attempt carries its penalty', async () => {
    const due = new Date(clock.now().getTime() + DAY);
    const { courseId, lessonId, right } = await courseWithQuiz('penalty', due);
    const s = await student(courseId);
    expect((await studentQuiz(s.cookie, lessonId)).due).toEqual({ dueAt: due.toISOString(), extended: false, lateNow: null });

    const onTime = await inject('POST', `/api/lessons/${lessonId}/quiz/attempts`, s.cookie, { answers: [] });
    expect(onTime.json<QuizAttemptResult>().late).toBeNull();

    clock.advance(DAY + 25 * HOUR); // 25 hours past due: two started days, 40% off
    expect((await studentQuiz(s.cookie, lessonId)).due!.lateNow).toEqual({ daysLate: 2, penalty: 40, accepted: true });
    const late = await inject('POST', `/api/lessons/${lessonId}/quiz/attempts`, s.cookie, { answers: right });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json<QuizAttemptResult>()).toMatchObject({ score: 100, late: { daysLate: 2, penalty: 40, rawScore: 100, score: 60 } });
    // Read again, the last attempt says the same; later the penalty of that attempt stays (it is its own time's).
    clock.advance(2 * DAY);
    expect((await studentQuiz(s.cookie, lessonId)).lastAttempt!.late).toEqual({ daysLate: 2, penalty: 40, rawScore: 100, score: 60 });
    // The cap holds for an attempt now.
    expect((await studentQuiz(s.cookie, lessonId)).due!.lateNow).toEqual({ daysLate: 4, penalty: 50, accepted: true });
  });

  it('closed: a late attempt is refused with the due date, and nothing is written', async () => {
    const due = new Date(clock.now().getTime() - HOUR);
    const { courseId, lessonId, right } = await courseWithQuiz('closed', due);
    const s = await student(courseId);
    expect((await studentQuiz(s.cookie, lessonId)).due!.lateNow).toEqual({ daysLate: 1, penalty: 0, accepted: false });
    const res = await inject('POST', `/api/lessons/${lessonId}/quiz/attempts`, s.cookie, { answers: right });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe(ErrorCode.lateClosed);
    expect(errorMessage(res)).toBe(CalendarMessages.lateClosed(formatInZone(due, 'UTC')));
    expect(await scalar(t.pool, 'select count(*)::int from quiz_attempts where student_id = $1', [s.id])).toBe(0);
    expect(await scalar(t.pool, 'select count(*)::int from lesson_progress where student_id = $1', [s.id])).toBe(0);
    // The tutor's preview is graded as ever.
    expect((await inject('POST', `/api/lessons/${lessonId}/quiz/attempts`, admin, { answers: right })).statusCode).toBe(200);
  });

  it("an extension of the student's removes a late attempt's penalty and takes attempts again under 'Closed'", async () => {
    const due = new Date(clock.now().getTime() - 2 * HOUR);
    const { courseId, lessonId, quiz, right } = await courseWithQuiz('penalty', due);
    const s = await student(courseId);
    const late = await inject('POST', `/api/lessons/${lessonId}/quiz/attempts`, s.cookie, { answers: [] });
    expect(late.json<QuizAttemptResult>().late).toMatchObject({ penalty: 20 });

    await t.pool.query(`insert into deadline_extensions (student_id, course_id, quiz_id, due_at) values ($1, $2, $3, $4)`, [
      s.id,
      courseId,
      quiz.id,
      new Date(clock.now().getTime() + DAY).toISOString(),
    ]);
    const view = await studentQuiz(s.cookie, lessonId);
    expect(view.due).toMatchObject({ extended: true, lateNow: null });
    expect(view.lastAttempt!.late).toBeNull();

    await t.pool.query(`update courses set late_policy = 'closed' where id = $1`, [courseId]);
    const again = await inject('POST', `/api/lessons/${lessonId}/quiz/attempts`, s.cookie, { answers: right });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<QuizAttemptResult>()).toMatchObject({ passed: true, late: null });
  });
});
