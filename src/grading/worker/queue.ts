import { Logger, run, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';

/**
 * The grading worker's side of the job queue (graphile-worker in the app's PostgreSQL): it runs only the grading task.
 * The server adds the jobs, in the transaction that writes the submission row; this process takes them, learning of
 * new ones through LISTEN/NOTIFY.
 */

export type JobWorker = { stop(): Promise<void>; runner: Runner };

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Frees the jobs held by workers that are gone, so another worker takes them up. */
export async function unlockWorkers(on: Queryable, workerIds: string[]): Promise<void> {
  if (workerIds.length) await on.query('select graphile_worker.force_unlock_workers($1::text[])', [workerIds]);
}

/** Takes grading jobs until stopped, `concurrency` at a time; the queue's own log reaches us as warnings only. */
export async function runGradingJobs(options: {
  pool: pg.Pool;
  tasks: TaskList;
  concurrency: number;
  warn: (message: string) => void;
}): Promise<JobWorker> {
  const logger = new Logger(() => (level, message) => {
    if (level === 'error' || level === 'warning') options.warn(message);
  });
  const runner = await run({
    pgPool: options.pool,
    taskList: options.tasks,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger,
  });
  return { runner, stop: () => runner.stop() };
}
