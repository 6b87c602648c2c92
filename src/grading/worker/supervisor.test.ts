import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { loadWorkerEnv } from './config';
import { superviseGradingWorkers, workerEnvironment } from './supervisor';

describe('a grading worker process', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("gets the database and what Node needs, none of the server's other secrets", () => {
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-secret', SMTP_URL: 'smtp://u:p@mail', S3_SECRET_ACCESS_KEY: 'k', APP_SECRET: 's' });
    const env = workerEnvironment('postgres://app@db/app', 3);
    expect(env).toMatchObject({ DATABASE_URL: 'postgres://app@db/app', GRADING_SLOT: '3', PATH: process.env.PATH });
    expect(Object.keys(env).filter((k) => /KEY|SECRET|SMTP|OPENAI|S3_/.test(k))).toEqual([]);
  });

  it('connects with GRADING_DATABASE_URL where given (one environment file for the app and its workers), else DATABASE_URL', () => {
    const app = 'postgres://tutor_app:a@db/tutor';
    const grading = 'postgres://tutor_grading:g@db/tutor';
    expect(loadWorkerEnv({ DATABASE_URL: app, GRADING_DATABASE_URL: grading }).databaseUrl).toBe(grading);
    expect(loadWorkerEnv({ DATABASE_URL: app, GRADING_DATABASE_URL: '' }).databaseUrl).toBe(app);
    expect(() => loadWorkerEnv({})).toThrow(/GRADING_DATABASE_URL \(or DATABASE_URL\) is required/);
    // The server forks its workers with the grading role's address alone, never the app's too.
    Object.assign(process.env, { GRADING_DATABASE_URL: grading, DATABASE_URL: app });
    expect(workerEnvironment(grading, 0)).not.toHaveProperty('GRADING_DATABASE_URL');
  });

  it('counts as warm once every worker has said it is ready, and stays so while one restarts', async () => {
    // A stand-in worker: ready after a moment, as the real one is once its compilers are loaded.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-supervisor-'));
    onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
    await fs.writeFile(
      path.join(dir, 'worker.js'),
      `setTimeout(() => process.send({ ready: true }), 300);
       process.on('disconnect', () => process.exit(0));
       process.on('SIGTERM', () => process.exit(0));`,
    );
    const log = { info: () => {}, warn: () => {} };
    const workers = superviseGradingWorkers({ count: 2, serverDir: dir, databaseUrl: 'postgres://unused@127.0.0.1/x', log });
    onTestFinished(() => workers.stop(2_000));
    expect(workers.warm()).toBe(false);
    await expect.poll(() => workers.warm(), { timeout: 10_000 }).toBe(true);
    process.kill(workers.pids()[0]!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
    expect(workers.warm()).toBe(true);
    expect(superviseGradingWorkers({ count: 0, serverDir: dir, databaseUrl: 'postgres://unused@127.0.0.1/x', log }).warm()).toBe(true);
  });

  it('counts as ready after a while even when a worker never warms up, and says so in the log', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-supervisor-'));
    onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
    // A worker that starts but never says it is ready (a database role without its rights, say).
    await fs.writeFile(
      path.join(dir, 'worker.js'),
      `process.on('disconnect', () => process.exit(0));
       process.on('SIGTERM', () => process.exit(0));
       setInterval(() => {}, 1000);`,
    );
    const warnings: string[] = [];
    const log = { info: () => {}, warn: (_obj: unknown, msg?: string) => void warnings.push(msg ?? '') };
    const workers = superviseGradingWorkers({
      count: 1,
      serverDir: dir,
      databaseUrl: 'postgres://unused@127.0.0.1/x',
      log,
      warmUpWaitMs: 500,
    });
    onTestFinished(() => workers.stop(2_000));
    expect(workers.warm()).toBe(false);
    await expect.poll(() => workers.warm(), { timeout: 5_000 }).toBe(true);
    expect(warnings).toEqual([expect.stringMatching(/not every grading worker warmed up/)]);
  });
});
