import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, seedCourse, userId } from '@test-support/fixtures/users-and-courses';
import {
  SUBMISSION_HISTORY_PAGE,
  SUBMISSION_HISTORY_PAGE_MAX,
  type Submission,
  type SubmissionHistory,
  type TestOutcome,
} from '../../../common/practice';
import { RUN_RETENTION_DAYS } from './practice.queries';

/*
 * The tutor's submission history of one student on one exercise: every Run and Submit of theirs, newest first, a page
 * at a time without code, and any attempt in full. Submissions are written straight into the database (no grading
 * worker runs here), with the times and outcomes each check needs.
 */

let t: TestContext;
let admin: string;
let adminId: string;
let exerciseId: string, otherExerciseId: string, lessonId: string;
let alice: { id: string; cookie: string };
let bob: { id: string; cookie: string };

const MISSING = '00000000-0000-4000-8000-000000000000';

const outcome = (o: Partial<TestOutcome> & Pick<TestOutcome, 'position' | 'passed'>): TestOutcome => ({
  custom: false,
  hidden: false,
  status: 'ok',
  message: null,
  input: '1 2\n',
  expectedOutput: '3\n',
  actualOutput: o.passed ? '3\n' : '4\n',
  stderr: null,
  exitCode: 0,
  match: 'trailing_whitespace',
  timeMs: 12,
  ...o,
});

type AttemptSeed = {
  createdAt: string;
  user?: string;
  exercise?: string | null;
  purpose?: 'run' | 'submit' | 'reference';
  preview?: boolean;
  code?: string;
  status?: 'queued' | 'running' | 'done';
  verdict?: string | null;
  passed?: number;
  total?: number;
  results?: TestOutcome[] | null;
  finishedAt?: string | null;
  lessonCompleted?: boolean;
};

/** One submission row, as the grading worker leaves it (graded a second after it came, unless said otherwise). */
async function attempt(s: AttemptSeed): Promise<string> {
  const done = (s.status ?? 'done') === 'done';
  const finished = s.finishedAt !== undefined ? s.finishedAt : done ? new Date(new Date(s.createdAt).getTime() + 1000).toISOString() : null;
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into exercise_submissions
       (exercise_id, lesson_id, user_id, purpose, preview, code, status, verdict, passed_count, total_count, results, lesson_completed,
        created_at, finished_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
    [
      s.exercise === undefined ? exerciseId : s.exercise,
      lessonId,
      s.user ?? alice.id,
      s.purpose ?? 'submit',
      s.preview ?? false,
      s.code ?? `// attempt at ${s.createdAt}\n`,
      s.status ?? 'done',
      done ? (s.verdict === undefined ? 'failed' : s.verdict) : null,
      s.passed ?? 0,
      s.total ?? 1,
      s.results === undefined ? (done ? JSON.stringify([outcome({ position: 1, passed: false })]) : null) : JSON.stringify(s.results),
      s.lessonCompleted ?? false,
      s.createdAt,
      finished,
    ],
  );
  return rows[0]!.id;
}

const historyUrl = (student: string, query = '', exercise = exerciseId) =>
  `/api/admin/exercises/${exercise}/students/${student}/submissions${query}`;

async function history(student: string, query = '', cookie = admin) {
  const res = await t.app.inject({ method: 'GET', url: historyUrl(student, query), headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SubmissionHistory>();
}

async function wholeHistory(student: string, limit: number) {
  const pages: SubmissionHistory[] = [];
  let before: string | null = null;
  do {
    const page: SubmissionHistory = await history(student, `?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
    pages.push(page);
    before = page.nextBefore;
  } while (before);
  return pages;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
  adminId = await userId(t.db, ADMIN);
  const course = await seedCourse(t.db, { chapters: [{ title: 'Ch', lessons: [{ title: 'Sums' }] }] });
  lessonId = course.lessonIds[0]![0]!;
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into exercises (lesson_id, position, title, language, reference_solution)
     values ($1, 1, 'Add them up', 'javascript', 'console.log(3)'), ($1, 2, 'Other', 'javascript', 'console.log(4)') returning id`,
    [lessonId],
  );
  [exerciseId, otherExerciseId] = rows.map((r) => r.id) as [string, string];
  const a = await createUser(t.db, 'history-alice@example.com', { firstName: 'Alice', lastName: 'Archer' });
  const b = await createUser(t.db, 'history-bob@example.com', { firstName: 'Bob', lastName: 'Baker' });
  await enroll(t.db, a.id, course.course.id);
  await enroll(t.db, b.id, course.course.id);
  alice = { id: a.id, cookie: await t.signIn(a.email) };
  bob = { id: b.id, cookie: await t.signIn(b.email) };
});

describe("a student's submission history, for the tutor", () => {
  type Seeded = 'firstRun' | 'submit' | 'compileError' | 'passed' | 'queued';
  type NotHers = 'reference' | 'preview' | 'ownPreview' | 'ownReference' | 'bob' | 'otherExercise';
  let ids: Record<Seeded | NotHers, string>;

  beforeAll(async () => {
    ids = {
      firstRun: await attempt({ purpose: 'run', createdAt: '2026-03-01T09:00:00.000Z', code: 'console.log(1) // FIRST_RUN\n' }),
      submit: await attempt({
        createdAt: '2026-03-01T09:05:00.250Z',
        verdict: 'failed',
        passed: 1,
        total: 2,
        code: 'console.log(3) // SECOND_SUBMIT\n',
        // Points other than one a test: the score is shown. The hidden test is stored as the student saw it.
        results: [outcome({ position: 1, passed: true, points: 3 }), outcome({ position: 2, hidden: true, passed: false, points: 7 })],
      }),
      compileError: await attempt({ createdAt: '2026-03-01T09:07:30.999Z', verdict: 'compile_error', passed: 0, total: 2, results: [] }),
      passed: await attempt({
        createdAt: '2026-03-01T09:10:00.123Z',
        finishedAt: '2026-03-01T09:10:01.876Z',
        verdict: 'passed',
        passed: 2,
        total: 2,
        lessonCompleted: true,
        code: 'console.log(3) // PASSING\n',
        results: [outcome({ position: 1, passed: true }), outcome({ position: 2, hidden: true, passed: true, input: '40 2\n' })],
      }),
      queued: await attempt({ purpose: 'run', createdAt: '2026-03-01T09:12:00.000Z', status: 'queued' }),
      // Not Alice's history: the tutor's reference checks and previews, Bob's work, her work on another exercise.
      reference: await attempt({ purpose: 'reference', user: adminId, createdAt: '2026-03-01T09:11:00.000Z' }),
      preview: await attempt({ purpose: 'submit', preview: true, user: adminId, createdAt: '2026-03-01T09:11:10.000Z' }),
      ownPreview: await attempt({ purpose: 'run', preview: true, createdAt: '2026-03-01T09:11:20.000Z' }),
      ownReference: await attempt({ purpose: 'reference', createdAt: '2026-03-01T09:11:30.000Z' }),
      bob: await attempt({ user: bob.id, createdAt: '2026-03-01T09:11:40.000Z' }),
      otherExercise: await attempt({ exercise: otherExerciseId, createdAt: '2026-03-01T09:11:50.000Z' }),
    };
  });

  it('lists her Runs and Submits newest first, numbered from her first, without the tutor’s checks or anyone else’s', async () => {
    const h = await history(alice.id);
    expect(h).toMatchObject({ studentId: alice.id, name: 'Alice Archer', total: 5, nextBefore: null, runsKeptDays: RUN_RETENTION_DAYS });
    expect(h.entries.map((e) => e.id)).toEqual([ids.queued, ids.passed, ids.compileError, ids.submit, ids.firstRun]);
    expect(h.entries.map((e) => [e.number, e.mode, e.status])).toEqual([
      [5, 'run', 'queued'],
      [4, 'submit', 'done'],
      [3, 'submit', 'done'],
      [2, 'submit', 'done'],
      [1, 'run', 'done'],
    ]);
  });

  it('gives each attempt its exact times, verdict, summary and score, and no code', async () => {
    const h = await history(alice.id);
    const byId = new Map(h.entries.map((e) => [e.id, e]));
    // Hidden tests: the student's view rounds these to whole seconds; the tutor's is exact.
    expect(byId.get(ids.passed)).toEqual({
      id: ids.passed,
      number: 4,
      mode: 'submit',
      status: 'done',
      createdAt: '2026-03-01T09:10:00.123Z',
      finishedAt: '2026-03-01T09:10:01.876Z',
      result: { verdict: 'passed', passedCount: 2, totalCount: 2, summary: 'All tests passed', pictureSource: null, score: null },
      lessonCompleted: true,
      // No due date: never late.
      late: null,
    });
    expect(byId.get(ids.submit)!.result).toEqual({
      verdict: 'failed',
      passedCount: 1,
      totalCount: 2,
      summary: '1 of 2 tests passed',
      pictureSource: null,
      score: { earned: 3, total: 10 },
    });
    expect(byId.get(ids.compileError)!.result).toMatchObject({ verdict: 'compile_error', summary: 'Compilation failed', score: null });
    expect(byId.get(ids.queued)).toMatchObject({ status: 'queued', finishedAt: null, result: null });
    const raw = JSON.stringify(h);
    for (const mark of ['FIRST_RUN', 'SECOND_SUBMIT', 'PASSING', '"code"', 'actualOutput']) expect(raw).not.toContain(mark);
  });

  it('sends one attempt in full on demand: code, every test as stored (hidden ones too), exact times', async () => {
    const res = await t.app.inject({ method: 'GET', url: historyUrl(alice.id, `/${ids.passed}`), headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<Submission>();
    expect(s).toMatchObject({
      id: ids.passed,
      exerciseId,
      mode: 'submit',
      status: 'done',
      code: 'console.log(3) // PASSING\n',
      createdAt: '2026-03-01T09:10:00.123Z',
      finishedAt: '2026-03-01T09:10:01.876Z',
      lessonCompleted: true,
    });
    expect(s.result!.tests[1]).toMatchObject({ hidden: true, passed: true, input: '40 2\n' });
    const run = await t.app.inject({ method: 'GET', url: historyUrl(alice.id, `/${ids.firstRun}`), headers: { cookie: admin } });
    expect(run.json<Submission>()).toMatchObject({ mode: 'run', code: 'console.log(1) // FIRST_RUN\n' });
  });

  it("answers 404 for an attempt that is not this student's on this exercise", async () => {
    for (const id of [ids.reference, ids.preview, ids.ownPreview, ids.ownReference, ids.bob, ids.otherExercise, MISSING, 'nope']) {
      const res = await t.app.inject({ method: 'GET', url: historyUrl(alice.id, `/${id}`), headers: { cookie: admin } });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
    }
    // Bob's attempt asked for under Alice's name, or Alice's under the other exercise.
    const wrongExercise = await t.app.inject({
      method: 'GET',
      url: historyUrl(alice.id, `/${ids.passed}`, otherExerciseId),
      headers: { cookie: admin },
    });
    expect(wrongExercise.statusCode).toBe(404);
  });

  it('answers 404 for an unknown exercise, an unknown student, or someone who is not a student', async () => {
    const cases: [string, string][] = [
      [historyUrl(alice.id, '', MISSING), 'Exercise not found'],
      [historyUrl(alice.id, '', 'not-an-id'), 'Exercise not found'],
      [historyUrl(MISSING), 'Student not found'],
      [historyUrl('not-an-id'), 'Student not found'],
      [historyUrl(adminId), 'Student not found'],
      [historyUrl(adminId, `/${ids.preview}`), 'Student not found'],
      [historyUrl(MISSING, `/${ids.passed}`), 'Student not found'],
    ];
    for (const [url, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message, url).toBe(message);
    }
  });

  it('is the tutor’s alone: a student cannot read it, not even their own', async () => {
    for (const cookie of [alice.cookie, bob.cookie]) {
      for (const url of [historyUrl(alice.id), historyUrl(alice.id, `/${ids.passed}`), historyUrl(bob.id)]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain('PASSING');
      }
    }
    const anonymous = await t.app.inject({ method: 'GET', url: historyUrl(alice.id) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is empty for a student who has not sent anything', async () => {
    const other = await createUser(t.db, 'history-idle@example.com', { firstName: 'Ida', lastName: 'Idle' });
    expect(await history(other.id)).toMatchObject({ name: 'Ida Idle', total: 0, entries: [], nextBefore: null });
  });
});

describe('a long history, a page at a time', () => {
  let student: string;
  let all: string[];

  beforeAll(async () => {
    student = (await createUser(t.db, 'history-busy@example.com')).id;
    const base = Date.parse('2026-04-01T08:00:00Z');
    for (let i = 0; i < SUBMISSION_HISTORY_PAGE + 12; i++)
      await attempt({ user: student, purpose: i % 3 ? 'run' : 'submit', createdAt: new Date(base + i * 60_000).toISOString() });
    // Attempts of the same microsecond, and two a microsecond apart (a JavaScript date would make them one moment).
    for (let i = 0; i < 4; i++) await attempt({ user: student, createdAt: '2026-04-02T08:00:00.000000Z' });
    await attempt({ user: student, createdAt: '2026-04-02T09:00:00.000001Z' });
    await attempt({ user: student, createdAt: '2026-04-02T09:00:00.000002Z' });
    const { rows } = await t.pool.query<{ id: string }>(
      'select id from exercise_submissions where user_id = $1 order by created_at desc, id desc',
      [student],
    );
    all = rows.map((r) => r.id);
  });

  it(`sends ${SUBMISSION_HISTORY_PAGE} at first, and says where the older ones start`, async () => {
    const first = await history(student);
    expect(first.total).toBe(all.length);
    expect(first.entries).toHaveLength(SUBMISSION_HISTORY_PAGE);
    expect(first.entries.map((e) => e.id)).toEqual(all.slice(0, SUBMISSION_HISTORY_PAGE));
    expect(first.nextBefore).toEqual(expect.any(String));
  });

  it('goes through every attempt exactly once, in order, whatever the page size, ties included', async () => {
    for (const limit of [1, 2, 3, 7, SUBMISSION_HISTORY_PAGE_MAX]) {
      const pages = await wholeHistory(student, limit);
      const ids = pages.flatMap((p) => p.entries.map((e) => e.id));
      expect(ids, `limit ${limit}`).toEqual(all);
      expect(pages.flatMap((p) => p.entries.map((e) => e.number))).toEqual(all.map((_, i) => all.length - i));
      expect(pages.every((p) => p.entries.length <= limit && p.total === all.length)).toBe(true);
      expect(pages.at(-1)!.nextBefore).toBeNull();
    }
  });

  it('keeps its numbers while newer attempts arrive between pages', async () => {
    const first = await history(student, '?limit=5');
    const newer = await attempt({ user: student, createdAt: '2026-05-01T00:00:00Z' });
    const second = await history(student, `?limit=5&before=${encodeURIComponent(first.nextBefore!)}`);
    expect(second.entries.map((e) => e.id)).toEqual(all.slice(5, 10));
    expect(second.entries[0]!.number).toBe(first.entries[4]!.number - 1);
    expect(second.total).toBe(all.length + 1);
    await t.pool.query('delete from exercise_submissions where id = $1', [newer]);
  });

  it('refuses a page size out of bounds or a page that does not exist', async () => {
    for (const query of [
      '?limit=0',
      `?limit=${SUBMISSION_HISTORY_PAGE_MAX + 1}`,
      '?limit=ten',
      '?before=yesterday',
      `?before=${MISSING}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: historyUrl(student, query), headers: { cookie: admin } });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
