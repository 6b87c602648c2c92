import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startS3Server } from '@test-support/s3-server';
import { freePort } from '@test-support/server-process';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, pdfBytes, uploadPdf } from '@test-support/fixtures/users-and-courses';
import { BackupMessages, type BackupRun, type BackupsOverview } from '../../../common/backups';
import { startBackgroundJobs } from '../../background-jobs';
import type { BucketRecord } from '../../platform/db/backup-bucket';
import type { JobWorker } from '../../platform/jobs/job-queue';
import { s3Client } from '../../platform/storage/storage-s3';

/*
 * Backups to an S3-compatible bucket (BACKUP_BUCKET), against a real S3 peer (s3rver): the app's job
 * runner packs the backup on the server, uploads it, writes its record beside it last, prunes the
 * app's older ones in the bucket by BACKUP_KEEP, and `npm run restore -- s3://…` brings one back
 * into an empty database. A bucket that cannot be written is one sentence, and nothing is left.
 */

const run = promisify(execFile);
const BUCKET = 'tutor-backups';

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
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
}

async function overview(t: TestContext, cookie: string): Promise<BackupsOverview> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BackupsOverview>();
}

async function backUpAndWait(t: TestContext, cookie: string): Promise<BackupRun> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ run: BackupRun }>().run;
  return until(async () =>
    (await overview(t, cookie)).runs.find((r) => r.id === id && (r.status === 'succeeded' || r.status === 'failed')),
  );
}

async function keys(client: S3Client, bucket = BUCKET): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

async function bytesOf(client: S3Client, key: string): Promise<Buffer> {
  const res = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

// s3rver knows one access key, S3RVER (it does not check the signatures of the SDK's requests).
const bucketEnv = (endpoint: string, bucket = BUCKET, accessKeyId = 'S3RVER') => ({
  BACKUP_BUCKET: bucket,
  BACKUP_S3_ENDPOINT: endpoint,
  BACKUP_S3_ACCESS_KEY_ID: accessKeyId,
  BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
});

/** `npm run restore` / `npm run backup` as the operator runs them, with this environment. */
function data(args: string[], env: Record<string, string>) {
  return run(path.resolve('node_modules/.bin/tsx'), ['scripts/data.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'test', ADMIN_EMAIL: ADMIN, MAIL_TRANSPORT: 'console', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, out: err.stdout + err.stderr }),
  );
}

/** A new database with nothing in it, on the test server, dropped after the file's tests. */
async function emptyDatabase(): Promise<string> {
  const serverUrl = inject('serverUrl');
  const name = `restore_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  afterAll(async () => {
    const a = new pg.Client({ connectionString: serverUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('backups to a bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let client: S3Client;
  let t: TestContext;
  let admin: string;
  let done: BackupRun;
  let env: Record<string, string>;

  beforeAll(async () => {
    s3 = await startS3Server(BUCKET);
    client = await s3Client(s3.config);
    env = { ...bucketEnv(s3.config.endpoint!), BACKUP_KEEP: '2' };
    t = await createTestApp({ env });
    admin = await t.signIn(ADMIN);
    await uploadPdf(t.app, admin, pdfBytes(40_000));
    await worker(t);
  });
  afterAll(() => s3?.stop());

  it("uploads the archive with its record written last, keeps the newest BACKUP_KEEP of the app's there, and lists it", async () => {
    // Older backups of the app's, one made by hand with npm run backup (never pruned), and an upload cut short.
    const put = (key: string, body: string) => client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
    for (const name of ['backup-20200101-030000Z.tar.gz', 'backup-20200102-030000Z.tar.gz', 'manual-20200101-120000Z.tar.gz']) {
      await put(`backups/${name}`, 'old');
      await put(`backups/${name}.json`, '{}');
    }
    await put('backups/backup-20200103-030000Z.tar.gz', 'cut short');

    done = await backUpAndWait(t, admin);
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    expect(done.file).toMatch(/^backup-\d{8}-\d{6}Z\.tar\.gz$/);
    expect(done.location).toBe(`s3://${BUCKET}/backups/${done.file}`);

    const archive = await bytesOf(client, `backups/${done.file}`);
    expect(done.sizeBytes).toBe(archive.length);
    const record = JSON.parse((await bytesOf(client, `backups/${done.file}.json`)).toString()) as BucketRecord;
    expect(record).toMatchObject({ format: 'codetutor-backup', sizeBytes: archive.length, files: 1 });
    expect(record.sha256).toBe(crypto.createHash('sha256').update(archive).digest('hex'));
    expect(record.rows).toBeGreaterThan(0);

    // BACKUP_KEEP=2: the new one and the newest old one; the hand-made one stays, and so does the cut-short upload
    // (not a backup, and removed only once a day old, since it could be an upload still under way).
    expect(await keys(client)).toEqual(
      [
        `backups/${done.file}`,
        `backups/${done.file}.json`,
        'backups/backup-20200102-030000Z.tar.gz',
        'backups/backup-20200102-030000Z.tar.gz.json',
        'backups/backup-20200103-030000Z.tar.gz',
        'backups/manual-20200101-120000Z.tar.gz',
        'backups/manual-20200101-120000Z.tar.gz.json',
      ].sort(),
    );
    // Packed on the server, then uploaded: nothing of it stays in the work folder.
    expect(await fs.readdir(t.env.backup.dir).catch(() => [])).toEqual([]);
    expect((await overview(t, admin)).bucket).toEqual({ name: BUCKET, prefix: 'backups/', endpoint: s3.config.endpoint });
  });

  it('npm run restore -- s3://… brings it back into an empty database; --list shows it; an upload cut short is refused', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-restore-bucket-'));
    afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));
    const target = await emptyDatabase();
    const restoreEnv = { ...env, DATABASE_URL: target, DATA_DIR: dataDir };

    const listed = await data(['restore', '--list'], restoreEnv);
    expect(listed.code, listed.out).toBe(0);
    expect(listed.out).toContain(`s3://${BUCKET}/backups/${done.file}`);
    expect(listed.out).not.toContain('backup-20200103-030000Z');

    const cut = await data(['restore', `s3://${BUCKET}/backups/backup-20200103-030000Z.tar.gz`], restoreEnv);
    expect(cut.code).toBe(1);
    expect(cut.out).toContain('is not a complete backup (its upload did not finish): nothing was restored');

    const restored = await data(['restore', `s3://${BUCKET}/backups/${done.file}`], restoreEnv);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/Done: \d+ tables, \d+ rows and 1 files restored/);
    const db = new pg.Client({ connectionString: target });
    await db.connect();
    try {
      const source = await t.pool.query<{ n: number }>('select count(*)::int as n from users');
      const copy = await db.query<{ n: number }>('select count(*)::int as n from users');
      expect(copy.rows[0]!.n).toBe(source.rows[0]!.n);
      const { rows } = await db.query<{ key: string }>('select storage_key as key from files');
      expect(await fs.readdir(path.join(dataDir, 'files'))).toEqual(rows.map((r) => r.key));
    } finally {
      await db.end();
    }
  });
});

describe('a backup bucket that cannot be written', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server(BUCKET);
  });
  afterAll(() => s3?.stop());

  it('a missing bucket: the run fails with one sentence naming the cause and the fix, is mailed, and leaves nothing', async () => {
    const t = await createTestApp({ env: bucketEnv(s3.config.endpoint!, 'no-such-bucket') });
    const admin = await t.signIn(ADMIN);
    await worker(t);
    const failed = await backUpAndWait(t, admin);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(
      `The backup bucket no-such-bucket at ${s3.config.endpoint} does not exist: create it, or set BACKUP_BUCKET to an existing bucket. No backup was written.`,
    );
    expect((await overview(t, admin)).warning).toBe(BackupMessages.warningFailed);
    await until(async () => t.mailer.sent.some((m) => m.text?.includes(failed.error!)));
    expect(await fs.readdir(t.env.backup.dir).catch(() => [])).toEqual([]);
    expect(await keys(await s3Client(s3.config))).toEqual([]);
  });

  it('refused credentials and an unreachable store are named too', async () => {
    const wrong = await createTestApp({ env: bucketEnv(s3.config.endpoint!, BUCKET, 'NOT-A-KEY') });
    await worker(wrong);
    const failed = await backUpAndWait(wrong, await wrong.signIn(ADMIN));
    expect(failed.error).toMatch(
      /^The store refused the credentials for the backup bucket tutor-backups at http:\/\/127\.0\.0\.1:\d+ \(InvalidAccessKeyId\): check BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY .*\. No backup was written\.$/,
    );

    // A port nothing listens on.
    const closed = await freePort();
    const away = await createTestApp({ env: bucketEnv(`http://127.0.0.1:${closed}`) });
    await worker(away);
    const unreachable = await backUpAndWait(away, await away.signIn(ADMIN));
    expect(unreachable.error).toBe(
      `The backup bucket ${BUCKET} at http://127.0.0.1:${closed} cannot be reached (ECONNREFUSED): check BACKUP_S3_ENDPOINT (or S3_ENDPOINT) and that this machine can reach the store. No backup was written.`,
    );
    expect(await keys(await s3Client(s3.config))).toEqual([]);
  });
});
