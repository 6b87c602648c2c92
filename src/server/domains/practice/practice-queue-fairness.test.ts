import { beforeAll, describe, expect, it } from 'vitest';
import { startTestGrading } from '@test-support/grading';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, seedCourse } from '@test-support/fixtures/users-and-courses';
import { PracticeMessages, type AdminExercise, type Submission } from '../../../common/practice';
import { gradingPriority } from './practice.queries';

/*
 * The queue is fair by student: while nobody grades, one student sends two C submissions, then a second student sends
 * one C and a third one JavaScript submission. The order the workers would take them in (graphile-worker takes the
 * lowest priority first, then the oldest) must put both other students before the first student's second submission,
 * and JavaScript first within a round.
 */

let t: TestContext;
let exercises: { c: AdminExercise; js: AdminExercise };
let stopGrading: () => Promise<void>;

const SUM_C = `#include <stdio.h>\nint main(void) { int a, b; if (scanf("%d %d", &a, &b) != 2) return 1; printf("%d\\n", a + b); return 0; }\n`;
const SUM_JS = `const [a, b] = readline().split(' ').map(Number);\nconsole.log(a + b);\n`;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PRACTICE_SUBMISSIONS_PER_MINUTE: '1000',
      PRACTICE_SUBMITS_PER_EXERCISE_PER_HOUR: '3',
      PRACTICE_GRADING_SECONDS_PER_MINUTE: '20',
    },
  });
  const worker = await startTestGrading(t.pool);
  stopGrading = () => worker.stop();
  const admin = await t.signIn(ADMIN);
  const course = await seedCourse(t.db, { chapters: [{ title: 'Queue', lessons: [{ title: 'Sums' }] }] });
  const lessonId = course.lessonIds[0]![0]!;
  const create = async (body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/lessons/${lessonId}/exercises`,
      headers: { cookie: admin },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminExercise>();
  };
  exercises = {
    c: await create({ title: 'Sum in C', language: 'c', referenceSolution: SUM_C, tests: [{ input: '2 3\n', expectedOutput: '5\n' }] }),
    js: await create({
      title: 'Sum in JavaScript',
      language: 'javascript',
      referenceSolution: SUM_JS,
      tests: [{ input: '2 3\n', expectedOutput: '5\n' }],
    }),
  };
  await stopGrading();
  for (const tag of ['busy', 'bystander', 'quick', 'eager', 'bomber', 'honest']) {
    const u = await createUser(t.db, `${tag}@example.com`, { firstName: 'Sam', lastName: tag });
    await enroll(t.db, u.id, course.course.id);
  }
}, 120_000);

describe('the grading queue', () => {
  it("takes every other student's first submission before one student's second, and JavaScript first within a round", async () => {
    const send = async (email: string, exercise: AdminExercise, code: string) => {
      const cookie = await t.signIn(email);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/exercises/${exercise.id}/submissions`,
        headers: { cookie },
        payload: { mode: 'submit', code },
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json<Submission>().id;
    };
    const busyFirst = await send('busy@example.com', exercises.c, SUM_C);
    const busySecond = await send('busy@example.com', exercises.c, SUM_C);
    const bystander = await send('bystander@example.com', exercises.c, SUM_C);
    const quick = await send('quick@example.com', exercises.js, SUM_JS);

    const { rows } = await t.pool.query<{ id: string }>(
      `select payload->>'submissionId' as id from graphile_worker._private_jobs
        where payload->>'submissionId' = any($1::text[]) order by priority, run_at, id`,
      [[busyFirst, busySecond, bystander, quick]],
    );
    expect(rows.map((r) => r.id)).toEqual([quick, busyFirst, bystander, busySecond]);
  });

  it('puts each submission a student already has waiting a round back', () => {
    expect(gradingPriority(0, 'javascript')).toBeLessThan(gradingPriority(0, 'c'));
    expect(gradingPriority(0, 'java')).toBeLessThan(gradingPriority(1, 'javascript'));
    // Compiled languages share one rank, so a steady stream of C cannot starve Java (and the other way round).
    expect(gradingPriority(0, 'java')).toBe(gradingPriority(0, 'c'));
    expect(gradingPriority(0, 'webgl')).toBe(gradingPriority(0, 'c'));
  });

  it("holds back the next grading of a student whose gradings took a worker past the minute's budget, and only theirs", async () => {
    const { rows: users } = await t.pool.query<{ id: string; email: string; lesson_id: string }>(
      `select u.id, u.email, x.lesson_id from users u, exercises x where u.email in ('bomber@example.com', 'honest@example.com') and x.id = $1`,
      [exercises.c.id],
    );
    const idOf = (email: string) => users.find((u) => u.email === email)!.id;
    // Gradings as a runaway compile leaves them: the bomber's five took 5 s each within the last minute, and one more
    // 5 s long has 3 s of it inside the minute (28 s, 8 past the budget of 20); the honest student's ten took 0.3 s each.
    const graded = async (email: string, startedSecondsAgo: number, seconds: number) =>
      t.pool.query(
        `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, preview, code, status, verdict, started_at, finished_at)
         values ($1, $2, $3, 'run', false, '', 'done', 'compile_error', now() - make_interval(secs => $4), now() - make_interval(secs => $4 - $5))`,
        [exercises.c.id, users[0]!.lesson_id, idOf(email), startedSecondsAgo, seconds],
      );
    for (let i = 0; i < 5; i++) await graded('bomber@example.com', 10 + i * 6, 5);
    await graded('bomber@example.com', 62, 5);
    for (let i = 0; i < 10; i++) await graded('honest@example.com', 5 + i * 2, 0.3);

    const send = async (email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/exercises/${exercises.c.id}/submissions`,
        headers: { cookie: await t.signIn(email) },
        payload: { mode: 'run', code: SUM_C },
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json<Submission>().id;
    };
    const bomber = await send('bomber@example.com');
    const honest = await send('honest@example.com');
    const { rows } = await t.pool.query<{ id: string; delay: number }>(
      `select payload->>'submissionId' as id, extract(epoch from run_at - now())::float8 as delay
         from graphile_worker._private_jobs where payload->>'submissionId' = any($1::text[])`,
      [[bomber, honest]],
    );
    const delay = (id: string) => rows.find((r) => r.id === id)!.delay;
    expect(delay(bomber)).toBeGreaterThan(6);
    expect(delay(bomber)).toBeLessThan(8.5);
    expect(delay(honest)).toBeLessThanOrEqual(0.5);
  });

  it('caps the submits of one exercise per student and hour, and keeps Run open', async () => {
    const cookie = await t.signIn('eager@example.com');
    const { rows } = await t.pool.query<{ id: string; lesson_id: string }>(
      `select u.id, x.lesson_id from users u, exercises x where u.email = 'eager@example.com' and x.id = $1`,
      [exercises.c.id],
    );
    // Three graded submits in the last hour, as if made before.
    for (let i = 0; i < 3; i++) {
      await t.pool.query(
        `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, preview, code, status, verdict, finished_at)
         values ($1, $2, $3, 'submit', false, '', 'done', 'failed', now())`,
        [exercises.c.id, rows[0]!.lesson_id, rows[0]!.id],
      );
    }
    const post = (mode: 'run' | 'submit') =>
      t.app.inject({
        method: 'POST',
        url: `/api/exercises/${exercises.c.id}/submissions`,
        headers: { cookie },
        payload: { mode, code: SUM_C },
      });
    const refused = await post('submit');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(PracticeMessages.submitsPerHour(3));
    expect((await post('run')).statusCode).toBe(202);
  });
});
