import { beforeAll, describe, expect, it } from 'vitest';
import { forkWorkerProcess } from '@test-support/grading';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, seedCourse } from '@test-support/fixtures/users-and-courses';
import type { AdminExercise, Submission } from '../../common/practice';
import { MAX_ATTEMPTS } from '../contract';
import { sweepAbandoned } from './grading-worker';

/*
 * A grading worker process killed in the middle of a grading (SIGKILL: no goodbye) loses no
 * submission: the sweep hands it back to the queue and another worker grades it; a submission that
 * has taken down its worker MAX_ATTEMPTS times is answered with an error instead.
 */

let t: TestContext;
let exercise: AdminExercise;
let student: { id: string; cookie: string };

const SLEEPY = 'let n = 0;\nfor (;;) n++;\n';

async function waitFor<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stateOf = (id: string) =>
  t.pool
    .query<{ status: string; attempts: number; worker_id: string | null }>(
      'select status, attempts, worker_id from exercise_submissions where id = $1',
      [id],
    )
    .then((r) => r.rows[0]!);

async function submit(code: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/exercises/${exercise.id}/submissions`,
    headers: { cookie: student.cookie },
    payload: { mode: 'submit', code },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<Submission>().id;
}

async function graded(id: string): Promise<Submission> {
  for (;;) {
    const s = (
      await t.app.inject({ method: 'GET', url: `/api/submissions/${id}?waitMs=20000`, headers: { cookie: student.cookie } })
    ).json<Submission>();
    if (s.status === 'done') return s;
  }
}

/** Kills the worker process grading `id` as soon as it has started, the way the kernel's OOM killer would. */
async function killWhileGrading(id: string, slot: number) {
  const worker = await forkWorkerProcess(t.url, slot);
  await waitFor(
    'the grading to start',
    () => stateOf(id),
    (s) => s.status === 'running',
  );
  worker.kill('SIGKILL');
  await new Promise((r) => worker.once('exit', r));
  return worker;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signIn(ADMIN);
  const course = await seedCourse(t.db, { chapters: [{ title: 'Ch', lessons: [{ title: 'Loops' }] }] });
  // The exercise is saved with a worker running (its reference solution is graded), then that worker goes.
  const saver = await forkWorkerProcess(t.url, 940);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/lessons/${course.lessonIds[0]![0]}/exercises`,
    headers: { cookie: admin },
    payload: {
      title: 'Echo',
      language: 'javascript',
      referenceSolution: 'console.log(readline());\n',
      tests: [{ input: 'hi\n', expectedOutput: 'hi\n' }],
      limits: { timeMs: 4000, memoryMb: 64, outputKb: 8 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  exercise = res.json();
  saver.kill('SIGTERM');
  await new Promise((r) => saver.once('exit', r));
  const user = await createUser(t.db, 'crash@example.com');
  await enroll(t.db, user.id, course.course.id);
  student = { id: user.id, cookie: await t.signIn(user.email) };
}, 90_000);

describe('a grading worker killed mid-grading', () => {
  it('loses no submission: it goes back to the queue and the next worker grades it', async () => {
    const id = await submit(SLEEPY);
    await killWhileGrading(id, 941);
    expect(await stateOf(id)).toMatchObject({ status: 'running', attempts: 1 });

    // What every live worker does every few seconds, with a short threshold so the test need not wait.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await sweepAbandoned(t.pool, 1000)).toBe(1);
    expect(await stateOf(id)).toMatchObject({ status: 'queued', worker_id: null });

    const next = await forkWorkerProcess(t.url, 942);
    const done = await graded(id);
    expect(done.result!.tests[0]).toMatchObject({ passed: false, status: 'time_limit' });
    expect(await stateOf(id)).toMatchObject({ status: 'done', attempts: 2 });
    next.kill('SIGTERM');
    await new Promise((r) => next.once('exit', r));
  }, 90_000);

  it(`answers with a clear error once a submission has taken down its worker ${MAX_ATTEMPTS} times`, async () => {
    const id = await submit(SLEEPY);
    await killWhileGrading(id, 943);
    // As if this were the last of MAX_ATTEMPTS crashes: the queue's count of deliveries is the one that decides.
    await t.pool.query(`update graphile_worker._private_jobs set attempts = $2 where payload->>'submissionId' = $1`, [id, MAX_ATTEMPTS]);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await sweepAbandoned(t.pool, 1000)).toBe(1);

    await forkWorkerProcess(t.url, 944);
    const done = await graded(id);
    expect(done.result).toMatchObject({ verdict: 'error' });
    expect(done.result!.summary).toMatch(/stopped the grader several times/);
    expect(await stateOf(id)).toMatchObject({ status: 'done', attempts: MAX_ATTEMPTS + 1 });
  }, 90_000);
});
