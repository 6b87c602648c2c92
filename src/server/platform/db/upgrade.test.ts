import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AnalyticsResponse } from '../../../common/analytics';
import { buildApp, type App } from '../../app';
import { loadEnv } from '../env';
import { memoryMailer } from '../mail/transport';
import { openDatabase, type Database } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import { readSqlFiles, sqlFilesHash } from './sql-files';

/**
 * A database made by the app before the functions moved out of the migrations (every migration up
 * to 0014 applied, with the function bodies of that time) upgrades on its first start: nothing is
 * lost, and it behaves as before. The fixture is a plain pg_dump (15, --inserts --no-owner
 * --no-privileges) of a database migrated by that version and filled through its services on the
 * clock below: four students, three courses (one unpublished), enrollments, progress, events (some
 * archived), progress still queued for the fold, a certificate and a revoked one.
 */
const FIXTURE = path.join(import.meta.dirname, '../../../../tests/support/fixtures/database-at-migration-0014.sql.gz');
const CLOCK = new Date('2026-03-10T12:00:00Z');
const RANGES = ['7d', '30d', '90d', 'all'] as const;

/** The names of the functions the SQL files define. */
const definedFunctions = () =>
  readSqlFiles()
    .flatMap((f) => [...f.text.matchAll(/^CREATE FUNCTION "public"\."(\w+)"/gm)].map((m) => m[1]!))
    .sort();

async function restoreFixture(): Promise<Database & { url: string; name: string }> {
  const serverUrl = inject('serverUrl');
  const name = `t_${inject('templateDb').split('_')[1]}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Its own connection: the dump empties search_path for the session. psql's meta-commands go.
  const restore = new pg.Client({ connectionString: url.toString() });
  await restore.connect();
  await restore.query(
    zlib
      .gunzipSync(fs.readFileSync(FIXTURE))
      .toString('utf8')
      .replace(/^\\.*$/gm, ''),
  );
  await restore.end();
  const database = openDatabase(url.toString(), { max: 4 });
  afterAll(async () => {
    await database.close();
    const a = new pg.Client({ connectionString: serverUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  return { ...database, url: url.toString(), name };
}

/** Every row of every table of the public schema, in a stable order. */
async function allRows(pool: pg.Pool): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ r: string }>(`select t::text as r from "${name}" t`);
    out[name] = rows.map((x) => x.r).sort();
  }
  return out;
}

const publicFunctions = async (pool: pg.Pool) =>
  (
    await pool.query<{ name: string }>(`select proname as name from pg_proc where pronamespace = 'public'::regnamespace order by 1`)
  ).rows.map((r) => r.name);

describe('a database made before the SQL files upgrades on first start', () => {
  let db: Awaited<ReturnType<typeof restoreFixture>>;
  let app: App;
  const mailer = memoryMailer();
  const ids = new Map<string, string>();

  async function signIn(email: string): Promise<string> {
    await app.inject({ method: 'POST', url: '/api/auth/code', payload: { email, purpose: 'login' } });
    const mail = [...mailer.sent].reverse().find((m) => m.to.includes(email));
    const code = mail?.subject.match(/^(\d{6}) /)?.[1];
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, code } });
    expect(res.statusCode).toBe(200);
    return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
  }
  const analytics = async (cookie: string) => {
    const answers: AnalyticsResponse[] = [];
    for (const range of RANGES) {
      const res = await app.inject({ method: 'GET', url: `/api/admin/analytics?range=${range}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    return answers;
  };
  const progress = (cookie: string, lesson: string, status: 'in_progress' | 'completed') =>
    app.inject({ method: 'PUT', url: `/api/lessons/${lesson}/progress`, headers: { cookie }, payload: { status } });

  beforeAll(async () => {
    db = await restoreFixture();
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/unused',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'admin@example.com',
      MAIL_TRANSPORT: 'console',
    });
    // The tables added since the fixture was made (empty, and no function uses them yet): this
    // version's app then answers on the old functions, and the comparisons below are of the
    // functions alone.
    await migrate(drizzle(db.pool), { migrationsFolder: migrationsFolder() });
    // The rules that this version's queries call by name and the old database never had (not replacements of old
    // functions, so the comparisons still judge the old functions against the new).
    const sqlOf = (file: string) => readSqlFiles().find((f) => f.name === file)!.text;
    for (const [file, name] of [
      ['learning.sql', 'practice_graded_submission'],
      ['learning.sql', 'practice_passing_submission'],
      ['analytics.sql', 'analytics_student_engagement'],
      // The analytics' risk factor 'Overdue work' (calendar_overdue) and what it reads.
      ['calendar.sql', 'calendar_chapter_opens_at'],
      ['calendar.sql', 'calendar_course_dues'],
      ['calendar.sql', 'calendar_course_has_dues'],
      ['calendar.sql', 'calendar_course_work'],
      ['calendar.sql', 'calendar_overdue'],
    ] as const) {
      const statement = new RegExp(`CREATE FUNCTION "public"\\."${name}"[\\s\\S]*?\\$\\$;`).exec(sqlOf(file))![0];
      await db.pool.query(statement);
    }
    app = await buildApp({ env, db: db.db, mailer, now: () => CLOCK });
    afterAll(() => app.close());
    const { rows } = await db.pool.query<{ key: string; id: string }>(`
      select split_part(email, '.', 1) as key, id from users where email like '%.upgrade@example.com'
      union all
      select l.title, l.id from lessons l
      union all
      select c.title, c.id from courses c`);
    for (const r of rows) ids.set(r.key, r.id);
  });

  it('keeps every row and every analytics answer, and applies the SQL files once', async () => {
    const admin = await signIn('admin@example.com');
    const before = await analytics(admin); // folds the queued progress with the functions of before
    const rowsBefore = await allRows(db.pool);
    expect(rowsBefore.certificates).toHaveLength(2);

    await runMigrations(db.pool);

    expect(await allRows(db.pool)).toEqual(rowsBefore);
    expect(await analytics(admin)).toEqual(before);
    const { rows: state } = await db.pool.query<{ hash: string }>('select hash from drizzle.app_sql_files');
    expect(state).toEqual([{ hash: sqlFilesHash(readSqlFiles()) }]);
    expect(await publicFunctions(db.pool)).toEqual(definedFunctions());

    // A second start finds the files applied and changes nothing.
    const oids = async () =>
      (await db.pool.query(`select oid::int from pg_proc where pronamespace = 'public'::regnamespace order by 1`)).rows;
    const first = await oids();
    await runMigrations(db.pool);
    expect(await oids()).toEqual(first);
  });

  it('behaves as before: progress, access, the certificate and the analytics', async () => {
    const dan = await signIn('dan.upgrade@example.com');
    const ben = await signIn('ben.upgrade@example.com');
    const admin = await signIn('admin@example.com');
    const [, , , allBefore] = await analytics(admin);

    // Dan has done two of the three lessons of A: the third completes the course, once.
    const done = await progress(dan, ids.get('Upgrade A 2.1')!, 'completed');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      lessonStatus: 'completed',
      progress: { completedLessons: 3, totalLessons: 3, percent: 100 },
      courseCompleted: true,
      justCompleted: true,
    });
    expect((await progress(dan, ids.get('Upgrade A 2.1')!, 'completed')).json()).toMatchObject({ justCompleted: false });
    const { rows: certs } = await db.pool.query(`select issued_at, revoked_at from certificates where student_id = $1 and course_id = $2`, [
      ids.get('dan'),
      ids.get('Upgrade A'),
    ]);
    expect(certs).toEqual([{ issued_at: CLOCK, revoked_at: null }]);
    expect(
      (await app.inject({ method: 'GET', url: `/api/courses/${ids.get('Upgrade A')}/certificate`, headers: { cookie: dan } })).statusCode,
    ).toBe(200);

    // Opening a completed lesson keeps it completed; the access rule answers as before.
    expect((await progress(dan, ids.get('Upgrade A 1.1')!, 'in_progress')).json()).toMatchObject({ lessonStatus: 'completed' });
    expect((await progress(ben, ids.get('Upgrade A 1.2')!, 'in_progress')).json()).toMatchObject({ lessonStatus: 'in_progress' });
    expect((await progress(ben, ids.get('Upgrade B 1.1')!, 'completed')).statusCode).toBe(403);
    expect((await progress(dan, ids.get('Upgrade C 1.1')!, 'completed')).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/courses/${ids.get('Upgrade B')}/learn`, headers: { cookie: ben } })).statusCode,
    ).toBe(403);

    // The analytics count the new completion, and the rollups equal a rebuild from the raw tables.
    const [, , , allAfter] = await analytics(admin);
    expect(allAfter).not.toEqual(allBefore);
    const rollups = async () =>
      (
        await db.pool.query(`
          select (select json_agg(t order by lesson_id) from analytics_lesson_totals t where started <> 0) as lessons,
                 (select json_agg(t order by student_id, course_id) from analytics_enrollment_stats t) as enrollments,
                 (select json_agg(t order by student_id) from analytics_student_stats t) as students,
                 (select json_agg(t order by hour, lesson_type) from analytics_hourly_totals t) as hourly,
                 (select json_agg(t order by student_id, lesson_id) from analytics_tutorial_downloads t) as downloads`)
      ).rows[0];
    await db.pool.query('select analytics_fold()');
    const kept = await rollups();
    await db.pool.query('select analytics_rebuild()');
    expect(await rollups()).toEqual(kept);
    expect(await analytics(admin)).toContainEqual(allAfter);
  });

  it('replaces every function when the files change: one no longer in them is gone', async () => {
    await db.pool.query(`create function public.no_longer_defined() returns int language sql as 'select 1'`);
    await db.pool.query(`update drizzle.app_sql_files set hash = 'older files'`);
    await runMigrations(db.pool);
    expect(await publicFunctions(db.pool)).toEqual(definedFunctions());
    const { rows } = await db.pool.query(`select count(*)::int as n from pg_trigger where not tgisinternal`);
    expect(rows[0].n).toBe(15);
  });

  it('refuses to replace functions that a table depends on, and changes nothing', async () => {
    await db.pool.query(`create table uses_a_function (percent int default analytics_percent(1, 2))`);
    await db.pool.query(`update drizzle.app_sql_files set hash = 'older files'`);
    await expect(runMigrations(db.pool)).rejects.toThrow(/uses_a_function/);
    expect((await db.pool.query('select hash from drizzle.app_sql_files')).rows).toEqual([{ hash: 'older files' }]);
    await db.pool.query('drop table uses_a_function');
    await runMigrations(db.pool);
    expect((await db.pool.query('select hash from drizzle.app_sql_files')).rows).toEqual([{ hash: sqlFilesHash(readSqlFiles()) }]);
  });

  it("runs a migration's recorded statement once, after the functions", async () => {
    await db.pool.query('delete from analytics_student_stats');
    await db.pool.query(`insert into drizzle.app_sql_tasks (statement) values ('SELECT analytics_rebuild()')`);
    await runMigrations(db.pool);
    expect((await db.pool.query('select count(*)::int as n from analytics_student_stats')).rows[0].n).toBe(4);
    expect((await db.pool.query('select * from drizzle.app_sql_tasks')).rows).toEqual([]);
  });
});
