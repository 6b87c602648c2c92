import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, expect } from 'vitest';
import type { Submission } from '../../src/common/practice';
import { createGrader } from '../../src/grading/dispatch';
import { startGradingWorker } from '../../src/grading/worker/grading-worker';

const quiet = { warn: () => {} };

/**
 * A grading worker for an API test, in the test's own process (the programs it grades still run in
 * their WebAssembly and bubblewrap sandboxes). Stopped after the file.
 */
export async function startTestGrading(pool: pg.Pool, graders = 1) {
  // Distinct sandbox accounts for test files that run side by side.
  const base = 200 + (process.pid % 400) * 2;
  const worker = await startGradingWorker({
    pool,
    graders: Array.from({ length: graders }, (_, i) => createGrader({ sandboxSlot: base + i })),
    log: quiet,
    warn: () => {},
  });
  afterAll(() => worker.stop());
  return worker;
}

/**
 * Waits for a submission to be graded, the way the page does (long-polling its GET), as the student whose cookie is
 * given. `check` sees every answer's body (a test that no answer leaks what it must not).
 */
export async function gradedSubmission(
  app: Pick<FastifyInstance, 'inject'>,
  cookie: string,
  id: string,
  check?: (body: string) => void,
): Promise<Submission> {
  for (let i = 0; i < 30; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/submissions/${id}?waitMs=20000`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    check?.(res.body);
    const s = res.json<Submission>();
    if (s.status === 'done') return s;
  }
  throw new Error('never graded');
}

const WORKER_ENTRY = path.resolve(import.meta.dirname, '../../src/grading/worker/main.ts');

/** The real worker process (src/grading/worker/main.ts through tsx), as `npm start` and `npm run worker` run it. */
export function forkWorkerProcess(databaseUrl: string, slot: number): Promise<ChildProcess> {
  const child = fork(WORKER_ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl, GRADING_SLOT: String(slot), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the grading worker ended before it was ready (exit ${code})`)));
  });
}
