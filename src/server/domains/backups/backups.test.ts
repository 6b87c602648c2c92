import fs from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, ALICE, errorMessage } from '@test-support/fixtures/users-and-courses';
import { BackupMessages, type BackupRun, type BackupsOverview } from '../../../common/backups';
import { startBackgroundJobs } from '../../background-jobs';
import { EnvError, loadEnv } from '../../platform/env';
import type { JobWorker } from '../../platform/jobs/job-queue';
import { backupCrontab } from './backups.service';

/*
 * The app's own backups: 'Back Up Now' and the nightly job queue a run, the app's job runner (the
 * real one, started here) takes the backup into BACKUP_DIR, prunes the oldest beyond BACKUP_KEEP,
 * and records how it ended; a failure is recorded with its sentence and mailed to the tutor once.
 */

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const workers: JobWorker[] = [];
afterAll(async () => {
  for (const w of workers) await w.stop();
});

async function worker(t: TestContext) {
  const w = await startBackgroundJobs({
    db: t.db,
    mailer: t.mailer,
    mailFrom: t.env.mailFrom,
    notifications: t.app.services.notifications,
    backups: { service: t.app.services.backups, config: t.env.backup },
    warn: () => {},
    crontab: false,
  });
  workers.push(w);
}

async function overview(t: TestContext, cookie: string): Promise<BackupsOverview> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BackupsOverview>();
}

async function backUpNow(t: TestContext, cookie: string): Promise<BackupRun> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ run: BackupRun }>().run;
}

const finished = (t: TestContext, cookie: string, id: string) =>
  until(async () => (await overview(t, cookie)).runs.find((r) => r.id === id && (r.status === 'succeeded' || r.status === 'failed')));

describe("'Back Up Now' and the nightly backup", () => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { BACKUP_KEEP: '2' } });
    admin = await t.signIn(ADMIN);
  });

  it('queues one run at a time: a second press while it waits is refused with a sentence', async () => {
    const run = await backUpNow(t, admin);
    expect(run).toMatchObject({ trigger: 'manual', status: 'queued', file: null });
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: admin } });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(BackupMessages.alreadyRunning);
    const seen = await overview(t, admin);
    expect(seen.runs.map((r) => r.id)).toEqual([run.id]);
    expect(seen).toMatchObject({ schedule: { on: true, hourUtc: 3, keep: 2 }, folder: t.env.backup.dir, bucket: null, warning: null });
  });

  it("the job runner takes it: an archive in BACKUP_DIR with the run's file name and size", async () => {
    // Older archives of the app's own, and one made by hand (never pruned).
    await fs.mkdir(t.env.backup.dir, { recursive: true });
    for (const old of ['backup-20200101-030000Z.tar.gz', 'backup-20200102-030000Z.tar.gz', 'manual-20200101-120000Z.tar.gz']) {
      await fs.writeFile(path.join(t.env.backup.dir, old), 'old');
    }
    await worker(t);
    const [queued] = (await overview(t, admin)).runs;
    const done = await finished(t, admin, queued!.id);
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(done.file).toMatch(/^backup-\d{8}-\d{6}Z\.tar\.gz$/);
    const archive = path.join(t.env.backup.dir, done.file!);
    expect(done.location).toBe(archive);
    expect(done.sizeBytes).toBe((await fs.stat(archive)).size);
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (e) => entries.push(e.path) });
    expect(entries).toEqual(expect.arrayContaining(['manifest.json', 'db/users.copy', 'db/backup_runs.copy']));
    // BACKUP_KEEP=2: the new one and the newest old one of the app's; the hand-made archive stays.
    expect((await fs.readdir(t.env.backup.dir)).sort()).toEqual(
      [done.file, 'backup-20200102-030000Z.tar.gz', 'manual-20200101-120000Z.tar.gz'].sort(),
    );
  });

  it('the nightly job queues a scheduled run, which the runner takes too', async () => {
    await t.app.services.backups.queueScheduled();
    const [run] = (await overview(t, admin)).runs;
    expect(run!.trigger).toBe('scheduled');
    expect(await finished(t, admin, run!.id)).toMatchObject({ status: 'succeeded' });
  });

  it('a run left open by an app that stopped (its job gone) shows as interrupted, and does not block the next', async () => {
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into backup_runs (trigger, requested_at, started_at) values ('scheduled', now() - interval '1 hour', now() - interval '1 hour') returning id`,
    );
    const seen = (await overview(t, admin)).runs.find((r) => r.id === rows[0]!.id);
    expect(seen).toMatchObject({ status: 'failed', error: BackupMessages.interrupted });
    expect((await overview(t, admin)).warning).toBe(BackupMessages.warningFailed);
    const next = await backUpNow(t, admin);
    expect(await finished(t, admin, next.id)).toMatchObject({ status: 'succeeded' });
    expect((await overview(t, admin)).warning).toBeNull();
  });

  it('is for the tutor only', async () => {
    const alice = await t.signIn(ALICE);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/admin/backups', headers: { cookie: alice } });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('a backup that fails', () => {
  let t: TestContext;
  let admin: string;

  beforeAll(async () => {
    const blocker = path.join(await fs.mkdtemp('/tmp/tutor-backup-fail-'), 'a-file');
    await fs.writeFile(blocker, 'not a folder');
    t = await createTestApp({ env: { BACKUP_DIR: blocker } });
    admin = await t.signIn(ADMIN);
    await worker(t);
  });

  it("records the sentence, warns on the admin home's data, and mails the tutor once per failure", async () => {
    const first = await backUpNow(t, admin);
    const done = await finished(t, admin, first.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(
      /^The backup folder .*a-file is not a folder \(a file has its name\): choose another path\. No archive was written\.$/,
    );
    expect((await overview(t, admin)).warning).toBe(BackupMessages.warningFailed);
    const subject = BackupMessages.failureMailSubject(t.env.appName);
    await until(async () => t.mailer.sent.some((m) => m.subject === subject));
    const mails = t.mailer.sent.filter((m) => m.subject === subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain(ADMIN);
    expect(mails[0]!.text).toContain(done.error!);

    const second = await backUpNow(t, admin);
    await finished(t, admin, second.id);
    await until(async () => t.mailer.sent.filter((m) => m.subject === subject).length === 2);
    const { rows } = await t.pool.query<{ n: number }>(`select count(*)::int as n from mail_outbox where kind = 'backup_failed'`);
    expect(rows[0]!.n).toBe(2);
  });
});

describe('the warning when no backup succeeded lately', () => {
  const later = Date.now() + 72 * 3600_000;

  it('appears on a platform older than 48 hours whose last good backup is older than that, while the schedule is on', async () => {
    const t = await createTestApp({ now: () => new Date(later) });
    const admin = await t.signIn(ADMIN);
    await t.pool.query(`update users set created_at = now() - interval '10 days'`);
    expect((await overview(t, admin)).warning).toBe(BackupMessages.warningNever);
    await t.pool.query(
      `insert into backup_runs (trigger, requested_at, started_at, finished_at, file, size_bytes)
       values ('scheduled', now() - interval '3 days', now() - interval '3 days', now() - interval '3 days', 'backup-x.tar.gz', 10)`,
    );
    expect((await overview(t, admin)).warning).toBe(BackupMessages.warningStale);
  });

  it('stays away with the schedule off, and on a new platform', async () => {
    const off = await createTestApp({ now: () => new Date(later), env: { BACKUP_SCHEDULE: 'off' } });
    await off.pool.query(`update users set created_at = now() - interval '10 days'`);
    expect((await overview(off, await off.signIn(ADMIN))).warning).toBeNull();
    const fresh = await createTestApp();
    expect((await overview(fresh, await fresh.signIn(ADMIN))).warning).toBeNull();
  });
});

describe('the settings', () => {
  it('nightly at BACKUP_HOUR (UTC) unless BACKUP_SCHEDULE=off; bad values are named', () => {
    const env = (v: Record<string, string>) => loadEnv({ NODE_ENV: 'test', DATA_DIR: '/srv/tutor', ADMIN_EMAIL: 'a@example.com', ...v });
    expect(env({}).backup).toEqual({ scheduled: true, hour: 3, keep: 7, dir: '/srv/tutor/backups' });
    expect(backupCrontab(env({ BACKUP_HOUR: '22' }).backup)).toEqual(['0 22 * * * backup_scheduled']);
    expect(backupCrontab(env({ BACKUP_SCHEDULE: 'off' }).backup)).toEqual([]);
    expect(env({ BACKUP_DIR: '/mnt/elsewhere' }).backup.dir).toBe('/mnt/elsewhere');
    expect(() => env({ BACKUP_HOUR: '24' })).toThrow(EnvError);
    expect(() => env({ BACKUP_HOUR: '24' })).toThrow(/BACKUP_HOUR must be between 0 and 23/);
    expect(() => env({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be between 1 and 1000/);
    expect(() => env({ BACKUP_SCHEDULE: 'nightly' })).toThrow(/BACKUP_SCHEDULE must be 'on' or 'off'/);
  });

  it("BACKUP_BUCKET uses its own credentials, else the uploads' ones; half a configuration is named", () => {
    const env = (v: Record<string, string>) => loadEnv({ NODE_ENV: 'test', DATA_DIR: '/srv/tutor', ADMIN_EMAIL: 'a@example.com', ...v });
    const uploads = { S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'up', S3_SECRET_ACCESS_KEY: 'up-secret' };
    expect(env({ ...uploads, BACKUP_BUCKET: 'tutor-backups' }).backup.bucket).toEqual({
      bucket: 'tutor-backups',
      prefix: 'backups/',
      endpoint: 'http://minio:9000',
      accessKeyId: 'up',
      secretAccessKey: 'up-secret',
      region: 'us-east-1',
    });
    const own = env({
      ...uploads,
      BACKUP_BUCKET: 'offsite',
      BACKUP_BUCKET_PREFIX: 'school/nightly/',
      BACKUP_S3_ACCESS_KEY_ID: 'bk',
      BACKUP_S3_SECRET_ACCESS_KEY: 'bk-secret',
      BACKUP_S3_REGION: 'eu-west-1',
    }).backup.bucket;
    expect(own).toEqual({
      bucket: 'offsite',
      prefix: 'school/nightly/',
      endpoint: undefined,
      accessKeyId: 'bk',
      secretAccessKey: 'bk-secret',
      region: 'eu-west-1',
    });
    expect(env({}).backup.bucket).toBeUndefined();
    expect(() => env({ BACKUP_BUCKET: 'tutor-backups' })).toThrow(/BACKUP_BUCKET needs credentials/);
    expect(() => env({ BACKUP_S3_ACCESS_KEY_ID: 'bk' })).toThrow(/BACKUP_BUCKET is required when BACKUP_S3_ACCESS_KEY_ID is set/);
    expect(() => env({ BACKUP_BUCKET: 'b-1', BACKUP_S3_ACCESS_KEY_ID: 'bk' })).toThrow(/BACKUP_S3_SECRET_ACCESS_KEY is required/);
    expect(() => env({ ...uploads, BACKUP_BUCKET: 'b-1', BACKUP_BUCKET_PREFIX: 'backups' })).toThrow(/must be a key prefix ending in '\/'/);
    expect(() => env({ ...uploads, BACKUP_BUCKET: 'b-1', BACKUP_BUCKET_PREFIX: 'a/../' })).toThrow(/must not contain '\.\.'/);
    expect(() => env({ ...uploads, BACKUP_BUCKET: 'Not_A_Bucket' })).toThrow(/BACKUP_BUCKET must be a bucket name/);
  });
});
