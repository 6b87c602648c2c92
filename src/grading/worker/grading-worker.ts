import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { runGradingJobs, unlockWorkers, type JobWorker } from './queue';
import {
  GRADE_TASK,
  MAX_ATTEMPTS,
  SUBMISSION_CHANNEL,
  type GradeJobPayload,
  type Grader,
  type GradingSpec,
  type StoredOutcome,
  type SubmissionSpec,
} from '../contract';
import { failedOutcome, outcomeOfGrading } from '../outcome';

/**
 * The grading side of practice: takes queued submissions, grades them with the sandboxed grader and
 * stores the result, then tells the waiting API servers (NOTIFY). It runs in worker processes
 * (src/grading/worker/main.ts), never in the web server's.
 *
 * A worker that dies mid-grading (killed, out of memory) must not lose the submission: while it
 * grades it beats a heartbeat on the row, and every worker sweeps for rows whose heartbeat stopped,
 * hands them back to the queue and frees their jobs. A submission that has taken down a worker
 * MAX_ATTEMPTS times is answered with an error instead of being tried forever.
 *
 * One counter decides that: the queue's own count of deliveries of the job (graphile-worker adds one each time a
 * worker takes it, after a crash or a failure alike). The row's `attempts` only mirrors it for the tutor and the
 * tests; the job is queued with one delivery more than MAX_ATTEMPTS (GRADE_JOB_MAX_ATTEMPTS in the contract), the
 * one that writes the error.
 */

const HEARTBEAT_MS = 2000;
/** A running submission whose heartbeat is older than this is taken to be abandoned. */
export const ABANDONED_AFTER_MS = 15_000;
const SWEEP_MS = 5000;

const GAVE_UP = 'We could not grade this submission: it stopped the grader several times. Please check your program and try again.';

type Log = { warn: (obj: unknown, msg?: string) => void };

/** Grades one submission by id. Exported for the tests, which call it without a queue. */
export async function gradeSubmission(
  pool: pg.Pool,
  grader: Grader,
  submissionId: string,
  job: { workerId: string; attempt: number },
  log: Log,
): Promise<void> {
  const { workerId, attempt } = job;
  const { rows } = await pool.query<{ spec: SubmissionSpec | null; attempts: number; purpose: string }>(
    `update exercise_submissions
        set status = 'running', started_at = now(), heartbeat_at = now(), attempts = $3, worker_id = $2
      where id = $1 and status <> 'done'
      returning spec, attempts, purpose`,
    [submissionId, workerId, attempt],
  );
  const claimed = rows[0];
  if (!claimed) return; // already graded (a retried job), or deleted with its exercise
  if (!claimed.spec || claimed.attempts > MAX_ATTEMPTS) {
    await finish(pool, submissionId, workerId, failedOutcome(GAVE_UP));
    return;
  }
  const spec = claimed.spec;
  const beat = setInterval(() => {
    pool
      .query(`update exercise_submissions set heartbeat_at = now() where id = $1 and worker_id = $2`, [submissionId, workerId])
      .catch((err: unknown) => log.warn({ err }, 'grading heartbeat failed'));
  }, HEARTBEAT_MS);
  let outcome: StoredOutcome;
  try {
    outcome = outcomeOfGrading(spec, await grader.grade(gradingSpecOf(spec)), claimed.purpose === 'reference');
  } finally {
    clearInterval(beat);
  }
  await finish(pool, submissionId, workerId, outcome);
}

/** The engine's view of a queued submission: its tests by position, and a WebGL picture decoded. */
export function gradingSpecOf(spec: SubmissionSpec): GradingSpec {
  return {
    language: spec.language,
    code: spec.code,
    limits: spec.limits,
    tests: spec.tests.map((t) => ({
      id: String(t.position),
      input: t.input,
      expectedOutput: t.expectedOutput,
      match: t.match,
      expectedExitCode: t.expectedExitCode,
      code: t.code ?? null,
    })),
    ...(spec.files?.length ? { files: spec.files } : {}),
    ...(spec.studentFiles?.length ? { studentFiles: spec.studentFiles } : {}),
    ...(spec.mode ? { mode: spec.mode } : {}),
    ...(spec.image
      ? {
          image: {
            width: spec.image.width,
            height: spec.image.height,
            rgba: new Uint8Array(Buffer.from(spec.image.rgbaBase64, 'base64')),
          },
        }
      : {}),
  };
}

/**
 * Stores the outcome, and for a student's passed submission completes the lesson when it was its
 * last check (learning_complete_if_checks_passed, src/server/platform/db/sql/learning.sql), in one transaction; then NOTIFY. Only the
 * worker that holds the row may finish it: one that was presumed dead and replaced writes nothing.
 */
async function finish(pool: pg.Pool, submissionId: string, workerId: string, o: StoredOutcome): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{
      user_id: string;
      lesson_id: string;
      exercise_id: string | null;
      purpose: string;
      preview: boolean;
    }>(
      `update exercise_submissions
          set status = 'done', verdict = $3, passed_count = $4, total_count = $5, summary = $6, compile_output = $7,
              diagnostics = $8, results = $9, test_passed = $10, points_earned = $11, points_total = $12,
              finished_at = now(), heartbeat_at = null, spec = null
        where id = $1 and status = 'running' and worker_id = $2
        returning user_id, lesson_id, exercise_id, purpose, preview`,
      [
        submissionId,
        workerId,
        o.verdict,
        o.passedCount,
        o.totalCount,
        o.summary,
        o.compileOutput,
        JSON.stringify(o.diagnostics),
        JSON.stringify(o.tests),
        JSON.stringify(o.testPassed),
        o.pointsEarned,
        o.pointsTotal,
      ],
    );
    const row = rows[0];
    if (row && o.verdict === 'passed' && row.purpose === 'submit' && !row.preview && row.exercise_id) {
      await client.query(
        `update exercise_submissions s set lesson_completed = p.lesson_completed, course_just_completed = p.course_just_completed
           from learning_complete_if_checks_passed($2, $3, now()) p where s.id = $1`,
        [submissionId, row.user_id, row.lesson_id],
      );
    }
    if (row) await client.query('select pg_notify($1, $2)', [SUBMISSION_CHANNEL, submissionId]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Hands abandoned submissions back to the queue and frees the jobs their dead workers held. */
export async function sweepAbandoned(pool: pg.Pool, abandonedAfterMs = ABANDONED_AFTER_MS): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ worker_id: string }>(
      `with stale as (
         select id, worker_id from exercise_submissions
          where status = 'running' and heartbeat_at < now() - make_interval(secs => $1::double precision / 1000)
          for update skip locked
       )
       update exercise_submissions s set status = 'queued', worker_id = null, heartbeat_at = null
         from stale where s.id = stale.id
       returning stale.worker_id`,
      [abandonedAfterMs],
    );
    await unlockWorkers(client, [...new Set(rows.map((r) => r.worker_id))]);
    await client.query('commit');
    return rows.length;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** A grading worker: the job runner plus the sweep. `concurrency` gradings at a time, one grader each. */
export async function startGradingWorker(options: {
  pool: pg.Pool;
  graders: Grader[];
  log: Log;
  warn: (message: string) => void;
}): Promise<JobWorker> {
  const free = [...options.graders];
  const grade: Task = async (payload, helpers) => {
    const { submissionId } = payload as GradeJobPayload;
    const grader = free.pop();
    if (!grader) throw new Error('no free grader'); // cannot happen: concurrency equals the graders
    try {
      await gradeSubmission(
        options.pool,
        grader,
        submissionId,
        { workerId: helpers.job.locked_by ?? 'unknown', attempt: helpers.job.attempts },
        options.log,
      );
    } finally {
      free.push(grader);
    }
  };
  const worker = await runGradingJobs({
    pool: options.pool,
    tasks: { [GRADE_TASK]: grade },
    concurrency: options.graders.length,
    warn: options.warn,
  });
  const sweep = setInterval(() => {
    sweepAbandoned(options.pool).catch((err: unknown) => options.log.warn({ err }, 'sweeping abandoned gradings failed'));
  }, SWEEP_MS);
  return {
    runner: worker.runner,
    async stop() {
      clearInterval(sweep);
      await worker.stop();
      await Promise.all(options.graders.map((g) => g.close()));
    },
  };
}
