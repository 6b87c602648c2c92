import { beforeAll, describe, expect, it } from 'vitest';
import { gradedSubmission, startTestGrading } from '@test-support/grading';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse } from '@test-support/fixtures/users-and-courses';
import { scalar } from '@test-support/http';
import { CalendarMessages, formatInZone } from '../../../common/calendar';
import { ErrorCode } from '../../../common/errors';
import type { AdminExercise, ExerciseInput, LessonExercisesResponse, Submission, SubmissionHistory } from '../../../common/practice';

/*
 * Due dates and late work in practice, as the student meets them, graded for real. Due dates are set relative to the
 * database's clock (the submissions' times are its own), and the late rule is read when a submission is read, so an
 * extension granted afterwards removes a penalty already shown.
 */

let t: TestContext;
let admin: string;

const HIDDEN_INPUT = '40000 2';
const HIDDEN_OUTPUT = '40002';
const SUM_JS = `const [a, b] = readline().split(' ').map(Number);\nconsole.log(a + b);\n`;
const sumJs = (): ExerciseInput => ({
  title: 'Sum in JavaScript',
  language: 'javascript',
  referenceSolution: SUM_JS,
  tests: [
    { input: '2 3\n', expectedOutput: '5\n' },
    { input: `${HIDDEN_INPUT}\n`, expectedOutput: `${HIDDEN_OUTPUT}\n`, hidden: true, name: 'Large Numbers' },
  ],
  limits: { timeMs: 1000, memoryMb: 64, outputKb: 8 },
});
/** Passes the visible test only: the hidden one's numbers are too large for it. */
const VISIBLE_ONLY_JS = `const [a, b] = readline().split(' ').map(Number);\nconsole.log(a < 100 ? a + b : 0);\n`;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A course of its own with one exercise, its late rule as given. */
async function courseWithExercise(rule: { policy: 'accept' | 'penalty' | 'closed'; perDay?: number; cap?: number; hiddenTests?: boolean }) {
  const course = await seedCourse(t.db, { chapters: [{ title: 'Week 1', lessons: [{ title: 'Sums' }] }] });
  await t.pool.query(
    `update courses set late_policy = $2, late_penalty_per_day = $3, late_penalty_cap = $4, hidden_tests_after_due = $5 where id = $1`,
    [course.course.id, rule.policy, rule.perDay ?? 10, rule.cap ?? 50, rule.hiddenTests ?? false],
  );
  const lessonId = course.lessonIds[0]![0]!;
  const res = await inject('POST', `/api/admin/lessons/${lessonId}/exercises`, admin, sumJs());
  expect(res.statusCode, res.body).toBe(201);
  return { courseId: course.course.id, lessonId, exercise: res.json<AdminExercise>() };
}

/** The exercise's own due date, this far from the database's now ('-2 days 12 hours' is two and a half days ago). */
const dueIn = (exerciseId: string, interval: string) =>
  t.pool.query(`update exercises set due_at = now() + $2::interval where id = $1`, [exerciseId, interval]);

/** 'Extend Deadline', written as the tutor's screen would. */
const extend = (studentId: string, courseId: string, exerciseId: string, interval: string) =>
  t.pool.query(
    `insert into deadline_extensions (student_id, course_id, exercise_id, due_at, reason) values ($1, $2, $3, now() + $4::interval, 'Ill')`,
    [studentId, courseId, exerciseId, interval],
  );

async function student(courseId: string) {
  const u = await createUser(t.db, `due-${Math.random().toString(36).slice(2, 8)}@example.com`, { firstName: 'Sam', lastName: 'Late' });
  await enroll(t.db, u.id, courseId);
  return { id: u.id, cookie: await t.signIn(u.email) };
}

const graded = (cookie: string, id: string) => gradedSubmission(t.app, cookie, id);

async function submit(cookie: string, exerciseId: string, code = SUM_JS, mode: 'run' | 'submit' = 'submit') {
  const res = await inject('POST', `/api/exercises/${exerciseId}/submissions`, cookie, { mode, code });
  expect(res.statusCode, res.body).toBe(202);
  return graded(cookie, res.json<Submission>().id);
}

async function exerciseView(cookie: string, lessonId: string) {
  const res = await inject('GET', `/api/lessons/${lessonId}/exercises`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LessonExercisesResponse>().exercises[0]!;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PRACTICE_SUBMISSIONS_PER_MINUTE: '1000' } });
  await startTestGrading(t.pool);
  admin = await t.signIn(ADMIN);
}, 120_000);

describe('due dates in practice', () => {
  it('an exercise due ahead shows its due date, and a Submit on time is not late', async () => {
    const { courseId, lessonId, exercise } = await courseWithExercise({ policy: 'closed' });
    const s = await student(courseId);
    expect((await exerciseView(s.cookie, lessonId)).due).toBeNull();

    await dueIn(exercise.id, '2 days');
    const view = await exerciseView(s.cookie, lessonId);
    expect(view.due).toMatchObject({ extended: false, lateNow: null });
    const due = await scalar<Date>(t.pool, 'select due_at from exercises where id = $1', [exercise.id]);
    expect(view.due!.dueAt).toBe(due.toISOString());
    expect((await submit(s.cookie, exercise.id)).late).toBeNull();
  }, 60_000);

  it('past due under a penalty: the view says what a Submit costs, and the Submit is taken late with it', async () => {
    const { courseId, lessonId, exercise } = await courseWithExercise({ policy: 'penalty', perDay: 15, cap: 40 });
    const s = await student(courseId);
    await dueIn(exercise.id, '-1 day -2 hours');
    // A day and two hours late is two started days: 30% off.
    expect((await exerciseView(s.cookie, lessonId)).due).toMatchObject({ lateNow: { daysLate: 2, penalty: 30, accepted: true } });

    const full = await submit(s.cookie, exercise.id);
    expect(full.result!.verdict).toBe('passed');
    expect(full.late).toEqual({ daysLate: 2, penalty: 30, rawScore: 100, score: 70 });
    // Half the points (the hidden test failed), then 30% off: 35.
    const half = await submit(s.cookie, exercise.id, VISIBLE_ONLY_JS);
    expect(half.late).toEqual({ daysLate: 2, penalty: 30, rawScore: 50, score: 35 });
    expect((await exerciseView(s.cookie, lessonId)).latestSubmission!.late).toEqual(half.late);

    // The penalty stops at the course's cap.
    await dueIn(exercise.id, '-9 days -12 hours');
    expect((await exerciseView(s.cookie, lessonId)).due!.lateNow).toEqual({ daysLate: 10, penalty: 40, accepted: true });
    // A Run is never late: it grades nothing.
    expect((await submit(s.cookie, exercise.id, SUM_JS, 'run')).late).toBeNull();

    // The tutor's history of the student's attempts says which were late, read now like the student's.
    const history = await inject('GET', `/api/admin/exercises/${exercise.id}/students/${s.id}/submissions`, admin);
    expect(history.statusCode, history.body).toBe(200);
    const entries = history.json<SubmissionHistory>().entries;
    expect(entries.map((e) => [e.mode, e.late?.penalty ?? null])).toEqual([
      ['run', null],
      ['submit', 40],
      ['submit', 40],
    ]);
  }, 60_000);

  it('accepted without penalty: late, but nothing off', async () => {
    const { courseId, exercise } = await courseWithExercise({ policy: 'accept' });
    const s = await student(courseId);
    await dueIn(exercise.id, '-3 hours');
    expect((await submit(s.cookie, exercise.id)).late).toEqual({ daysLate: 1, penalty: 0, rawScore: 100, score: 100 });
  }, 60_000);

  it('closed: a late Submit is refused with the due date in the message and nothing is queued; a Run still runs', async () => {
    const { courseId, lessonId, exercise } = await courseWithExercise({ policy: 'closed' });
    const s = await student(courseId);
    await dueIn(exercise.id, '-1 hour');
    expect((await exerciseView(s.cookie, lessonId)).due!.lateNow).toEqual({ daysLate: 1, penalty: 0, accepted: false });

    const before = await scalar<number>(t.pool, 'select count(*)::int from exercise_submissions where user_id = $1', [s.id]);
    const res = await inject('POST', `/api/exercises/${exercise.id}/submissions`, s.cookie, { mode: 'submit', code: SUM_JS });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe(ErrorCode.lateClosed);
    const due = await scalar<Date>(t.pool, 'select due_at from exercises where id = $1', [exercise.id]);
    expect(errorMessage(res)).toBe(CalendarMessages.lateClosed(formatInZone(due, 'UTC')));
    expect(await scalar<number>(t.pool, 'select count(*)::int from exercise_submissions where user_id = $1', [s.id])).toBe(before);

    expect((await submit(s.cookie, exercise.id, SUM_JS, 'run')).result!.verdict).toBe('passed');

    // The school's time zone words the date in the message.
    await t.pool.query(`update school_settings set time_zone = 'Asia/Tokyo'`);
    try {
      const again = await inject('POST', `/api/exercises/${exercise.id}/submissions`, s.cookie, { mode: 'submit', code: SUM_JS });
      expect(errorMessage(again)).toBe(CalendarMessages.lateClosed(formatInZone(due, 'Asia/Tokyo')));
    } finally {
      await t.pool.query(`update school_settings set time_zone = 'UTC'`);
    }

    // The tutor's preview is never refused for lateness.
    const preview = await inject('POST', `/api/exercises/${exercise.id}/submissions`, admin, { mode: 'submit', code: SUM_JS });
    expect(preview.statusCode, preview.body).toBe(202);
    expect(preview.json<Submission>().late).toBeNull();
  }, 60_000);

  it("an extension removes the penalty already shown, and opens a closed course's Submit again", async () => {
    const { courseId, lessonId, exercise } = await courseWithExercise({ policy: 'penalty', perDay: 10, cap: 50 });
    const s = await student(courseId);
    const other = await student(courseId);
    await dueIn(exercise.id, '-2 hours');
    const late = await submit(s.cookie, exercise.id);
    expect(late.late).toMatchObject({ penalty: 10, score: 90 });

    await extend(s.id, courseId, exercise.id, '1 day');
    const view = await exerciseView(s.cookie, lessonId);
    expect(view.due).toMatchObject({ extended: true, lateNow: null });
    expect(view.latestSubmission!.late).toBeNull();
    expect((await inject('GET', `/api/submissions/${late.id}`, s.cookie)).json<Submission>().late).toBeNull();
    // Only theirs: the class keeps the due date.
    expect((await exerciseView(other.cookie, lessonId)).due).toMatchObject({ extended: false, lateNow: { penalty: 10 } });

    await t.pool.query(`update courses set late_policy = 'closed' where id = $1`, [courseId]);
    expect((await submit(s.cookie, exercise.id)).late).toBeNull();
    const refused = await inject('POST', `/api/exercises/${exercise.id}/submissions`, other.cookie, { mode: 'submit', code: SUM_JS });
    expect(refused.statusCode).toBe(409);
  }, 60_000);
});

describe("'Show Hidden Tests After the Due Date'", () => {
  const hiddenOutcome = (s: Submission) => s.result!.tests.find((x) => x.hidden)!;
  const mustNotContainData = (text: string) => {
    expect(text).not.toContain(HIDDEN_INPUT);
    expect(text).not.toContain(HIDDEN_OUTPUT);
  };

  it("names the hidden tests once the student's due date has passed, never their data, and only for that student", async () => {
    const { courseId, lessonId, exercise } = await courseWithExercise({ policy: 'accept', hiddenTests: true });
    const s = await student(courseId);
    const extended = await student(courseId);
    await extend(extended.id, courseId, exercise.id, '2 days');

    // Before the due date: the hidden test is only passed or failed.
    await dueIn(exercise.id, '1 day');
    const early = await submit(s.cookie, exercise.id, VISIBLE_ONLY_JS);
    expect(hiddenOutcome(early)).toMatchObject({ name: null, passed: false, input: null, expectedOutput: null, actualOutput: null });

    // Past it: its name and whether it passed, in every answer that carries the submission.
    await dueIn(exercise.id, '-1 minute');
    const list = await inject('GET', `/api/lessons/${lessonId}/exercises`, s.cookie);
    mustNotContainData(list.body);
    expect(hiddenOutcome(list.json<LessonExercisesResponse>().exercises[0]!.latestSubmission!)).toMatchObject({
      name: 'Large Numbers',
      passed: false,
      input: null,
      expectedOutput: null,
      actualOutput: null,
      stderr: null,
    });
    const read = await inject('GET', `/api/submissions/${early.id}`, s.cookie);
    mustNotContainData(read.body);
    expect(hiddenOutcome(read.json<Submission>()).name).toBe('Large Numbers');
    const after = await submit(s.cookie, exercise.id);
    mustNotContainData(JSON.stringify(after));
    expect(hiddenOutcome(after)).toMatchObject({ name: 'Large Numbers', passed: true, input: null, expectedOutput: null });

    // A student whose extension has not run out sees nothing more than before, and no one sees another's submission.
    const theirs = await submit(extended.cookie, exercise.id);
    expect(hiddenOutcome(theirs).name).toBeNull();
    expect((await inject('GET', `/api/submissions/${early.id}`, extended.cookie)).statusCode).toBe(404);

    // The course's option off: no names, past due or not.
    await t.pool.query(`update courses set hidden_tests_after_due = false where id = $1`, [courseId]);
    expect(hiddenOutcome((await inject('GET', `/api/submissions/${early.id}`, s.cookie)).json<Submission>()).name).toBeNull();
  }, 60_000);
});
