import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, errorMessage, seedCourse, userId } from '@test-support/fixtures/users-and-courses';
import { ORIGINAL, PLANTED, UNRELATED } from '@test-support/fixtures/similar-programs';
import { SimilarityMessages, type SimilarityOverview, type SimilarityPairDetail } from '../../../common/similarity';
import { startBackgroundJobs } from '../../background-jobs';
import type { JobWorker } from '../../platform/jobs/job-queue';
import { createSimilarityService } from './similarity.service';

/*
 * 'Check Similarity' from the tutor's request to the kept pairs: the job runs on the app's queue (a real worker,
 * comparing in a worker thread), over every student's last submission. Submissions are written straight into the
 * database: nothing is graded, and the check never runs the code.
 */

let t: TestContext;
let admin: string;
let adminId: string;
let lessonId: string;
let exerciseId: string;
let courseId: string;
const students: Record<string, { id: string; cookie?: string }> = {};
let jobs: JobWorker;

const STARTER = '#include <stdio.h>\n#include <stdlib.h>\n\nint main(void) {\n  /* your code here */\n  return 0;\n}\n';
const MISSING = '00000000-0000-4000-8000-000000000000';

async function submission(student: string, code: string, at: string, purpose: 'submit' | 'run' = 'submit', preview = false) {
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, preview, code, status, created_at)
     values ($1, $2, $3, $4, $5, $6, 'done', $7) returning id`,
    [exerciseId, lessonId, students[student]?.id ?? student, purpose, preview, code, at],
  );
  return rows[0]!.id;
}

const url = (path = '', exercise = exerciseId) => `/api/admin/exercises/${exercise}/similarity${path}`;

async function overview(cookie = admin): Promise<SimilarityOverview> {
  const res = await t.app.inject({ method: 'GET', url: url(), headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SimilarityOverview>();
}

async function check(threshold = 50) {
  const res = await t.app.inject({ method: 'POST', url: url(), headers: { cookie: admin }, payload: { threshold } });
  expect(res.statusCode, res.body).toBe(202);
}

async function finished(): Promise<SimilarityOverview> {
  for (let i = 0; i < 300; i++) {
    const o = await overview();
    if (o.check && (o.check.status === 'done' || o.check.status === 'failed')) return o;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the check did not finish');
}

const pairNames = (o: SimilarityOverview) => o.pairs.map((p) => `${p.left.name} / ${p.right.name}`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
  adminId = await userId(t.db, ADMIN);
  const course = await seedCourse(t.db, { chapters: [{ title: 'Arrays', lessons: [{ title: 'Median and mean' }] }] });
  courseId = course.course.id;
  lessonId = course.lessonIds[0]![0]!;
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into exercises (lesson_id, position, title, language, starter_code, reference_solution)
     values ($1, 1, 'Median and mean', 'c', $2, $3) returning id`,
    [lessonId, STARTER, ORIGINAL],
  );
  exerciseId = rows[0]!.id;
  for (const [key, first] of [
    ['ann', 'Ann'],
    ['bob', 'Bob'],
    ['cem', 'Cem'],
    ['dee', 'Dee'],
  ] as const) {
    const u = await createUser(t.db, `similarity-${key}@example.com`, { firstName: first, lastName: 'Student' });
    await enroll(t.db, u.id, courseId);
    students[key] = { id: u.id };
  }
  students.ann!.cookie = await t.signIn('similarity-ann@example.com');
  jobs = await startBackgroundJobs({
    db: t.db,
    mailer: t.mailer,
    mailFrom: t.env.mailFrom,
    notifications: t.app.services.notifications,
    similarity: t.app.services.similarity,
    warn: () => {},
    crontab: false,
  });
});
afterAll(async () => {
  await jobs?.stop();
});

describe("'Check Similarity'", () => {
  it('has nothing to show before the first check', async () => {
    const o = await overview();
    expect(o).toMatchObject({ exercise: { id: exerciseId, title: 'Median and mean', language: 'c' }, check: null, pairs: [] });
  });

  it("compares every student's last submission and lists the planted pair, not the unrelated one", async () => {
    // Ann's own code; Bob's renamed and reordered copy of it, handed in later.
    await submission('ann', ORIGINAL, '2026-03-01T10:00:00Z');
    await submission('bob', PLANTED, '2026-03-01T12:00:00Z');
    // Cem once handed in Ann's code, then his own: only his last submission counts.
    await submission('cem', ORIGINAL, '2026-03-01T09:00:00Z');
    await submission('cem', UNRELATED, '2026-03-01T11:00:00Z');
    // Dee only ran Ann's code (runs are drafts, not handed in); the tutor's preview is no student's.
    await submission('dee', ORIGINAL, '2026-03-01T13:00:00Z', 'run');
    await submission(adminId, ORIGINAL, '2026-03-01T13:00:00Z', 'submit', true);

    expect((await overview()).submittedStudents).toBe(3);
    await check(50);
    const o = await finished();
    expect(o.check).toMatchObject({ status: 'done', threshold: 50, error: null, results: { threshold: 50, compared: 3, pairsAbove: 1 } });
    // The earlier submission on the left.
    expect(pairNames(o)).toEqual(['Ann Student / Bob Student']);
    expect(o.pairs[0]!.similarity).toBeGreaterThanOrEqual(0.8);
    expect(o.pairs[0]!.fragments).toBeGreaterThan(0);

    const res = await t.app.inject({ method: 'GET', url: url(`/pairs/${o.pairs[0]!.id}`), headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<SimilarityPairDetail>();
    expect(detail.left).toMatchObject({ student: { id: students.ann!.id, name: 'Ann Student' }, code: ORIGINAL });
    expect(detail.right).toMatchObject({ student: { id: students.bob!.id, name: 'Bob Student' }, code: PLANTED });
    expect(detail.language).toBe('c');
    expect(detail.fragments.length).toBe(o.pairs[0]!.fragments);
    const rows = ORIGINAL.split('\n').length;
    for (const f of detail.fragments) expect(f.left.endRow).toBeLessThan(rows);
  });

  it('refuses a second check while one is queued (not one interrupted), and bad thresholds, changing nothing', async () => {
    for (const [payload, message] of [
      [{ threshold: 5 }, SimilarityMessages.threshold],
      [{ threshold: 101 }, SimilarityMessages.threshold],
      [{ threshold: 50.5 }, SimilarityMessages.threshold],
      [{ threshold: 'high' }, SimilarityMessages.threshold],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: url(), headers: { cookie: admin }, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorMessage(res)).toContain(message);
    }
    const before = await overview();
    expect(before.check?.status).toBe('done');
    // A request left queued (its job held back here) makes a second press a 409.
    await t.pool.query(`update similarity_checks set status = 'queued' where exercise_id = $1`, [exerciseId]);
    const res = await t.app.inject({ method: 'POST', url: url(), headers: { cookie: admin }, payload: { threshold: 60 } });
    expect(res.statusCode).toBe(409);
    expect(errorMessage(res)).toBe(SimilarityMessages.alreadyRunning);
    await t.pool.query(`update similarity_checks set status = 'done' where exercise_id = $1`, [exerciseId]);
    expect(await overview()).toEqual(before);
    // One the app stopped in the middle of is shown as interrupted, and may be asked for again.
    await t.pool.query(
      `update similarity_checks set status = 'running', requested_at = now() - interval '20 minutes' where exercise_id = $1`,
      [exerciseId],
    );
    expect((await overview()).check).toMatchObject({ status: 'failed', error: SimilarityMessages.interrupted });
    await check(50);
    expect((await finished()).check).toMatchObject({ status: 'done', error: null });
    expect((await overview()).pairs.map((p) => p.similarity)).toEqual(before.pairs.map((p) => p.similarity));
  });

  it('answers 404 for an unknown exercise or pair', async () => {
    for (const path of [url('', MISSING), url('', 'not-an-id'), url(`/pairs/${MISSING}`), url('/pairs/nope')]) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { cookie: admin } });
      expect(res.statusCode, path).toBe(404);
    }
    const res = await t.app.inject({ method: 'POST', url: url('', MISSING), headers: { cookie: admin }, payload: { threshold: 50 } });
    expect(res.statusCode).toBe(404);
  });

  it('is never a student’s to see or start, not even one of the pair', async () => {
    const { pairs } = await overview();
    const cookie = students.ann!.cookie!;
    for (const [method, path] of [
      ['GET', url()],
      ['POST', url()],
      ['GET', url(`/pairs/${pairs[0]!.id}`)],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: { cookie },
        payload: method === 'POST' ? { threshold: 50 } : undefined,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.body).not.toContain('Bob');
    }
  });

  it('keeps the last results when a re-run fails, in the middle of writing or before', async () => {
    const before = await overview();
    expect(before.pairs).toHaveLength(1);
    const runOnce = async (compare: Parameters<typeof createSimilarityService>[0]['compare']) => {
      // The same service as the app's, with a comparison that goes wrong, run here while the queue is stopped (its own
      // job of the request then finds the request taken and does nothing).
      const service = createSimilarityService({ db: t.db, now: () => new Date(), compare });
      await jobs.stop();
      try {
        await service.request(adminId, exerciseId, 40);
        const { rows } = await t.pool.query<{ run_id: string }>(`select run_id from similarity_checks where exercise_id = $1`, [
          exerciseId,
        ]);
        await service.run({ exerciseId, runId: rows[0]!.run_id });
      } finally {
        jobs = await startBackgroundJobs({
          db: t.db,
          mailer: t.mailer,
          mailFrom: t.env.mailFrom,
          notifications: t.app.services.notifications,
          similarity: t.app.services.similarity,
          warn: () => {},
          crontab: false,
        });
      }
    };
    // The comparison itself fails.
    await runOnce(() => Promise.reject(new Error('out of memory')));
    let o = await overview();
    expect(o.check).toMatchObject({ status: 'failed', threshold: 40, error: `${SimilarityMessages.failed} out of memory` });
    expect(o.check!.results).toEqual(before.check!.results);
    expect(o.pairs).toEqual(before.pairs);
    // The writing fails halfway: the old pairs were deleted inside the transaction, which is rolled back.
    const ann = (await t.pool.query<{ id: string }>(`select id from exercise_submissions where user_id = $1`, [students.ann!.id])).rows[0]!
      .id;
    await runOnce(async () => ({
      compared: 3,
      pairsAbove: 2,
      pairs: [
        { left: ann, right: ann, similarity: 0.9, fragments: [] },
        { left: ann, right: 'not-a-submission', similarity: 0.8, fragments: [] },
      ],
    }));
    o = await overview();
    expect(o.check!.status).toBe('failed');
    expect(o.check!.results).toEqual(before.check!.results);
    expect(o.pairs).toEqual(before.pairs);
  });

  it('replaces the results with a re-run once it finishes; a deleted student takes their pairs along', async () => {
    // Bob hands in his own work: the re-run finds no pair.
    await submission('bob', UNRELATED.replace('sum / n', 'sum / (double)n').replace('int a[1000]', 'int a[2000]'), '2026-03-02T10:00:00Z');
    await check(50);
    let o = await finished();
    expect(o.check).toMatchObject({ status: 'done', error: null, results: { compared: 3, pairsAbove: 1 } });
    // Bob's new code is close to Cem's, which is what the re-run lists now.
    expect(pairNames(o)).toEqual(['Cem Student / Bob Student']);
    // Dee hands in Ann's code: two pairs at a lower threshold.
    await submission('dee', ORIGINAL.replaceAll('count', 'len'), '2026-03-02T11:00:00Z');
    await check(50);
    o = await finished();
    expect(pairNames(o).sort()).toEqual(['Ann Student / Dee Student', 'Cem Student / Bob Student']);
    await t.pool.query(`delete from users where id = $1`, [students.dee!.id]);
    o = await overview();
    expect(pairNames(o)).toEqual(['Cem Student / Bob Student']);
  });
});
