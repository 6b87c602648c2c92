import os from 'node:os';
import pino from 'pino';
import pg from 'pg';
import { loadWorkerEnv, WorkerEnvError } from './config';
import { createGrader } from '../dispatch';
import { cgroupSupport } from '../sandbox/cgroup';
import { describeGradingCpuGroup, joinGradingCpuGroup } from './grading-priority';
import { startGradingWorker } from './grading-worker';

/**
 * A grading worker process: takes submissions from the queue on GRADING_DATABASE_URL (else DATABASE_URL), as a
 * database role that may only read and finish submissions and take their jobs, and grades them.
 * `npm start` runs some beside the server (GRADING_WORKERS); `npm run worker` on another machine
 * adds grading capacity to the same database. Students' code never runs in here either: C and
 * JavaScript run in WebAssembly sandboxes in threads of this process, Java in bubblewrap.
 */
/** The grading worker's CPU priority (nice): below the server's 0, so that the course screens stay fast under load. */
const GRADING_NICE = 10;

async function main() {
  let env;
  try {
    env = loadWorkerEnv();
  } catch (err) {
    if (err instanceof WorkerEnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: env.logLevel, base: { worker: env.slot } });
  // Grading is batch work and a person waits on every API call: on a busy machine the server's requests go first.
  // The compilers and students' programs this process starts inherit the lower priority.
  try {
    os.setPriority(GRADING_NICE);
  } catch (err) {
    log.warn({ err }, 'could not lower the grading worker priority');
  }
  // Before any compiler or sandbox starts: each sandbox is a session of its own, which nice alone does not hold back.
  log.info(describeGradingCpuGroup(joinGradingCpuGroup(GRADING_NICE), GRADING_NICE));
  // Forked by the server, DATABASE_URL is already the grading role's; started on its own, it may be the app's.
  if (!env.ownRole && !process.send) {
    log.warn('GRADING_DATABASE_URL is unset: this worker connects with DATABASE_URL and holds its rights (README: "Database roles")');
  }
  const pool = new pg.Pool({ connectionString: env.databaseUrl, max: 2 + env.concurrency * 2, connectionTimeoutMillis: 10_000 });
  // A connection lost while idle or mid-transaction (a database restart) fails that query, not the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const graders = Array.from({ length: env.concurrency }, (_, i) => createGrader({ sandboxSlot: env.slot * 16 + i, spareCompiler: true }));
  // Compilers and runtimes are loaded before the first job is taken, so that the first submissions after a start
  // are not the slow ones. A warm-up that fails is only logged: the grader loads what it needs at its first job.
  const warmStarted = performance.now();
  await Promise.all(graders.map((grader) => grader.warm().catch((err: unknown) => log.warn({ err }, 'warming up a grader failed'))));
  log.info(`grading worker ${env.slot} warmed up in ${Math.round(performance.now() - warmStarted)} ms`);
  const cgroups = cgroupSupport();
  log.info(
    cgroups
      ? `native sandboxes: a control group (cgroup ${cgroups}) per run counts memory and processes together, besides the rlimits`
      : 'native sandboxes: rlimits only (no control group can be made here: not root, or no writable cgroup hierarchy)',
  );
  const worker = await startGradingWorker({ pool, graders, log, warn: (message) => log.warn(message) });
  log.info(`grading worker ${env.slot} is taking submissions (${env.concurrency} at a time)`);
  process.send?.({ ready: true });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // Graceful: the jobs in hand are finished or handed back before the process ends.
    await worker.stop().catch((err: unknown) => log.warn({ err }, 'stopping the grading worker failed'));
    await pool.end().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // Forked by the server: when it goes, so does this process.
  process.on('disconnect', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
