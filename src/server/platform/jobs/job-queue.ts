import { Logger, run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';

/**
 * The background job queue: graphile-worker on the app's own PostgreSQL (decision 019). Jobs are
 * added with SQL inside the caller's transaction, so a job exists exactly when the row it works on
 * does; workers learn of new jobs through LISTEN/NOTIFY, in milliseconds, without polling.
 */

/** graphile-worker's own logging, kept to warnings and errors, through our logger. */
function quietLogger(warn: (message: string) => void) {
  return new Logger(() => (level, message) => {
    if (level === 'error' || level === 'warning') warn(message);
  });
}

/** Creates or upgrades the queue's tables (schema graphile_worker); safe to run at every start. */
export async function installJobQueue(pool: pg.Pool, warn: (message: string) => void = () => {}): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quietLogger(warn) });
}

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Adds a job in the caller's transaction (or alone, on a pool). Workers take the lowest `priority` first, and jobs of
 * one priority in the order they were added; a job with `delayMs` is not taken before that time has passed.
 */
export async function enqueueJob(
  on: Queryable,
  task: string,
  payload: Record<string, unknown>,
  options: { maxAttempts?: number; priority?: number; delayMs?: number } = {},
): Promise<void> {
  await on.query(
    `select graphile_worker.add_job($1, $2::json, max_attempts => $3, priority => $4,
       run_at => now() + make_interval(secs => $5::double precision / 1000))`,
    [task, JSON.stringify(payload), options.maxAttempts ?? 5, options.priority ?? 0, options.delayMs ?? 0],
  );
}

export type JobWorker = { stop(): Promise<void>; runner: Runner };

/** Runs the given tasks until stopped; `concurrency` jobs at a time in this process. */
export async function runJobWorker(options: {
  pool: pg.Pool;
  tasks: TaskList;
  concurrency: number;
  warn: (message: string) => void;
  /** Recurring jobs, in crontab lines (none when left out). */
  crontab?: string;
}): Promise<JobWorker> {
  const runner = await run({
    pgPool: options.pool,
    taskList: options.tasks,
    concurrency: options.concurrency,
    noHandleSignals: true,
    // Retries of failed jobs are scheduled ahead; new jobs arrive by NOTIFY and are not polled for.
    pollInterval: 1000,
    logger: quietLogger(options.warn),
    ...(options.crontab ? { crontab: options.crontab } : {}),
  });
  return { runner, stop: () => runner.stop() };
}
