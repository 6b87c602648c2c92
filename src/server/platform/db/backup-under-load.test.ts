import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { createTestDatabase } from '@test-support/test-db';
import { ADMIN, createUser, enroll, pdfBytes, seedCourse, uploadPdf } from '@test-support/fixtures/users-and-courses';
import { localFileStorage, type FileStorage } from '../storage/storage';
import { backupState, restoreState } from './backup';

/*
 * The proof of a backup taken while the app works: students complete lessons (through the API),
 * submissions are written as the grading workers write them, and the tutor uploads PDFs, all
 * during the backup. The backup exports its snapshot; while its transaction is still open, this
 * test reads the source through the same snapshot, then restores the archive into a fresh
 * database and compares every table's rows and every file's bytes with what it read.
 */

type Rows = Record<string, string[]>;

/** Every row of every public table as sorted JSON text, read in the snapshot `snapshotId` when given. */
async function rowsOf(pool: pg.Pool, snapshotId?: string): Promise<Rows> {
  const client = await pool.connect();
  try {
    await client.query("set timezone = 'UTC'");
    await client.query('begin isolation level repeatable read read only');
    if (snapshotId) await client.query(`set transaction snapshot '${snapshotId}'`);
    const { rows: tables } = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const out: Rows = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ r: string }>(`select to_jsonb(x)::text as r from "${name}" x`);
      out[name] = rows.map((r) => r.r).sort();
    }
    await client.query('commit');
    return out;
  } finally {
    client.release();
  }
}

async function sha256(storage: FileStorage, key: string): Promise<string | null> {
  const blob = await storage.get(key);
  if (!blob) return null;
  const hash = crypto.createHash('sha256');
  for await (const chunk of blob.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const STUDENTS = 8;
const LESSONS = 40;

let t: TestContext;
let work: string;
let storage: FileStorage;
let admin: string;
let lessonIds: string[];
let practiceLesson: string;
let exerciseId: string;
let students: { id: string; cookie: string }[];

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-backup-load-'));
  const dataDir = path.join(work, 'source');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  storage = localFileStorage(path.join(dataDir, 'files'));
  admin = await t.signIn(ADMIN);
  const course = await seedCourse(t.db, {
    chapters: [
      { title: 'Everything', lessons: Array.from({ length: LESSONS }, (_, i) => ({ title: `Lesson ${i + 1}` })) },
      { title: 'Practice', lessons: [{ title: 'Sums' }] },
    ],
  });
  lessonIds = course.lessonIds[0]!;
  practiceLesson = course.lessonIds[1]![0]!;
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into exercises (lesson_id, position, title, language, reference_solution) values ($1, 1, 'Sum', 'javascript', 'console.log(3)') returning id`,
    [practiceLesson],
  );
  exerciseId = rows[0]!.id;
  students = [];
  for (let i = 0; i < STUDENTS; i++) {
    const u = await createUser(t.db, `load-${i}@example.com`, { firstName: 'Load', lastName: `Student ${i}` });
    await enroll(t.db, u.id, course.course.id);
    students.push({ id: u.id, cookie: await t.signIn(u.email) });
  }
  await uploadPdf(t.app, admin, pdfBytes(3000));
});

afterAll(() => fs.rm(work, { recursive: true, force: true }));

/** Writes until `stop` is set: each student completes the next lesson and sends a submission; now and then a PDF. */
function startLoad() {
  const state = { stop: false, writes: 0, errors: [] as string[] };
  const one = async (s: { id: string; cookie: string }, index: number) => {
    for (let lesson = 0; !state.stop && lesson < LESSONS; lesson++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/lessons/${lessonIds[lesson]}/progress`,
        headers: { cookie: s.cookie },
        payload: { status: 'completed' },
      });
      if (res.statusCode !== 200) state.errors.push(`progress ${res.statusCode}: ${res.body}`);
      await t.pool.query(
        `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, code, status, verdict, passed_count, total_count, finished_at)
         values ($1, $2, $3, 'submit', $4, 'done', 'passed', 1, 1, now())`,
        [exerciseId, practiceLesson, s.id, `console.log(${lesson}) // student ${index}\n`],
      );
      if (index === 0 && lesson % 5 === 0) {
        const up = await uploadPdf(t.app, admin, pdfBytes(2000 + lesson * 100));
        if (up.statusCode >= 300) state.errors.push(`upload ${up.statusCode}`);
      }
      state.writes++;
    }
  };
  const done = Promise.all(students.map(one));
  return { state, done };
}

describe('a backup taken while students work', () => {
  it('restores to exactly the rows and files of its snapshot', async () => {
    const load = startLoad();
    // Let the load get going before the snapshot is taken.
    while (load.state.writes < STUDENTS * 3) await new Promise((r) => setTimeout(r, 20));
    let atSnapshot: Rows | undefined;
    let writesAtSnapshot = 0;
    const archive = path.join(work, 'backups', 'under-load.tar.gz');
    const summary = await backupState({
      pool: t.pool,
      storage,
      archive,
      onSnapshot: async (snapshotId) => {
        writesAtSnapshot = load.state.writes;
        atSnapshot = await rowsOf(t.pool, snapshotId);
      },
    });
    const writesAfterBackup = load.state.writes;
    load.state.stop = true;
    await load.done;
    expect(load.state.errors).toEqual([]);
    // The load really ran during the backup, and went on past its snapshot.
    expect(writesAtSnapshot).toBeGreaterThanOrEqual(STUDENTS * 3);
    expect(writesAfterBackup).toBeGreaterThan(writesAtSnapshot);
    const now = await rowsOf(t.pool);
    expect(now.lesson_progress!.length).toBeGreaterThan(atSnapshot!.lesson_progress!.length);
    expect(now.exercise_submissions!.length).toBeGreaterThan(atSnapshot!.exercise_submissions!.length);
    expect(summary.rows).toBe(Object.values(atSnapshot!).reduce((n, r) => n + r.length, 0));

    const target = await createTestDatabase();
    const targetStorage = localFileStorage(path.join(work, 'restored-files'));
    await restoreState({ pool: target.pool, storage: targetStorage, archive });
    const restored = await rowsOf(target.pool);
    // Table by table, so that a difference names its table.
    expect(Object.keys(restored).sort()).toEqual(Object.keys(atSnapshot!).sort());
    for (const name of Object.keys(atSnapshot!)) expect(restored[name], name).toEqual(atSnapshot![name]);

    const files = (atSnapshot!.files ?? []).map((r) => JSON.parse(r) as { storage_key: string; sha256: string });
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) {
      const bytes = await sha256(targetStorage, f.storage_key);
      expect(bytes, f.storage_key).toBe(await sha256(storage, f.storage_key));
      expect(bytes, f.storage_key).toBe(f.sha256);
    }
  });
});
