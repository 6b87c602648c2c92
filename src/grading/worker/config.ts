import { z } from 'zod';

/**
 * A grading worker's configuration, from its environment: it needs only the database. The server forks its workers
 * with just these variables (supervisor.ts), so a flaw in a sandbox could reach no other secret.
 */

export class WorkerEnvError extends Error {}

const count = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

const postgresUrl = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, `${name} must be a postgres:// or postgresql:// address`)
    .optional();

const workerEnvSchema = z.object({
  /**
   * The grading role's address (README: "Database roles"); else DATABASE_URL, with a warning, as the workers then hold
   * whatever that role may do. A worker on another machine gets these variables only: never the app's secrets. The
   * server forks its own workers with DATABASE_URL alone, already the grading role's.
   */
  GRADING_DATABASE_URL: postgresUrl('GRADING_DATABASE_URL'),
  DATABASE_URL: postgresUrl('DATABASE_URL'),
  /** Gradings this process runs at once (each holds a warm C compiler, about 500 MB). */
  GRADING_CONCURRENCY: count('GRADING_CONCURRENCY', 1, 16).default(1),
  /** Tells apart the workers of one machine, whose Java sandboxes run as different accounts. */
  GRADING_SLOT: count('GRADING_SLOT', 0, 1000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type WorkerEnv = {
  databaseUrl: string;
  /** GRADING_DATABASE_URL was given (else the worker connects with DATABASE_URL). */
  ownRole: boolean;
  concurrency: number;
  slot: number;
  logLevel: string;
};

export function loadWorkerEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  // An empty variable means unset, as for the server (a worker forked with GRADING_DATABASE_URL= still finds DATABASE_URL).
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = workerEnvSchema.safeParse(given);
  if (!parsed.success) throw new WorkerEnvError(parsed.error.issues.map((i) => i.message).join('\n'));
  const e = parsed.data;
  const databaseUrl = e.GRADING_DATABASE_URL ?? e.DATABASE_URL;
  if (!databaseUrl) {
    throw new WorkerEnvError(
      'GRADING_DATABASE_URL (or DATABASE_URL) is required: a grading worker works on the database of the app it grades for',
    );
  }
  return {
    databaseUrl,
    ownRole: !!e.GRADING_DATABASE_URL,
    concurrency: e.GRADING_CONCURRENCY,
    slot: e.GRADING_SLOT,
    logLevel: e.LOG_LEVEL,
  };
}
