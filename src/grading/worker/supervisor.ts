import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the grading worker processes beside the server (`npm start`), and starts again any that
 * ends unexpectedly, waiting longer after each quick failure. A worker that crashed mid-grading
 * loses nothing: the sweep of the other workers (or of its successor) hands its submission back
 * to the queue.
 */

type Log = { info: (msg: string) => void; warn: (obj: unknown, msg?: string) => void };

/** How long the app waits for its grading workers to warm up before it counts as ready without them. */
export const WARM_UP_WAIT_MS = 120_000;

/** The worker's entry: dist/server/worker.js beside the built server, else this folder's main.ts from source (through tsx). */
export function workerEntry(serverDir: string): { file: string; execArgv: string[] } {
  const built = path.join(serverDir, 'worker.js');
  if (fs.existsSync(built)) return { file: built, execArgv: [] };
  return { file: fileURLToPath(new URL('./main.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

/**
 * What a worker's process is given of the server's environment: what Node and the sandboxes need
 * to run, and the database. No mail, AI or storage keys: a worker has no use for them, so a flaw in
 * a sandbox could not reach them either.
 */
export function workerEnvironment(databaseUrl: string, slot: number): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'NODE_ENV', 'NODE_OPTIONS', 'LOG_LEVEL', 'GRADING_CONCURRENCY'];
  const env: NodeJS.ProcessEnv = { DATABASE_URL: databaseUrl, GRADING_SLOT: String(slot) };
  for (const name of keep) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

export function superviseGradingWorkers(options: {
  count: number;
  serverDir: string;
  databaseUrl: string;
  log: Log;
  /** How long a cold worker keeps the app unready; WARM_UP_WAIT_MS unless a test needs it short. */
  warmUpWaitMs?: number;
}) {
  const warmUpWaitMs = options.warmUpWaitMs ?? WARM_UP_WAIT_MS;
  const { file, execArgv } = workerEntry(options.serverDir);
  const children = new Map<number, ChildProcess>();
  // Slots whose worker has said it is ready (compilers loaded, taking jobs) at least once since the start.
  const warmed = new Set<number>();
  const supervisedAt = Date.now();
  let warnedCold = false;
  let stopping = false;

  function start(slot: number, delayMs: number) {
    const startedAt = Date.now();
    const child = fork(file, [], {
      execArgv,
      env: workerEnvironment(options.databaseUrl, slot),
      stdio: 'inherit',
    });
    children.set(slot, child);
    child.on('message', (message: unknown) => {
      if ((message as { ready?: unknown } | null)?.ready === true) warmed.add(slot);
    });
    child.once('exit', (code, signal) => {
      children.delete(slot);
      if (stopping) return;
      // A worker that ran a while starts again at once; one that keeps failing, ever more slowly.
      const next = Date.now() - startedAt > 60_000 ? 1000 : Math.min(delayMs * 2, 30_000);
      options.log.warn({ code, signal }, `grading worker ${slot} ended; starting it again in ${Math.round(next / 1000)} s`);
      setTimeout(() => !stopping && start(slot, next), next).unref();
    });
  }

  for (let slot = 0; slot < options.count; slot++) start(slot, 500);
  if (options.count) options.log.info(`${options.count} grading worker${options.count === 1 ? '' : 's'} started`);

  return {
    pids: () => [...children.values()].map((c) => c.pid!),
    /**
     * Whether every worker has warmed up once. A worker restarted later does not make this false again: its slot
     * is briefly cold, but the app as a whole stays ready and the others keep grading.
     */
    warm: () => {
      if (warmed.size >= options.count) return true;
      // A worker that cannot warm up (a database role without its rights, say) must not keep the whole site from
      // answering: after a while the app counts as ready, says why in its log, and grades with the workers it has.
      if (Date.now() - supervisedAt < warmUpWaitMs) return false;
      if (!warnedCold) {
        warnedCold = true;
        options.log.warn(
          { warm: warmed.size, workers: options.count },
          `not every grading worker warmed up within ${Math.round(warmUpWaitMs / 1000)} s; the app answers as ready anyway`,
        );
      }
      return true;
    },
    /** Asks every worker to finish its grading and end; waits for them (at most `ms`, then kills). */
    async stop(ms = 15_000) {
      stopping = true;
      await Promise.all(
        [...children.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const timer = setTimeout(() => child.kill('SIGKILL'), ms);
              child.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
