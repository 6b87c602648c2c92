import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '@test-support/server-process';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { createTestDatabase } from '@test-support/test-db';
import { ADMIN, userId } from '@test-support/fixtures/users-and-courses';
import { BackupMessages } from '../../../common/backups';
import { startBackgroundJobs } from '../../background-jobs';
import type { JobWorker } from '../../platform/jobs/job-queue';
import { BACKUP_STALE_MS, createBackupsService } from './backups.service';

/*
 * A backup whose app died under it (SIGKILL: no orderly stop fails its job). The job runner keeps
 * a dead worker's job, and with it the one queue of backups, locked for 4 hours; the run's
 * heartbeat stops at once. Here the real server takes a backup that cannot finish (its bucket's
 * store accepts the connection and never answers) and is killed mid-way: the run still shows
 * running while its heartbeat is fresh, shows as interrupted once the heartbeat is a minute old,
 * and the next backup runs at once.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestContext;
let server: ServerProcess | undefined;
let silent: net.Server;
const sockets = new Set<net.Socket>();
let dataDir: string;
const workers: JobWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database });
  // A store that takes the connection and never answers: the backup waits on it.
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-backup-died-'));
  server = await startServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN,
    MAIL_TRANSPORT: 'console',
    GRADING_WORKERS: '0',
    BACKUP_SCHEDULE: 'off',
    BACKUP_BUCKET: 'never-answers',
    BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    BACKUP_S3_ACCESS_KEY_ID: 'key',
    BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
  });
  await server.ready(90_000);
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  for (const w of workers) await w.stop();
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const jobOf = async (id: string) =>
  (
    await t.pool.query<{ locked_at: Date | null; locked_by: string | null }>(
      `select locked_at, locked_by from graphile_worker.jobs where key = $1`,
      [`backup:${id}`],
    )
  ).rows[0];
const queueLocked = async () =>
  (await t.pool.query(`select 1 from graphile_worker._private_job_queues where queue_name = 'backups' and locked_at is not null`))
    .rowCount === 1;

describe('a backup whose app died', () => {
  it('shows as running while its heartbeat is fresh, as interrupted once it is a minute old, and the next backup runs at once', async () => {
    const run = await t.app.services.backups.request(await userId(t.db, ADMIN));
    // The server's job runner takes it, and its backup waits on the store that never answers.
    await until(async () => (await t.app.services.backups.overview()).runs.find((r) => r.id === run.id && r.status === 'running'));
    expect((await jobOf(run.id))?.locked_by).toBeTruthy();

    await server!.stop('SIGKILL');
    server = undefined;

    // Just after: the heartbeat is fresh, and the dead worker still holds the job and the queue.
    const seen = (await t.app.services.backups.overview()).runs.find((r) => r.id === run.id);
    expect(seen?.status).toBe('running');
    expect((await jobOf(run.id))?.locked_at).toBeTruthy();
    expect(await queueLocked()).toBe(true);

    // A minute later (the page asks again every two seconds): failed, with the sentence, and mailed to the tutor.
    const later = createBackupsService({
      db: t.db,
      source: { databaseUrl: database.url, files: { dataDir }, lowerBackendPriority: false },
      config: t.env.backup,
      ctx: { appName: t.env.appName, appUrl: t.env.appUrl },
      now: () => new Date(Date.now() + BACKUP_STALE_MS + 1000),
      log: { warn: () => {}, info: () => {} },
    });
    const overview = await later.overview();
    expect(overview.runs.find((r) => r.id === run.id)).toMatchObject({ status: 'failed', error: BackupMessages.interrupted });
    expect(BackupMessages.interrupted).toBe('Interrupted: the app stopped during the backup.');
    expect(overview.warning).toBe(BackupMessages.warningFailed);
    const { rows: mails } = await t.pool.query(`select 1 from mail_outbox where kind = 'backup_failed'`);
    expect(mails).toHaveLength(1);

    // The dead app's job and the queue are let go: the next backup is taken now, not in 4 hours.
    expect(await jobOf(run.id)).toBeUndefined();
    expect(await queueLocked()).toBe(false);
    workers.push(
      await startBackgroundJobs({
        db: t.db,
        mailer: t.mailer,
        mailFrom: t.env.mailFrom,
        notifications: t.app.services.notifications,
        backups: { service: t.app.services.backups, config: t.env.backup },
        warn: () => {},
        crontab: false,
      }),
    );
    const next = await t.app.services.backups.request(await userId(t.db, ADMIN));
    const done = await until(
      async () =>
        (await t.app.services.backups.overview()).runs.find((r) => r.id === next.id && r.status !== 'queued' && r.status !== 'running'),
      60_000,
    );
    expect(done).toMatchObject({ status: 'succeeded', error: null });
  });
});
