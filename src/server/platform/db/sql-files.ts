import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { sourceFolder } from './source-folder';

/**
 * The database's functions, triggers and views in their current form: one file per domain in
 * src/server/platform/db/sql. Migrations change tables and data only; these files are applied after them, at
 * every start, under the migrations' advisory lock (docs/decisions/018-current-state-sql.md).
 *
 * When the files differ from the last applied ones (a hash kept in drizzle.app_sql_files), every
 * function and view of the public schema is dropped (their triggers go with them) and the files
 * are run, in one transaction: the database then holds exactly what the files define, and a
 * function deleted from a file is gone. When they are the same, nothing is done.
 *
 * A migration whose data change needs one of these functions (a rebuild of the analytics, say)
 * cannot call it, since the functions come after the migrations: it inserts the statement into
 * drizzle.app_sql_tasks, and the statement runs here, once, in the same transaction, after the
 * files.
 */

export type SqlFile = { name: string; text: string };

/** src/server/platform/db/sql, found from src/ and dist/ alike. */
export function sqlFolder(): string {
  return sourceFolder(path.join('src', 'server', 'platform', 'db', 'sql'), 'learning.sql');
}

/** The .sql files of the folder, in name order (the order they are run in). */
export function readSqlFiles(folder: string = sqlFolder()): SqlFile[] {
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(folder, name), 'utf8') }));
}

export function sqlFilesHash(files: SqlFile[]): string {
  const hash = crypto.createHash('sha256');
  for (const f of files) hash.update(`${f.name}\0${f.text}\0`);
  return hash.digest('hex');
}

/**
 * The bookkeeping tables, created before the migrations run (a migration may record a task). They
 * live beside drizzle's own table, outside the public schema, so backups and the admin's table
 * views never see them.
 */
export const SQL_BOOKKEEPING = `
  create schema if not exists drizzle;
  create table if not exists drizzle.app_sql_files (
    only_row boolean primary key default true check (only_row),
    hash text not null,
    applied_at timestamptz not null default now()
  );
  create table if not exists drizzle.app_sql_tasks (
    id bigint generated always as identity primary key,
    statement text not null unique,
    requested_at timestamptz not null default now()
  );`;

// The app's routines and views: everything in the public schema that no extension owns.
const NOT_FROM_AN_EXTENSION = `not exists (select 1 from pg_depend x where x.objid = o.oid and x.deptype = 'e')`;
const APP_OBJECTS = `
  select 'pg_proc'::regclass as classid, o.oid as objid from pg_proc o
   where o.pronamespace = 'public'::regnamespace and ${NOT_FROM_AN_EXTENSION}
  union all
  select 'pg_class'::regclass, o.oid from pg_class o
   where o.relnamespace = 'public'::regnamespace and o.relkind in ('v', 'm') and ${NOT_FROM_AN_EXTENSION}`;

/**
 * What a drop with CASCADE would take besides the app's own functions, views and triggers: a
 * column default, a check or an index that calls one of the functions. Such a thing would vanish
 * silently at the next change of the files, so it stops the start instead.
 */
const FOREIGN_DEPENDENTS = `
  with app as (${APP_OBJECTS})
  select distinct pg_describe_object(d.classid, d.objid, d.objsubid) as what
    from pg_depend d
    join app a on a.classid = d.refclassid and a.objid = d.refobjid
   where d.deptype = 'n'
     and d.classid <> 'pg_trigger'::regclass
     and (d.classid, d.objid) not in (select classid, objid from app)
     and not (d.classid = 'pg_rewrite'::regclass
              and (select r.ev_class from pg_rewrite r where r.oid = d.objid) in (select objid from app))
   order by 1`;

async function dropAppObjects(client: pg.PoolClient): Promise<void> {
  const { rows: foreign } = await client.query<{ what: string }>(FOREIGN_DEPENDENTS);
  if (foreign.length) {
    throw new Error(
      `The database's functions or views are used by ${foreign.map((r) => r.what).join(', ')}. ` +
        'Functions and views are replaced whenever src/server/platform/db/sql changes, so a table must not depend on them.',
    );
  }
  const { rows } = await client.query<{ statement: string }>(`
    select format('drop %s if exists %s cascade', case c.relkind when 'm' then 'materialized view' else 'view' end, c.oid::regclass) as statement
      from pg_class c
     where c.oid in (select objid from (${APP_OBJECTS}) a where a.classid = 'pg_class'::regclass)
    union all
    select format('drop %s if exists %s cascade', case p.prokind when 'a' then 'aggregate' else 'routine' end, p.oid::regprocedure)
      from pg_proc p
     where p.oid in (select objid from (${APP_OBJECTS}) a where a.classid = 'pg_proc'::regclass)`);
  // Views first: a view may call a function, never the other way round.
  if (rows.length) await client.query(rows.map((r) => `${r.statement};`).join('\n'));
}

export type SqlFilesResult = { applied: boolean; tasks: number };

/**
 * Brings the functions, triggers and views to the state of `files`, then runs the tasks that
 * migrations recorded; in one transaction on `client`, which the caller holds under the
 * migrations' advisory lock, after the migrations and SQL_BOOKKEEPING.
 */
export async function applySqlFiles(client: pg.PoolClient, files: SqlFile[] = readSqlFiles()): Promise<SqlFilesResult> {
  const hash = sqlFilesHash(files);
  await client.query('begin');
  try {
    const { rows: state } = await client.query<{ hash: string }>('select hash from drizzle.app_sql_files');
    const { rows: tasks } = await client.query<{ id: string; statement: string }>(
      'select id, statement from drizzle.app_sql_tasks order by id',
    );
    const applied = state[0]?.hash !== hash;
    if (applied) {
      await dropAppObjects(client);
      for (const f of files) {
        await client.query(f.text).catch((err: Error) => {
          throw new Error(`src/server/platform/db/sql/${f.name}: ${err.message}`, { cause: err });
        });
      }
      await client.query(
        `insert into drizzle.app_sql_files (only_row, hash, applied_at) values (true, $1, now())
         on conflict (only_row) do update set hash = excluded.hash, applied_at = excluded.applied_at`,
        [hash],
      );
    }
    for (const task of tasks) {
      await client.query(task.statement);
      await client.query('delete from drizzle.app_sql_tasks where id = $1', [task.id]);
    }
    await client.query('commit');
    return { applied, tasks: tasks.length };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}
