import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '@test-support/s3-server';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { createTestDatabase } from '@test-support/test-db';
import { loadEnv } from '../env';
import { localFileStorage, type FileStorage } from '../storage/storage';
import { s3FileStorage } from '../storage/storage-s3';
import { ADMIN, ALICE, BOB, enroll, pdfBytes, seedCourse, uploadPdf, userId } from '@test-support/fixtures/users-and-courses';
import { backupAppState, BackupError, backupState, restoreAppState, restoreState, type Manifest } from './backup';
import { openDatabase } from './client';
import { startEmbeddedPostgres } from './embedded';

let t: TestContext;
let work: string;
let srcStorage: FileStorage;
let archive: string;
let before: Snapshot;
const pdfs = [pdfBytes(5000), pdfBytes(70_000)];

type Snapshot = Record<string, string[]>;

/** Every row of every public table, as sorted JSON text: equal snapshots mean equal contents. */
async function snapshot(pool: pg.Pool): Promise<Snapshot> {
  const client = await pool.connect();
  try {
    await client.query("set timezone = 'UTC'");
    const { rows: tables } = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const out: Snapshot = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ r: string }>(`select to_jsonb(x)::text as r from "${name}" x`);
      out[name] = rows.map((r) => r.r).sort();
    }
    return out;
  } finally {
    client.release();
  }
}

const counts = (s: Snapshot) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.length]));

async function bytesOf(storage: FileStorage, key: string): Promise<Buffer | null> {
  const blob = await storage.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const c of blob.stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

async function fileKeys(pool: pg.Pool): Promise<string[]> {
  return (await pool.query<{ k: string }>('select storage_key as k from files order by sha256')).rows.map((r) => r.k);
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-backup-test-'));
  // The embedded server runs as the user 'postgres' when the tests run as root: it must reach its folder.
  await fs.chmod(work, 0o755);
  const srcDir = path.join(work, 'source');
  t = await createTestApp({ env: { DATA_DIR: srcDir } });
  srcStorage = localFileStorage(path.join(srcDir, 'files'));
  const [admin, alice, bob] = await Promise.all([t.signIn(ADMIN), t.signIn(ALICE), t.signIn(BOB)]);

  // A course with chapters and lessons, one of them a PDF lesson; a second PDF no lesson uses yet.
  const { course, chapterIds, lessonIds } = await seedCourse(t.db, {
    title: 'Backups 101',
    chapters: [{ title: 'Basics', lessons: [{ title: 'Intro' }, { title: 'Loops' }] }, { title: 'Docs' }],
  });
  const fileIds: string[] = [];
  for (const data of pdfs) fileIds.push((await uploadPdf(t.app, admin, data)).json().file.id);
  const lesson = await t.app.inject({
    method: 'POST',
    url: `/api/admin/chapters/${chapterIds[1]}/lessons`,
    headers: { cookie: admin },
    payload: { title: 'Handout', lessonType: 'PDF', pdfFileId: fileIds[0] },
  });
  expect(lesson.statusCode).toBe(201);
  const pdfLesson = lesson.json().lesson.id as string;
  const [aliceId, bobId] = [await userId(t.db, ALICE), await userId(t.db, BOB)];
  await enroll(t.db, aliceId, course.id);
  await enroll(t.db, bobId, course.id);

  // Progress (Alice completes everything: a certificate), and analytics events.
  for (const [cookie, ids] of [
    [alice, [...lessonIds[0]!, pdfLesson]],
    [bob, [lessonIds[0]![0]!]],
  ] as const) {
    for (const id of ids) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/lessons/${id}/progress`,
        headers: { cookie },
        payload: { status: 'completed' },
      });
      expect(res.statusCode).toBe(200);
    }
  }
  const now = Date.now();
  const events = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { cookie: alice },
    payload: {
      events: [
        { type: 'lesson_opened', lessonId: pdfLesson, occurredAt: new Date(now - 60_000).toISOString() },
        { type: 'pdf_viewed', lessonId: pdfLesson, occurredAt: new Date(now - 30_000).toISOString() },
      ],
    },
  });
  expect(events.statusCode).toBeLessThan(300);

  // A tutor conversation (written directly: the tutor's model is not the subject here).
  const { rows } = await t.pool.query<{ id: string }>(
    'insert into tutor_conversations (user_id, lesson_id, course_id) values ($1, $2, $3) returning id',
    [aliceId, pdfLesson, course.id],
  );
  await t.pool.query(
    `insert into tutor_messages (conversation_id, role, content) values ($1, 'user', 'What is a loop?'), ($1, 'assistant', 'A loop repeats: "\\n", tabs\tand ünïcode.')`,
    [rows[0]!.id],
  );

  before = await snapshot(t.pool);
  archive = path.join(work, 'backup.tar.gz');
  const summary = await backupState({ pool: t.pool, storage: srcStorage, archive });
  expect(summary).toMatchObject({ files: 2, missingFiles: [] });
});

afterAll(() => fs.rm(work, { recursive: true, force: true }));

describe('backupState', () => {
  it('seeded every kind of row the backup must carry', () => {
    for (const table of [
      'users',
      'courses',
      'chapters',
      'lessons',
      'enrollments',
      'lesson_progress',
      'certificates',
      'files',
      'tutor_conversations',
      'tutor_messages',
      'learning_events',
      'analytics_enrollment_stats',
      'sessions',
      'app_secrets',
    ]) {
      expect(before[table]?.length, table).toBeGreaterThan(0);
    }
  });

  it('writes one archive: a manifest with the row counts, the table data and the files', async () => {
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (e) => entries.push(e.path) });
    expect(entries[0]).toBe('manifest.json');
    const keys = await fileKeys(t.pool);
    expect(entries).toEqual(expect.arrayContaining([...Object.keys(before).map((n) => `db/${n}.copy`), ...keys.map((k) => `files/${k}`)]));

    const dir = path.join(work, 'peek');
    await fs.mkdir(dir);
    await tar.extract({ file: archive, cwd: dir });
    const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({
      format: 'codetutor-backup',
      formatVersion: 1,
      appVersion: expect.any(String),
      postgresVersion: expect.stringMatching(/^1[5-9]/),
    });
    expect(manifest.migrations.count).toBeGreaterThan(0);
    expect(Object.fromEntries(manifest.tables.map((tb) => [tb.name, tb.rows]))).toEqual(counts(before));
    expect(manifest.sequences.map((s) => s.name)).toEqual(expect.arrayContaining(['learning_events_id_seq', 'tutor_messages_seq_seq']));
    expect(manifest.files.map((f) => f.size).sort((a, b) => a - b)).toEqual([5000, 70_000]);
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 120_000);
  });
});

describe('restoreState into a fresh database of the test server, files into S3', () => {
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let s3Storage: FileStorage;

  beforeAll(async () => {
    target = await createTestDatabase();
    s3 = await startS3Server();
    s3Storage = s3FileStorage(s3.config);
  });
  afterAll(() => s3?.stop());

  it('brings back every row and every file', async () => {
    const summary = await restoreState({ pool: target.pool, storage: s3Storage, archive });
    expect(summary.rows).toBe(Object.values(counts(before)).reduce((a, b) => a + b, 0));
    expect(await snapshot(target.pool)).toEqual(before);
    const keys = await fileKeys(target.pool);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await bytesOf(s3Storage, key)).toEqual(await bytesOf(srcStorage, key));
  });

  it('leaves the database working: triggers on again, identity sequences past the restored ids', async () => {
    const { rows: triggers } = await target.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where not g.tgisinternal and c.relnamespace = 'public'::regnamespace and g.tgenabled <> 'O'`,
    );
    expect(triggers[0]!.n).toBe(0);
    const { rows: conv } = await target.pool.query<{ id: string }>('select id from tutor_conversations limit 1');
    const { rows: seq } = await target.pool.query<{ seq: number }>(
      `insert into tutor_messages (conversation_id, role, content) values ($1, 'user', 'again') returning seq`,
      [conv[0]!.id],
    );
    const { rows: max } = await target.pool.query<{ m: number }>(`select max(seq)::int as m from tutor_messages where content <> 'again'`);
    expect(seq[0]!.seq).toBeGreaterThan(max[0]!.m);
  });

  it('refuses a database that is not empty, and replaces its rows with --force', async () => {
    const err = await restoreState({ pool: target.pool, storage: s3Storage, archive }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/^The target database is not empty \(rows in .*users.*\)\. .*--force/);
    await restoreState({ pool: target.pool, storage: s3Storage, archive, force: true });
    expect(await snapshot(target.pool)).toEqual(before);
  });
});

describe('npm run restore into an empty DATA_DIR (embedded PostgreSQL)', () => {
  it('restores the database and the files there; while an app holds that folder, backup goes through its server and restore refuses', async () => {
    const dataDir = path.join(work, 'restored');
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const logged: string[] = [];
    await restoreAppState(env, { archive, log: (m) => logged.push(m) });
    expect(logged.join('\n')).toMatch(/Starting the embedded PostgreSQL/);

    const keys = await fileKeys(t.pool);
    for (const key of keys) expect(await fs.readFile(path.join(dataDir, 'files', key))).toEqual(await bytesOf(srcStorage, key));

    // As the app would: start the server on the restored folder (this process is its holder) and read everything back.
    const embedded = await startEmbeddedPostgres(dataDir);
    const db = openDatabase(embedded.url, { max: 2 });
    try {
      expect(await snapshot(db.pool)).toEqual(before);
      // While it runs and is being written to, npm run backup copies through it instead of opening the folder again.
      const second = path.join(work, 'second.tar.gz');
      const backupLog: string[] = [];
      const writing = (async () => {
        for (let i = 0; i < 20; i++) {
          await db.pool.query('insert into app_secrets (name, value) values ($1, $2)', [`load-${i}`, 'x']);
        }
      })();
      const summary = await backupAppState(env, { archive: second, log: (m) => backupLog.push(m) });
      await writing;
      expect(backupLog.join('\n')).toMatch(/through the running app's PostgreSQL \(pid \d+, port \d+\)/);
      expect(backupLog.join('\n')).not.toMatch(/Starting the embedded PostgreSQL/);
      expect(summary).toMatchObject({ files: 2, archive: second });
      expect(summary.sizeBytes).toBe((await fs.stat(second)).size);
      expect(summary.rows).toBeGreaterThanOrEqual(Object.values(counts(before)).reduce((a, b) => a + b, 0));
      // The server still serves.
      expect((await db.pool.query('select count(*)::int as n from users')).rows[0].n).toBe(before.users!.length);

      const refused = await restoreAppState(env, { archive: second }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as Error).message).toMatch(
        /^The data folder .* is in use by a running app \(PostgreSQL pid \d+\): restore into a new folder/,
      );
    } finally {
      await db.close();
      await embedded.stop();
    }
    // With the app stopped, the same command starts the server itself.
    const third = path.join(work, 'third.tar.gz');
    const again: string[] = [];
    await backupAppState(env, { archive: third, log: (m) => again.push(m) });
    expect(again.join('\n')).toMatch(/Starting the embedded PostgreSQL/);
  });
});

describe('bad archives', () => {
  const env = () => loadEnv({ NODE_ENV: 'test', DATA_DIR: path.join(work, 'never-created') });

  it('a missing archive, a file that is no archive, and an archive without a manifest are refused before any database is made', async () => {
    await expect(restoreAppState(env(), { archive: path.join(work, 'nope.tar.gz') })).rejects.toThrow(
      /^There is no archive at .*nope\.tar\.gz\.$/,
    );
    const junk = path.join(work, 'junk.tar.gz');
    await fs.writeFile(junk, 'hello, not a tar');
    await expect(restoreAppState(env(), { archive: junk })).rejects.toThrow(/junk\.tar\.gz is not a backup made by `npm run backup`/);
    const other = path.join(work, 'other.tar.gz');
    await fs.mkdir(path.join(work, 'other'));
    await fs.writeFile(path.join(work, 'other', 'notes.txt'), 'hi');
    await tar.create({ gzip: true, file: other, cwd: path.join(work, 'other') }, ['notes.txt']);
    await expect(restoreAppState(env(), { archive: other })).rejects.toThrow(/other\.tar\.gz is not a backup .*no readable manifest/);
    await expect(fs.stat(path.join(work, 'never-created'))).rejects.toThrow();
  });

  it('an archive from another migration level is refused, and the target stays untouched', async () => {
    const dir = path.join(work, 'edited');
    await fs.mkdir(dir);
    await tar.extract({ file: archive, cwd: dir });
    const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    manifest.migrations = { count: manifest.migrations.count + 1, last: 'future' };
    await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const edited = path.join(work, 'edited.tar.gz');
    await tar.create({ gzip: true, file: edited, cwd: dir }, ['manifest.json', 'db', 'files']);
    const target = await createTestDatabase();
    await expect(
      restoreState({ pool: target.pool, storage: localFileStorage(path.join(work, 'edited-files')), archive: edited }),
    ).rejects.toThrow(/migration level \d+; this app is at level \d+/);
    expect(counts(await snapshot(target.pool)).users).toBe(0);
  });
});

describe('damaged archives, newer schemas, and backup folders that cannot take the archive', () => {
  /** The archive unpacked into `dir`, changed by `edit`, packed again. */
  async function edited(name: string, edit: (dir: string, manifest: Manifest) => Promise<void> | void): Promise<string> {
    const dir = path.join(work, `${name}-dir`);
    await fs.mkdir(dir);
    await tar.extract({ file: archive, cwd: dir });
    const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    await edit(dir, manifest);
    await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const file = path.join(work, `${name}.tar.gz`);
    await tar.create({ gzip: true, file, cwd: dir }, ['manifest.json', 'db', 'files']);
    return file;
  }
  const env = (name: string) => loadEnv({ NODE_ENV: 'test', DATA_DIR: path.join(work, name) });

  it('a truncated archive is called damaged, and the new DATA_DIR is not made', async () => {
    const bytes = await fs.readFile(archive);
    const cut = path.join(work, 'cut.tar.gz');
    await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(restoreAppState(env('from-cut'), { archive: cut })).rejects.toThrow(
      /^.*cut\.tar\.gz is damaged \(it cannot be unpacked: .*\): nothing was restored; restore another backup/,
    );
    await expect(fs.stat(path.join(work, 'from-cut'))).rejects.toThrow();
  });

  it("a table's data that no longer matches its checksum is called damaged before any database is made", async () => {
    const file = await edited('flipped', async (dir) => {
      const data = path.join(dir, 'db', 'users.copy');
      await fs.writeFile(data, (await fs.readFile(data, 'utf8')).replace('example.com', 'exbmple.com'));
    });
    await expect(restoreAppState(env('from-flipped'), { archive: file })).rejects.toThrow(
      /flipped\.tar\.gz is damaged \(the data of table users differs from its checksum\)/,
    );
    await expect(fs.stat(path.join(work, 'from-flipped'))).rejects.toThrow();
  });

  it('an archive of a newer schema says to update the app, and leaves the target untouched', async () => {
    const file = await edited('newer', (_dir, manifest) => {
      manifest.migrations = { count: manifest.migrations.count + 3, last: 'from-the-future' };
      manifest.appVersion = '99.0.0';
    });
    const target = await createTestDatabase();
    await expect(
      restoreState({ pool: target.pool, storage: localFileStorage(path.join(work, 'newer-files')), archive: file }),
    ).rejects.toThrow(
      /^The archive was made by a newer version of the app \(99\.0\.0, migration level \d+; this app is at level \d+\): update this app/,
    );
    expect(counts(await snapshot(target.pool)).users).toBe(0);
  });

  it('a failed restore into a new DATA_DIR removes what it made there', async () => {
    // Row counts that differ from the data are found only while loading, after the database was made.
    const file = await edited('miscounted', (_dir, manifest) => {
      manifest.tables.find((tb) => tb.name === 'users')!.rows += 1;
    });
    await expect(restoreAppState(env('from-miscounted'), { archive: file })).rejects.toThrow(/^Table users has \d+ rows after the restore/);
    await expect(fs.stat(path.join(work, 'from-miscounted'))).rejects.toThrow();
  });

  it('a backup folder that is a file: one sentence, no archive, nothing left behind', async () => {
    const blocker = path.join(work, 'not-a-folder');
    await fs.writeFile(blocker, 'x');
    const err = await backupState({ pool: t.pool, storage: srcStorage, archive: path.join(blocker, 'b.tar.gz') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(
      /^The backup folder .*not-a-folder is not a folder \(a file has its name\): choose another path\. No archive was written\.$/,
    );
  });

  it('a full disk while writing: one sentence, and neither the archive, its partial file nor the work folder stays', async () => {
    const folder = path.join(work, 'full');
    const full: FileStorage = {
      ...srcStorage,
      get: () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
    };
    const err = await backupState({ pool: t.pool, storage: full, archive: path.join(folder, 'b.tar.gz') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(
      /^There is no space left on the disk that holds the backup folder .*full: free some space \(or keep fewer backups\), or back up to a folder on another disk\. No archive was written\.$/,
    );
    expect(await fs.readdir(folder)).toEqual([]);
  });
});
