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

const workerEnvSchema = z.object({
  DATABASE_URL: z
    .string({ message: 'DATABASE_URL is required: a grading worker works on the database of the app it grades for' })
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// address'),
  /** Gradings this process runs at once (each holds a warm C compiler, about 500 MB). */
  GRADING_CONCURRENCY: count('GRADING_CONCURRENCY', 1, 16).default(1),
  /** Tells apart the workers of one machine, whose Java sandboxes run as different accounts. */
  GRADING_SLOT: count('GRADING_SLOT', 0, 1000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type WorkerEnv = { databaseUrl: string; concurrency: number; slot: number; logLevel: string };

export function loadWorkerEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const parsed = workerEnvSchema.safeParse(source);
  if (!parsed.success) throw new WorkerEnvError(parsed.error.issues.map((i) => i.message).join('\n'));
  const e = parsed.data;
  return { databaseUrl: e.DATABASE_URL, concurrency: e.GRADING_CONCURRENCY, slot: e.GRADING_SLOT, logLevel: e.LOG_LEVEL };
}
