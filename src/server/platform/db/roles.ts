import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * Least privilege in the database. The app connects as a role that owns its database and every
 * object in it but is not a superuser, so a flaw that let someone run SQL as the app could still
 * not reach the superuser's powers (`COPY … TO PROGRAM`, reading and writing the server's files).
 * The grading workers, which run students' code, connect as a role that can read and finish
 * submissions and take their jobs, and nothing else: no users, no sessions, no other table.
 *
 * On the embedded default, ensureDatabaseRoles runs as the superuser at every start: it makes both
 * roles, hands every object to the app's role (so a database made by an earlier version, where
 * the superuser owned everything, is moved over) and grants the grading role its rights. On an
 * external PostgreSQL the school makes the roles once (README) and the app, as the owner, grants
 * the grading role its rights at every start (grantGradingRights, called by runMigrations after
 * the migrations, since a changed SQL file recreates the function the grading role calls and a
 * new version of the queue may add tables).
 */

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The schemas the app's objects live in: its tables, drizzle's bookkeeping, the job queue. */
export const APP_SCHEMAS = ['public', 'drizzle', 'graphile_worker'] as const;

/** The embedded database's two roles; on an external PostgreSQL the names are the school's. */
export const EMBEDDED_APP_ROLE = 'tutor_app';
export const EMBEDDED_GRADING_ROLE = 'tutor_grading';

export type DatabaseRoles = { appRole: string; gradingRole: string; appPassword: string; gradingPassword: string };

/** The grading workers' role and the queue's tasks it runs (the grading engine's, which the platform does not import). */
export type GradingAccess = { role: string; tasks: string[] };

/**
 * What the grading worker reads of a submission and what it writes when it claims, beats, hands
 * back and finishes one (src/grading/worker/grading-worker.ts). A new column there needs its
 * grant here; roles.test.ts runs the worker's real code as the grading role and would fail.
 */
const SUBMISSION_READ = [
  'id',
  'status',
  'worker_id',
  'heartbeat_at',
  'spec',
  'attempts',
  'purpose',
  'user_id',
  'lesson_id',
  'exercise_id',
  'preview',
];
const SUBMISSION_WRITE = [
  'status',
  'started_at',
  'heartbeat_at',
  'attempts',
  'worker_id',
  'verdict',
  'passed_count',
  'total_count',
  'points_earned',
  'points_total',
  'summary',
  'compile_output',
  'diagnostics',
  'results',
  'test_passed',
  'finished_at',
  'spec',
  'lesson_completed',
  'course_just_completed',
];

/**
 * What graphile-worker's runner does in its schema, read from its source (0.17): at start it reads
 * its `migrations` (and migrates nothing when the schema is current, which the server has made
 * sure of) and the known crontabs, registers its task names in `_private_tasks`, then takes, completes, fails, returns and
 * unlocks jobs in `_private_jobs` and `_private_job_queues`; the sweep frees the jobs of dead
 * workers with `force_unlock_workers`. It adds no jobs. The queue's rows carry ids only, never the
 * data they point to.
 *
 * graphile-worker turns row-level security on for its tables and defines no policy, so that only
 * their owner sees a row. The grading role gets policies of its own: the jobs of its tasks and
 * those tasks' names (never the mail jobs, say), the queues' names and the known crontabs.
 */
const QUEUE_TABLE_RIGHTS: [table: string, rights: string][] = [
  ['graphile_worker.migrations', 'select'],
  // Read at every start, even by a runner without recurring jobs: the server's crontab names and times.
  ['graphile_worker._private_known_crontabs', 'select'],
  ['graphile_worker._private_tasks', 'select, insert'],
  ['graphile_worker._private_jobs', 'select, update, delete'],
  ['graphile_worker._private_job_queues', 'select, update'],
];
const QUEUE_FUNCTIONS = ['graphile_worker.force_unlock_workers(text[])'];
/** The one policy name on each table, made again at every grant for the current grading role. */
const POLICY = 'grading_workers';
const queuePolicies = (tasks: string): [table: string, rows: string][] => [
  ['graphile_worker._private_tasks', `identifier = any(${tasks})`],
  ['graphile_worker._private_jobs', `task_id in (select t.id from graphile_worker._private_tasks t where t.identifier = any(${tasks}))`],
  ['graphile_worker._private_job_queues', 'true'],
  ['graphile_worker._private_known_crontabs', 'true'],
];
/** The one function of the app the grading role calls; SECURITY DEFINER (src/server/platform/db/sql/learning.sql). */
const GRADING_FUNCTIONS = ['public.learning_complete_if_checks_passed(uuid, uuid, timestamp with time zone)'];

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkRoleName(name: string): string {
  if (!ROLE_NAME.test(name))
    throw new Error(`A database role's name must be lowercase letters, digits and _ (got ${JSON.stringify(name)})`);
  return name;
}

const id = (name: string) => pg.escapeIdentifier(name);

/**
 * Run as a superuser: creates the app's and the grading role (or brings them back to what they
 * must be: login, no superuser, no role or database creation, no replication, the given
 * passwords, members of no other role), makes the app's role the owner of `database` and of every
 * schema, table, view, sequence, function and type in APP_SCHEMAS, closes the database to every
 * other role, and grants the grading role its rights. Idempotent: run it at every start.
 */
export async function ensureDatabaseRoles(
  on: Queryable,
  options: DatabaseRoles & { database: string; gradingTasks: string[] },
): Promise<void> {
  const app = checkRoleName(options.appRole);
  const grading = checkRoleName(options.gradingRole);
  if (app === grading) throw new Error('The app and the grading workers need two different database roles');
  await on.query('begin');
  try {
    for (const [role, password] of [
      [app, options.appPassword],
      [grading, options.gradingPassword],
    ] as const) {
      const { rows } = await on.query('select 1 from pg_roles where rolname = $1', [role]);
      const attributes = `login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${pg.escapeLiteral(password)}`;
      await on.query(rows.length ? `alter role ${id(role)} with ${attributes}` : `create role ${id(role)} with ${attributes}`);
      // A membership would carry another role's rights (pg_read_server_files, say) in with it.
      const { rows: memberships } = await on.query<{ name: string }>(
        'select roleid::regrole::text as name from pg_auth_members where member = $1::regrole',
        [role],
      );
      for (const m of memberships) await on.query(`revoke ${m.name} from ${id(role)}`);
    }
    const db = id(options.database);
    await on.query(`alter database ${db} owner to ${id(app)}`);
    // No other role may connect or make temporary tables; the owner keeps its rights.
    await on.query(`revoke all on database ${db} from public`);
    await on.query('revoke create on schema public from public');
    const { rows: statements } = await on.query<{ statement: string }>(OWNERSHIP_STATEMENTS, [app, APP_SCHEMAS]);
    for (const s of statements) await on.query(s.statement);
    await grantGradingRights(on, { role: grading, tasks: options.gradingTasks });
    await on.query('commit');
  } catch (err) {
    await on.query('rollback').catch(() => {});
    throw err;
  }
}

/** Objects an extension made belong to the extension, and their owner is its business. */
const NOT_FROM_AN_EXTENSION = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend x where x.classid = '${catalog}'::regclass and x.objid = ${oid} and x.deptype = 'e')`;

/**
 * The ALTER … OWNER statements that give the app's role ($1) whatever in the schemas ($2) it does
 * not own yet. REASSIGN OWNED BY the superuser is no way: it fails on the system's own objects.
 * Indexes, triggers, the table types and the sequences of serial and identity columns follow
 * their table; array types follow their element type.
 */
const OWNERSHIP_STATEMENTS = `
  with target as (select oid from pg_roles where rolname = $1),
  schemas as (select n.oid, n.nspname, n.nspowner from pg_namespace n where n.nspname = any($2::text[]))
  select format('alter schema %I owner to %I', s.nspname, $1) as statement, 0 as step
    from schemas s where s.nspowner <> (select oid from target)
  union all
  select format('alter %s %s owner to %I',
                case c.relkind when 'r' then 'table' when 'p' then 'table' when 'v' then 'view'
                  when 'm' then 'materialized view' when 'f' then 'foreign table' when 'S' then 'sequence' else 'type' end,
                c.oid::regclass, $1), 1
    from pg_class c join schemas s on s.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S', 'c')
     and c.relowner <> (select oid from target)
     and ${NOT_FROM_AN_EXTENSION('pg_class', 'c.oid')}
     and not (c.relkind = 'S' and exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                                           and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')))
  union all
  select format('alter %s %s owner to %I', case p.prokind when 'a' then 'aggregate' else 'routine' end, p.oid::regprocedure, $1), 2
    from pg_proc p join schemas s on s.oid = p.pronamespace
   where p.proowner <> (select oid from target) and ${NOT_FROM_AN_EXTENSION('pg_proc', 'p.oid')}
  union all
  select format('alter %s %s owner to %I', case t.typtype when 'd' then 'domain' else 'type' end, t.oid::regtype, $1), 3
    from pg_type t join schemas s on s.oid = t.typnamespace
   where t.typtype in ('e', 'd', 'r')
     and t.typowner <> (select oid from target)
     and ${NOT_FROM_AN_EXTENSION('pg_type', 't.oid')}
  order by step, statement`;

/**
 * Grants the grading role exactly its rights, after taking away whatever else it held in the app's
 * schemas; run by the owner of the objects (or a superuser, which PostgreSQL then counts as the
 * owner). Objects that do not exist yet (a new database, before its first migration) are skipped:
 * the grants are made again after the migrations.
 */
export async function grantGradingRights(on: Queryable, access: GradingAccess): Promise<void> {
  const gradingRole = checkRoleName(access.role);
  const grading = id(gradingRole);
  const { rows: me } = await on.query<{ me: string; database: string }>('select current_user as me, current_database() as database');
  // Revoking from the role that owns everything would leave the app without its own rights.
  if (me[0]!.me === gradingRole) throw new Error('The grading role must not be the role the app connects as');
  const { rows: present } = await on.query<{ name: string }>('select nspname as name from pg_namespace where nspname = any($1::text[])', [
    APP_SCHEMAS,
  ]);
  for (const { name } of present) {
    const schema = id(name);
    await on.query(`revoke all on all tables in schema ${schema} from ${grading}`);
    await on.query(`revoke all on all sequences in schema ${schema} from ${grading}`);
    await on.query(`revoke all on all routines in schema ${schema} from ${grading}`);
    await on.query(`revoke all on schema ${schema} from ${grading}`);
  }
  await on.query(`grant connect on database ${id(me[0]!.database)} to ${grading}`);
  const exists = async (kind: 'regclass' | 'regprocedure', name: string) =>
    (await on.query<{ found: boolean }>(`select to_${kind}($1) is not null as found`, [name])).rows[0]!.found;

  if (await exists('regclass', 'public.exercise_submissions')) {
    await on.query(`grant usage on schema public to ${grading}`);
    await on.query(
      `grant select (${SUBMISSION_READ.map(id).join(', ')}), update (${SUBMISSION_WRITE.map(id).join(', ')})
         on public.exercise_submissions to ${grading}`,
    );
  }
  for (const fn of GRADING_FUNCTIONS) if (await exists('regprocedure', fn)) await on.query(`grant execute on function ${fn} to ${grading}`);

  if (present.some((s) => s.name === 'graphile_worker')) {
    await on.query(`grant usage on schema graphile_worker to ${grading}`);
    for (const [table, rights] of QUEUE_TABLE_RIGHTS) {
      if (await exists('regclass', table)) await on.query(`grant ${rights} on ${table} to ${grading}`);
    }
    const { rows: sequences } = await on.query<{ name: string | null }>(
      `select pg_get_serial_sequence('graphile_worker._private_tasks', 'id') as name where to_regclass('graphile_worker._private_tasks') is not null`,
    );
    // Registering a task name draws an id, even when the name is there already.
    for (const s of sequences) if (s.name) await on.query(`grant usage on sequence ${s.name} to ${grading}`);
    for (const fn of QUEUE_FUNCTIONS) if (await exists('regprocedure', fn)) await on.query(`grant execute on function ${fn} to ${grading}`);
    // An array literal as PostgreSQL prints it back, so that an unchanged policy is recognised below.
    for (const task of access.tasks)
      if (!/^[A-Za-z0-9_]+$/.test(task)) throw new Error(`A grading task's name must be a plain word (got ${task})`);
    const taskList = pg.escapeLiteral(`{${access.tasks.join(',')}}`);
    for (const [table, rows] of queuePolicies(`${taskList}::text[]`)) {
      if (!(await exists('regclass', table))) continue;
      // Making a policy locks its table against the queue's every query, so one that is already
      // right (this role, these tasks) is left alone.
      const { rows: same } = await on.query(
        `select 1 from pg_policy p
          where p.polrelid = $1::regclass and p.polname = $2 and p.polcmd = '*' and p.polroles = array[$3::regrole::oid]
            and pg_get_expr(p.polqual, p.polrelid) like $4 and pg_get_expr(p.polwithcheck, p.polrelid) like $4`,
        [table, POLICY, gradingRole, rows === 'true' ? 'true' : `%${taskList}%`],
      );
      if (same.length) continue;
      await on.query(`drop policy if exists ${POLICY} on ${table}`);
      await on.query(`create policy ${POLICY} on ${table} to ${grading} using (${rows}) with check (${rows})`);
    }
  }
}

/** `url` with another role and password (the embedded server's address, for the app's and the grading role). */
export function withCredentials(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/** The role a postgres:// address connects as, from its user part or its `user` parameter. */
export function roleOfUrl(url: string): string | undefined {
  const u = new URL(url);
  return decodeURIComponent(u.username) || u.searchParams.get('user') || undefined;
}

/**
 * The embedded database's roles with their passwords: random, made once and kept in files of mode
 * 0600 beside the superuser's (`dir` is DATA_DIR).
 */
export async function embeddedRoles(dir: string): Promise<DatabaseRoles> {
  const password = async (file: string) => {
    const where = path.join(dir, file);
    const kept = (await fs.readFile(where, 'utf8').catch(() => '')).trim();
    if (kept) return kept;
    const made = crypto.randomBytes(24).toString('hex');
    await fs.writeFile(where, made, { mode: 0o600 });
    return made;
  };
  return {
    appRole: EMBEDDED_APP_ROLE,
    gradingRole: EMBEDDED_GRADING_ROLE,
    appPassword: await password('.postgres-app-password'),
    gradingPassword: await password('.postgres-grading-password'),
  };
}
