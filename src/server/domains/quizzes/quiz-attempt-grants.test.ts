import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse, userId } from '@test-support/fixtures/users-and-courses';
import { scalar } from '@test-support/http';
import { ErrorCode } from '../../../common/errors';
import type { LearnResponse } from '../../../common/learning';
import {
  QuizMessages,
  type AdminQuiz,
  type QuizAttemptResult,
  type QuizInput,
  type QuizStanding,
  type QuizStandingsResponse,
  type StudentQuizResponse,
} from '../../../common/quizzes';

/*
 * The tutor's help for a student out of attempts (decision 020, revision 1): one more attempt, or
 * a fresh allowance that keeps the attempts made; who may ask; and bad requests, which write nothing.
 */

let t: TestContext;
let admin: string;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

const oneQuestion = (attemptsAllowed: number | null): QuizInput => ({
  attemptsAllowed,
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

/** A published course of one lesson with a quiz of one question. */
async function quizCourse(attemptsAllowed: number | null) {
  const { course, lessonIds } = await seedCourse(t.db, { chapters: [{ title: 'Basics', lessons: [{ title: 'Pointers' }] }] });
  const lessonId = lessonIds[0]![0]!;
  const res = await inject('PUT', `/api/admin/lessons/${lessonId}/quiz`, admin, oneQuestion(attemptsAllowed));
  expect(res.statusCode, res.body).toBe(200);
  const quiz = res.json<AdminQuiz>();
  const question = quiz.questions[0]!;
  const right = [{ questionId: question.id, choiceIds: [question.choices.find((c) => c.correct)!.id] }];
  const wrong = [{ questionId: question.id, choiceIds: [question.choices.find((c) => !c.correct)!.id] }];
  return { course, lessonId, quiz, right, wrong };
}

async function student(lastName: string, courseId: string | null) {
  const u = await createUser(t.db, `${lastName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`, {
    firstName: 'Sam',
    lastName,
  });
  if (courseId) await enroll(t.db, u.id, courseId);
  return { id: u.id, name: `Sam ${lastName}`, cookie: await t.signIn(u.email) };
}

const attempt = (cookie: string, lessonId: string, answers: unknown[]) =>
  inject('POST', `/api/lessons/${lessonId}/quiz/attempts`, cookie, { answers });
const studentQuiz = async (cookie: string, lessonId: string) =>
  (await inject('GET', `/api/lessons/${lessonId}/quiz`, cookie)).json<StudentQuizResponse>().quiz!;
const grant = (quizId: string, studentId: string, cookie = admin) =>
  inject('POST', `/api/admin/quizzes/${quizId}/students/${studentId}/extra-attempts`, cookie);
const reset = (quizId: string, studentId: string, cookie = admin) =>
  inject('POST', `/api/admin/quizzes/${quizId}/students/${studentId}/attempts-reset`, cookie);
const grantsRows = () => scalar(t.pool, 'select count(*)::int from quiz_attempt_grants');
const grantsTable = async () => (await t.pool.query('select * from quiz_attempt_grants order by quiz_id, student_id')).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
});

describe('one more attempt', () => {
  it('lets a student out of attempts try again and pass, which completes the lesson, the course and the certificate', async () => {
    const { course, lessonId, quiz, right, wrong } = await quizCourse(1);
    const s = await student('Granted', course.id);
    expect((await attempt(s.cookie, lessonId, wrong)).json<QuizAttemptResult>()).toMatchObject({ passed: false, attemptsLeft: 0 });
    const refused = await attempt(s.cookie, lessonId, right);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: ErrorCode.attemptsUsedUp, message: QuizMessages.attemptsUsedUp(1) });
    expect(await studentQuiz(s.cookie, lessonId)).toMatchObject({ attemptsAllowed: 1, attemptsUsed: 1, attemptsLeft: 0, passed: false });

    // The quiz's figures, per student: what the tutor sees before helping.
    const before = (await inject('GET', `/api/admin/quizzes/${quiz.id}/students`, admin)).json<QuizStandingsResponse>();
    expect(before.standings).toEqual([
      expect.objectContaining({
        studentId: s.id,
        name: s.name,
        enrolled: true,
        attemptsMade: 1,
        attemptsAllowed: 1,
        attemptsUsed: 1,
        attemptsLeft: 0,
        extraAttempts: 0,
        bestScore: 0,
        passed: false,
        lessonId,
        courseId: course.id,
      }),
    ]);

    const granted = await grant(quiz.id, s.id);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<QuizStanding>()).toMatchObject({ attemptsAllowed: 2, attemptsUsed: 1, attemptsLeft: 1, extraAttempts: 1 });
    expect(await studentQuiz(s.cookie, lessonId)).toMatchObject({
      attemptsAllowed: 2,
      attemptsUsed: 1,
      attemptsLeft: 1,
      courseTitle: course.title,
      lessonTitle: 'Pointers',
    });

    const passed = await attempt(s.cookie, lessonId, right);
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json<QuizAttemptResult>()).toMatchObject({
      number: 2,
      passed: true,
      lessonCompleted: true,
      courseJustCompleted: true,
      attemptsLeft: 0,
    });
    const outline = (await inject('GET', `/api/courses/${course.id}/learn`, s.cookie)).json<LearnResponse>();
    expect(outline.chapters[0]!.lessons[0]).toMatchObject({ status: 'completed' });
    expect(await scalar(t.pool, 'select count(*)::int from certificates where student_id = $1', [s.id])).toBe(1);

    // The student's page in the admin shows the same standing; a passed quiz takes no more grants.
    const page = (await inject('GET', `/api/admin/students/${s.id}/quizzes`, admin)).json<QuizStandingsResponse>();
    expect(page.standings).toEqual([expect.objectContaining({ quizId: quiz.id, attemptsMade: 2, passed: true, bestScore: 100 })]);
    const table = await grantsTable();
    const again = await grant(quiz.id, s.id);
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(QuizMessages.alreadyPassed(s.name));
    expect(await grantsTable()).toEqual(table);
  });

  it('adds up: two grants are two more attempts', async () => {
    const { course, lessonId, quiz, wrong } = await quizCourse(1);
    const s = await student('Twice', course.id);
    await attempt(s.cookie, lessonId, wrong);
    await grant(quiz.id, s.id);
    expect((await grant(quiz.id, s.id)).json<QuizStanding>()).toMatchObject({ attemptsAllowed: 3, attemptsLeft: 2 });
    expect((await attempt(s.cookie, lessonId, wrong)).json<QuizAttemptResult>().attemptsLeft).toBe(1);
    expect((await attempt(s.cookie, lessonId, wrong)).json<QuizAttemptResult>().attemptsLeft).toBe(0);
    expect((await attempt(s.cookie, lessonId, wrong)).statusCode).toBe(409);
  });
});

describe('a reset', () => {
  it('keeps the attempts for the figures and the last result, and makes the allowance fresh', async () => {
    const { course, lessonId, quiz, right, wrong } = await quizCourse(2);
    const s = await student('Reset', course.id);
    await attempt(s.cookie, lessonId, wrong);
    await attempt(s.cookie, lessonId, wrong);
    await grant(quiz.id, s.id);
    await attempt(s.cookie, lessonId, wrong);
    expect(await studentQuiz(s.cookie, lessonId)).toMatchObject({ attemptsAllowed: 3, attemptsUsed: 3, attemptsLeft: 0 });

    const res = await reset(quiz.id, s.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<QuizStanding>()).toMatchObject({
      attemptsMade: 3,
      attemptsAllowed: 2,
      attemptsUsed: 0,
      attemptsLeft: 2,
      extraAttempts: 0,
      passed: false,
    });
    // History kept: the attempts are all there, the figures count them, the student still sees the last one.
    expect(await scalar(t.pool, 'select count(*)::int from quiz_attempts where student_id = $1', [s.id])).toBe(3);
    const figures = (await inject('GET', `/api/admin/lessons/${lessonId}/quiz`, admin)).json().quiz.stats;
    expect(figures).toMatchObject({ attempts: 3, students: 1, passRate: 0 });
    const fresh = await studentQuiz(s.cookie, lessonId);
    expect(fresh).toMatchObject({ attemptsAllowed: 2, attemptsUsed: 0, attemptsLeft: 2, lastAttempt: { number: 3, passed: false } });

    // The next attempt is number 4, and counts as the first of the fresh allowance.
    expect((await attempt(s.cookie, lessonId, wrong)).json<QuizAttemptResult>()).toMatchObject({ number: 4, attemptsLeft: 1 });
    expect((await attempt(s.cookie, lessonId, right)).json<QuizAttemptResult>()).toMatchObject({
      number: 5,
      passed: true,
      lessonCompleted: true,
      attemptsLeft: 0,
    });
    const table = await grantsTable();
    expect(errorMessage(await reset(quiz.id, s.id))).toBe(QuizMessages.alreadyPassed(s.name));
    expect(await grantsTable()).toEqual(table);
  });
});

describe('who may grant or reset', () => {
  it('only the tutor: a student (even the one concerned) is refused and nothing is written', async () => {
    const { course, lessonId, quiz, wrong } = await quizCourse(1);
    const s = await student('Self', course.id);
    await attempt(s.cookie, lessonId, wrong);
    const rows = await grantsRows();
    for (const call of [grant, reset]) expect((await call(quiz.id, s.id, s.cookie)).statusCode).toBe(403);
    expect((await grant(quiz.id, s.id, '')).statusCode).toBe(401);
    expect((await inject('GET', `/api/admin/quizzes/${quiz.id}/students`, s.cookie)).statusCode).toBe(403);
    expect((await inject('GET', `/api/admin/students/${s.id}/quizzes`, s.cookie)).statusCode).toBe(403);
    expect(await grantsRows()).toBe(rows);
    expect((await attempt(s.cookie, lessonId, wrong)).statusCode).toBe(409);
  });
});

describe('bad requests', () => {
  it('an unknown quiz or student, a student not enrolled, a quiz without a limit: a clear 4xx and nothing written', async () => {
    const { course, quiz } = await quizCourse(1);
    const unlimited = await quizCourse(null);
    const s = await student('Known', course.id);
    const outsider = await student('Outsider', null);
    await enroll(t.db, s.id, unlimited.course.id);
    const adminId = await userId(t.db, ADMIN);
    const missing = crypto.randomUUID();
    const table = await grantsTable();

    const cases: [string, string, number, string][] = [
      [missing, s.id, 404, QuizMessages.quizNotFound],
      ['not-a-uuid', s.id, 404, QuizMessages.quizNotFound],
      [quiz.id, missing, 404, QuizMessages.studentNotFound],
      [quiz.id, 'x', 404, QuizMessages.studentNotFound],
      [quiz.id, adminId, 404, QuizMessages.studentNotFound],
      [quiz.id, outsider.id, 409, QuizMessages.notEnrolled(outsider.name, course.title)],
      [unlimited.quiz.id, s.id, 409, QuizMessages.unlimitedAttempts],
    ];
    for (const [quizId, studentId, status, message] of cases) {
      for (const call of [grant, reset]) {
        const res = await call(quizId, studentId);
        expect(res.statusCode, `${quizId} ${studentId}`).toBe(status);
        expect(errorMessage(res)).toBe(message);
      }
    }
    expect(await grantsTable()).toEqual(table);

    expect((await inject('GET', `/api/admin/quizzes/${missing}/students`, admin)).statusCode).toBe(404);
    expect((await inject('GET', `/api/admin/students/${missing}/quizzes`, admin)).statusCode).toBe(404);
    expect((await inject('GET', `/api/admin/students/${outsider.id}/quizzes`, admin)).json()).toEqual({ standings: [] });
  });
});
