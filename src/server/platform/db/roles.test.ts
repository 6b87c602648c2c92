import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGrading } from '@test-support/grading';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { createTestDatabase } from '@test-support/test-db';
import { ADMIN, createUser, enroll, seedCourse } from '@test-support/fixtures/users-and-courses';
import type { AdminExercise, Submission } from '../../../common/practice';
import { GRADE_TASK } from '../../../grading/contract';
import { sweepAbandoned } from '../../../grading/worker/grading-worker';
import { unlockWorkers } from '../../../grading/worker/queue';
import { openDatabase, type Database } from './client';
import { runMigrations } from './migrate';
import { enqueueJob } from '../jobs/job-queue';
import { APP_SCHEMAS, ensureDatabaseRoles, withCredentials, type DatabaseRoles } from './roles';

/*
 * The app's and the grading workers' database roles, on a database cloned from the migrated
 * template: made by the superuser, as every database of an earlier version was. Roles belong to
 * the whole PostgreSQL server, so these have names of their own and are dropped afterwards.
 */

const suffix = crypto.randomBytes(4).toString('hex');
const roles: DatabaseRoles = {
  appRole: `tutor_app_t${suffix}`,
  gradingRole: `tutor_grading_t${suffix}`,
  appPassword: crypto.randomBytes(12).toString('hex'),
  gradingPassword: crypto.randomBytes(12).toString('hex'),
};

let superuser: Database & { url: string };
let databaseName: string;
let app: Database & { url: string };
let grading: pg.Pool;

/** What is not the app role's in the app's schemas: schemas, relations, routines and types (kind, name, owner). */
const NOT_THE_APPS = `
  with schemas as (select oid, nspname, nspowner from pg_namespace where nspname = any($2::text[]))
  select 'schema' as kind, nspname as name, nspowner::regrole::text as owner from schemas where nspowner <> $1::regrole
  union all
  select 'relation', c.oid::regclass::text, c.relowner::regrole::text from pg_class c join schemas s on s.oid = c.relnamespace
   where c.relowner <> $1::regrole
  union all
  select 'routine', p.oid::regprocedure::text, p.proowner::regrole::text from pg_proc p join schemas s on s.oid = p.pronamespace
   where p.proowner <> $1::regrole
  union all
  select 'type', t.oid::regtype::text, t.typowner::regrole::text from pg_type t join schemas s on s.oid = t.typnamespace
   where t.typowner <> $1::regrole`;

/** Every owner and every grant that ensureDatabaseRoles decides, to compare two runs. */
const STATE = `
  select 'database' as kind, datname::text as name, datdba::regrole::text as owner, datacl::text as acl from pg_database where datname = current_database()
  union all
  select 'schema', nspname, nspowner::regrole::text, nspacl::text from pg_namespace where nspname = any($1::text[])
  union all
  select 'relation', c.oid::regclass::text, c.relowner::regrole::text, c.relacl::text from pg_class c
   where c.relnamespace in (select oid from pg_namespace where nspname = any($1::text[]))
  union all
  select 'column', a.attrelid::regclass::text || '.' || a.attname, null, a.attacl::text from pg_attribute a
   where a.attrelid = 'public.exercise_submissions'::regclass and a.attacl is not null
  union all
  select 'routine', p.oid::regprocedure::text, p.proowner::regrole::text, p.proacl::text from pg_proc p
   where p.pronamespace in (select oid from pg_namespace where nspname = any($1::text[]))
  union all
  select 'role', rolname::text, null, concat_ws(',', rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls, rolcanlogin)
    from pg_roles where rolname in ($2, $3)
  union all
  select 'policy', p.polrelid::regclass::text || '.' || p.polname, p.oid::text,
         concat_ws(' ', p.polroles::regrole[]::text, p.polcmd, pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid))
    from pg_policy p where p.polrelid in (select oid from pg_class where relnamespace = any(select oid from pg_namespace where nspname = any($1::text[])))
  order by 1, 2`;

async function asSuperuser<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: superuser.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const state = () => superuser.pool.query(STATE, [APP_SCHEMAS, roles.appRole, roles.gradingRole]).then((r) => r.rows);

beforeAll(async () => {
  superuser = await createTestDatabase();
  databaseName = new URL(superuser.url).pathname.slice(1);
});

afterAll(async () => {
  await app?.close().catch(() => {});
  await grading?.end().catch(() => {});
  // The app's role owns the database: the database goes first, then the roles (createTestDatabase's own clean-up finds it gone).
  const admin = new pg.Client({ connectionString: inject('serverUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${pg.escapeIdentifier(databaseName)} with (force)`);
  for (const role of [roles.gradingRole, roles.appRole]) await admin.query(`drop role if exists ${pg.escapeIdentifier(role)}`);
  await admin.end();
});

describe('ensureDatabaseRoles on a database the superuser made', () => {
  it('moves it over: the app role, no superuser, owns the database and everything in the app schemas', async () => {
    const { rows: superOwned } = await superuser.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace and relowner = current_user::regrole`,
    );
    expect(superOwned[0]!.n).toBeGreaterThan(0);

    await asSuperuser((c) => ensureDatabaseRoles(c, { ...roles, database: databaseName, gradingTasks: [GRADE_TASK] }));

    const { rows: owner } = await superuser.pool.query<{ owner: string }>(
      'select datdba::regrole::text as owner from pg_database where datname = current_database()',
    );
    expect(owner[0]!.owner).toBe(roles.appRole);
    // Tables, their indexes, sequences and row types, views, functions, enums and the schemas alike.
    expect((await superuser.pool.query(NOT_THE_APPS, [roles.appRole, APP_SCHEMAS])).rows).toEqual([]);
    const { rows: attributes } = await superuser.pool.query(
      `select rolname, rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls, rolcanlogin
         from pg_roles where rolname in ($1, $2) order by rolname`,
      [roles.appRole, roles.gradingRole],
    );
    for (const r of attributes) {
      expect(r).toMatchObject({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolreplication: false, rolbypassrls: false });
      expect(r).toMatchObject({ rolcanlogin: true });
    }
    expect(attributes).toHaveLength(2);
  });

  it('is a no-op the second time', async () => {
    const first = await state();
    await asSuperuser((c) => ensureDatabaseRoles(c, { ...roles, database: databaseName, gradingTasks: [GRADE_TASK] }));
    expect(await state()).toEqual(first);
  });
});

describe('the app on its own role', () => {
  beforeAll(async () => {
    app = Object.assign(openDatabase(withCredentials(superuser.url, roles.appRole, roles.appPassword), { max: 5 }), {
      url: withCredentials(superuser.url, roles.appRole, roles.appPassword),
    });
    grading = new pg.Pool({ connectionString: withCredentials(superuser.url, roles.gradingRole, roles.gradingPassword), max: 4 });
    grading.on('error', () => {});
    grading.on('connect', (client) => client.on('error', () => {}));
  });

  it('is not a superuser and migrates at the next start, the SQL files too, keeping the grading role its rights', async () => {
    const { rows } = await app.pool.query<{ me: string; su: boolean }>(
      'select current_user as me, (select rolsuper from pg_roles where rolname = current_user) as su',
    );
    expect(rows[0]).toEqual({ me: roles.appRole, su: false });
    await expect(app.pool.query(`copy (select 1) to program 'true'`)).rejects.toThrow(/superuser|permission denied/);
    // A changed SQL file: every function is dropped and made again, by the app's role.
    await app.pool.query(`update drizzle.app_sql_files set hash = 'changed'`);
    await runMigrations(app.pool, { grading: { role: roles.gradingRole, tasks: [GRADE_TASK] } });
    const { rows: applied } = await app.pool.query<{ hash: string }>('select hash from drizzle.app_sql_files');
    expect(applied[0]!.hash).not.toBe('changed');
    const { rows: foreign } = await superuser.pool.query(NOT_THE_APPS, [roles.appRole, APP_SCHEMAS]);
    expect(foreign).toEqual([]);
    const { rows: callable } = await superuser.pool.query<{ ok: boolean }>(
      `select has_function_privilege($1, 'public.learning_complete_if_checks_passed(uuid, uuid, timestamptz)', 'execute') as ok`,
      [roles.gradingRole],
    );
    expect(callable[0]!.ok).toBe(true);
  });
});

describe('the grading role', () => {
  let t: TestContext;
  let exercise: AdminExercise;
  let student: { id: string; cookie: string };
  let lessonId: string;

  // Hooks added while a beforeAll runs (createTestApp's, startTestGrading's) run after the file's own
  // clean-up, which ends the pools: the app and the worker must let go of their connections first.
  const stops: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  beforeAll(async () => {
    t = await createTestApp({ database: app });
    // The real worker (its queue runner, claim, heartbeat, finish, sweep) on the grading role's connections.
    const worker = await startTestGrading(grading);
    stops.push(
      () => worker.stop(),
      () => t.app.close(),
    );
    const admin = await t.signIn(ADMIN);
    const course = await seedCourse(t.db, { chapters: [{ title: 'Only', lessons: [{ title: 'Echo' }] }] });
    lessonId = course.lessonIds[0]![0]!;
    // Saving the exercise grades its reference solution: a job the grading role takes and finishes.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/lessons/${lessonId}/exercises`,
      headers: { cookie: admin },
      payload: {
        title: 'Echo',
        language: 'javascript',
        referenceSolution: 'console.log(readline());\n',
        tests: [{ input: 'hi\n', expectedOutput: 'hi\n' }],
        limits: { timeMs: 2000, memoryMb: 64, outputKb: 8 },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    exercise = res.json();
    const user = await createUser(t.db, `roles-${suffix}@example.com`);
    await enroll(t.db, user.id, course.course.id);
    student = { id: user.id, cookie: await t.signIn(user.email) };
  }, 90_000);

  it('grades a submission and completes the lesson and the course through learning_complete_if_checks_passed', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/exercises/${exercise.id}/submissions`,
      headers: { cookie: student.cookie },
      payload: { mode: 'submit', code: 'console.log(readline());\n' },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    let done: Submission;
    for (;;) {
      done = (
        await t.app.inject({
          method: 'GET',
          url: `/api/submissions/${sent.json<Submission>().id}?waitMs=20000`,
          headers: { cookie: student.cookie },
        })
      ).json<Submission>();
      if (done.status === 'done') break;
    }
    expect(done).toMatchObject({ lessonCompleted: true, courseJustCompleted: true, result: { verdict: 'passed' } });
    const { rows } = await t.pool.query<{ status: string }>('select status from lesson_progress where student_id = $1 and lesson_id = $2', [
      student.id,
      lessonId,
    ]);
    expect(rows).toEqual([{ status: 'completed' }]);
    const { rows: certificates } = await t.pool.query('select 1 from certificates where student_id = $1', [student.id]);
    expect(certificates).toHaveLength(1);
    // No job is left: the grading role took both (the reference's and the student's) and finished them (the queue
    // deletes finished jobs in batches, a moment after the answer).
    for (const end = Date.now() + 5000; ;) {
      const { rowCount } = await t.pool.query('select 1 from graphile_worker._private_jobs');
      if (rowCount === 0 || Date.now() > end) {
        expect(rowCount).toBe(0);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  it('sweeps abandoned gradings and frees their jobs', async () => {
    await expect(sweepAbandoned(grading, 1000)).resolves.toBe(0);
    await expect(unlockWorkers(grading, ['a-worker-that-is-gone'])).resolves.toBeUndefined();
  });

  it('is refused everything else: users, sessions, other tables, other columns, programs, new objects', async () => {
    const refused = async (sql: string, params: unknown[] = []) => {
      const err = await grading.query(sql, params).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(err?.message, sql).toMatch(/permission denied|must be superuser|row-level security/);
    };
    await refused('select * from users');
    await refused('select email from users');
    await refused('select * from sessions');
    await refused('select * from verification_codes');
    await refused(`copy (select 1) to program 'true'`);
    await refused(`select pg_read_file('/etc/passwd')`);
    await refused('select * from exercises');
    await refused('select * from exercise_submissions');
    await refused('update exercise_submissions set user_id = user_id');
    await refused('delete from exercise_submissions');
    await refused(`insert into lesson_progress (student_id, lesson_id, status) values ($1, $2, 'completed')`, [student.id, lessonId]);
    await refused(`insert into certificates (student_id) values ($1)`, [student.id]);
    await refused(`select * from learning_record_progress($1, $2, 'completed', now())`, [student.id, lessonId]);
    await refused(`select graphile_worker.add_job('grade', '{}'::json)`);
    await refused('select * from drizzle.__drizzle_migrations');
    await refused('create table public.mine (a int)');
    await refused('create temporary table mine (a int)');
    // The queue: it sees and may change the jobs of its own task only, never the mail's.
    await enqueueJob(t.pool, 'mail_send', { id: 'x' });
    const { rows: visible } = await grading.query<{ n: number }>('select count(*)::int as n from graphile_worker._private_jobs');
    expect(visible[0]!.n).toBe(0);
    expect((await grading.query('delete from graphile_worker._private_jobs')).rowCount).toBe(0);
    expect((await t.pool.query('select 1 from graphile_worker._private_jobs')).rowCount).toBe(1);
    await refused(`insert into graphile_worker._private_tasks (identifier) values ('mail_send_2')`);
    // What it may do: read and finish submissions.
    const { rows } = await grading.query<{ n: number }>('select count(id)::int as n from exercise_submissions where status = $1', ['done']);
    expect(rows[0]!.n).toBe(2);
  });
});
