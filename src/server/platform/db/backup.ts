import crypto from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import type { Env } from '../env';
import { assertKey } from '../storage/file-storage';
import { createStorage, type FileStorage } from '../storage/storage';
import { openDatabase } from './client';
import { runningEmbeddedServer, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, runMigrations } from './migrate';

/**
 * Backup and restore of the whole state (every table of the public schema and every stored file)
 * as one .tar.gz, done over the app's own `pg` connection: the embedded PostgreSQL ships no
 * pg_dump, and an older system pg_dump refuses a newer server. Table data is PostgreSQL's COPY
 * text format, which every version from 15 on reads and writes alike.
 *
 * Archive layout: manifest.json, db/<table>.copy, files/<storage key>.
 */

export const ARCHIVE_FORMAT = 'codetutor-backup';
const FORMAT_VERSION = 1;

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  postgresVersion: string;
  /** The drizzle migrations applied to the source; a restore needs the same ones. */
  migrations: { count: number; last: string | null };
  /** sha256 of each table's data file (absent in archives made before it was recorded). */
  tables: { name: string; columns: string[]; rows: number; sha256?: string }[];
  /** Sequences behind identity columns; value null when the sequence was never used. */
  sequences: { name: string; value: string | null }[];
  files: { key: string; size: number; sha256?: string }[];
  /** Keys named by a files row whose bytes were not in storage at backup time. */
  missingFiles: string[];
};

export type Summary = { tables: number; rows: number; files: number; missingFiles: string[] };
export type BackupSummary = Summary & { archive: string; sizeBytes: number };
export type Log = (message: string) => void;

export class BackupError extends Error {}

/** Work folders of a backup in progress, beside the archive (so a full disk shows there, not in /tmp). */
export const STAGING_PREFIX = '.tutor-backup-';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const copyFileOf = (table: string) => path.join('db', `${table}.copy`);

/** The version in the app's package.json, found from src/ (tsx) and from dist/ alike. */
function appVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
    } catch {
      if (path.dirname(dir) === dir) return 'unknown';
    }
  }
}

async function publicTables(client: pg.PoolClient): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind in ('r', 'p')
     group by c.relname
     order by c.relname`);
  return rows;
}

async function migrationLevel(client: pg.PoolClient): Promise<Manifest['migrations']> {
  const { rows: exists } = await client.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists[0]?.t) return { count: 0, last: null };
  const { rows } = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at, id');
  return { count: rows.length, last: rows.at(-1)?.hash ?? null };
}

/** Tables ordered so that each comes after the tables its foreign keys point to. */
async function loadOrder(client: pg.PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) parents.get(child)?.add(parent);
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: string, trail: string[]) => {
    if (state.get(t) === 'done') return;
    if (state.get(t) === 'visiting')
      throw new BackupError(`The tables' foreign keys form a cycle (${[...trail, t].join(' -> ')}): restore cannot order them.`);
    state.set(t, 'visiting');
    for (const p of parents.get(t) ?? []) if (parents.has(p)) visit(p, [...trail, t]);
    state.set(t, 'done');
    order.push(t);
  };
  for (const t of tables) visit(t, []);
  return order;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function withStaging<T>(fn: (dir: string) => Promise<T>, parent = os.tmpdir()): Promise<T> {
  const dir = await fs.mkdtemp(path.join(parent, STAGING_PREFIX));
  try {
    return await fn(dir);
  } finally {
    // Retried: an unpacking that failed may still be finishing its last writes into the folder.
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => {});
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** One sentence for a backup folder that cannot take the archive; undefined for other errors. */
export function explainBackupFolderError(err: unknown, folder: string): BackupError | undefined {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new BackupError(
        `There is no space left on the disk that holds the backup folder ${folder}: free some space (or keep fewer backups), or back up to a folder on another disk. No archive was written.`,
        { cause: err },
      );
    case 'EACCES':
    case 'EPERM':
      return new BackupError(
        `The backup folder ${folder} cannot be written (permission denied): give the user running the backup that folder, or choose another one. No archive was written.`,
        { cause: err },
      );
    case 'EROFS':
      return new BackupError(
        `The backup folder ${folder} is on a read-only file system: choose a writable folder. No archive was written.`,
        {
          cause: err,
        },
      );
    case 'ENOTDIR':
    case 'EEXIST':
      return new BackupError(
        `The backup folder ${folder} is not a folder (a file has its name): choose another path. No archive was written.`,
        {
          cause: err,
        },
      );
    default:
      return undefined;
  }
}

/** What a finished archive holds, for a destination that records it beside the archive (a bucket). */
export type ArchiveFacts = { createdAt: string; appVersion: string } & Summary;

/**
 * Where an archive goes: a file on this machine (`fileTarget`) or an object in a bucket
 * (backup-bucket.ts). Either way nothing appears there as a backup until the archive is whole.
 */
export type ArchiveTarget = {
  /** Where the archive is, in messages and in the run's record: a file's path, or s3://bucket/key. */
  location: string;
  /** The folder on this machine in which the tables and files are copied before they are packed. */
  workDir: string;
  /** Runs before the database is read, so that a destination that cannot take the archive fails at once. */
  check(): Promise<void>;
  /** Takes the packed archive; on any failure it leaves nothing behind. */
  write(archive: AsyncIterable<Buffer>, facts: ArchiveFacts): Promise<void>;
  /** One sentence for an error of check() or write() that is the destination's, else undefined. */
  explain(err: unknown): BackupError | undefined;
};

/** A file: written under `<archive>.partial` beside it and renamed when complete. */
export function fileTarget(file: string): ArchiveTarget {
  const archive = path.resolve(file);
  const folder = path.dirname(archive);
  const partial = `${archive}.partial`;
  return {
    location: archive,
    workDir: folder,
    async check() {
      await fs.mkdir(folder, { recursive: true });
      await fs.access(folder, fs.constants.W_OK);
    },
    async write(source) {
      try {
        await pipeline(source, createWriteStream(partial));
        await fs.rename(partial, archive);
      } catch (err) {
        await fs.rm(partial, { force: true }).catch(() => {});
        throw err;
      }
    },
    explain: (err) => explainBackupFolderError(err, folder),
  };
}

/** How much lower than the app's the CPU priority of a backup working beside it is (a nice value, 0 to 19). */
export const BACKUP_NICENESS = 10;

/**
 * Lowers the CPU priority of the PostgreSQL process serving this connection, so that the backup's
 * COPY yields to the app's queries. Only for a connection of the backup's own (the process keeps
 * the priority until the connection closes, and it cannot be raised again) to a server on this
 * machine: the process must be a postgres process this user may renice. False when it was not done.
 */
export async function lowerBackendPriority(client: pg.ClientBase, niceness = BACKUP_NICENESS): Promise<boolean> {
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = rows[0]!.pid;
    // A pid of another machine's server could name any process here: only a postgres one is touched.
    const comm = (await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();
    if (comm !== 'postgres') return false;
    os.setPriority(pid, Math.max(os.getPriority(pid), niceness));
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the whole state into `archive` (a file) or `target`: the tables from one consistent
 * snapshot, then the bytes of every file those rows name. The archive appears only when complete
 * (see ArchiveTarget), and any failure leaves nothing behind. `onSnapshot` runs inside the
 * backup's transaction with the snapshot's id (pg_export_snapshot), so that a caller can read the
 * source as of the very moment the backup copies. `lowerBackendPriority`: the pool is the
 * backup's own and its server is on this machine (see lowerBackendPriority).
 */
export async function backupState(
  opts: {
    pool: pg.Pool;
    storage: FileStorage;
    log?: Log;
    onSnapshot?: (snapshotId: string) => Promise<void>;
    lowerBackendPriority?: boolean;
  } & ({ archive: string; target?: undefined } | { target: ArchiveTarget; archive?: undefined }),
): Promise<BackupSummary> {
  const log = opts.log ?? (() => {});
  const target = opts.target ?? fileTarget(opts.archive);
  const folder = target.workDir;
  try {
    // Checked before the database is read: a destination that cannot take the archive fails at once.
    await target.check();
    await fs.mkdir(folder, { recursive: true });
    return await withStaging(async (staging) => {
      await fs.mkdir(path.join(staging, 'db'));
      await fs.mkdir(path.join(staging, 'files'));
      const manifest = await copyTables(opts.pool, staging, opts.onSnapshot, opts.lowerBackendPriority ? log : undefined);
      log(`Copied ${manifest.tables.length} tables, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows.`);

      const present: Manifest['files'] = [];
      for (const { key } of manifest.files) {
        const blob = await opts.storage.get(key);
        if (!blob) {
          log(`Warning: file ${key} is named in the database but missing from storage; left out.`);
          manifest.missingFiles.push(key);
          continue;
        }
        const where = path.join(staging, 'files', key);
        await pipeline(blob.stream, createWriteStream(where));
        const { size } = await fs.stat(where);
        present.push({ key, size, sha256: await sha256Of(where) });
      }
      manifest.files = present;
      log(`Copied ${present.length} stored files.`);

      await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      // Compressed by Node's zlib stream, which works in the thread pool: tar's own gzip compresses
      // on the main thread. The fastest level: a backup shares the machine's CPU with the app and
      // its database.
      let size = 0;
      const facts: ArchiveFacts = { createdAt: manifest.createdAt, appVersion: manifest.appVersion, ...summaryOf(manifest) };
      await pipeline(
        tar.create({ cwd: staging, portable: true }, ['manifest.json', 'db', 'files']),
        zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED }),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            yield chunk;
          }
        },
        (packed: AsyncIterable<Buffer>) => target.write(packed, facts),
      );
      return { ...summaryOf(manifest), archive: target.location, sizeBytes: size };
    }, folder);
  } catch (err) {
    throw target.explain(err) ?? explainBackupFolderError(err, folder) ?? err;
  }
}

/** Every table of one snapshot into staging/db, and the manifest that describes them. */
async function copyTables(
  pool: pg.Pool,
  staging: string,
  onSnapshot?: (snapshotId: string) => Promise<void>,
  /** Set when the server process of this pool's connection may be given a lower priority. */
  lowerPriority?: Log,
): Promise<Manifest> {
  const client = await pool.connect();
  try {
    if (lowerPriority && (await lowerBackendPriority(client)))
      lowerPriority(`The database process copying has a lower CPU priority (nice ${BACKUP_NICENESS}).`);
    // One snapshot for every table, so rows that refer to each other are copied together.
    await client.query('begin isolation level repeatable read read only');
    const { rows: version } = await client.query<{ v: string; snapshot: string }>(
      "select current_setting('server_version') as v, pg_export_snapshot() as snapshot",
    );
    if (onSnapshot) await onSnapshot(version[0]!.snapshot);
    const tables: Manifest['tables'] = [];
    for (const table of await publicTables(client)) {
      const cols = table.columns.map(ident).join(', ');
      const file = path.join(staging, copyFileOf(table.name));
      // Rows and checksum taken from the stream itself: COPY's text format writes one line per row
      // (a newline inside a value is written as \n), so no second scan of the table is needed.
      const hash = crypto.createHash('sha256');
      let rows = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
          done(null, chunk);
        },
      });
      await pipeline(client.query(copyTo(`copy ${ident(table.name)} (${cols}) to stdout`)), tap, createWriteStream(file));
      tables.push({ ...table, rows, sha256: hash.digest('hex') });
    }
    const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename`,
    );
    const hasFiles = tables.some((t) => t.name === 'files');
    const { rows: keys } = hasFiles
      ? await client.query<{ key: string }>('select storage_key as key from files order by storage_key')
      : { rows: [] };
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      postgresVersion: version[0]!.v,
      migrations: await migrationLevel(client),
      tables,
      sequences,
      files: keys.map(({ key }) => ({ key, size: 0 })),
      missingFiles: [],
    };
    await client.query('commit');
    return manifest;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

const summaryOf = (m: Manifest): Summary => ({
  tables: m.tables.length,
  rows: m.tables.reduce((n, t) => n + t.rows, 0),
  files: m.files.length,
  missingFiles: m.missingFiles,
});

/** The `format` of the manifest at the start of an archive that may be cut short or damaged further on. */
function manifestFormatOf(archive: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (format: string | undefined) => {
      if (settled) return;
      settled = true;
      input.destroy();
      resolve(format);
    };
    const parser = new tar.Parser({
      strict: false,
      onReadEntry: (entry) => {
        if (entry.path !== 'manifest.json') return void entry.resume();
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => {
          try {
            settle((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { format?: string }).format);
          } catch {
            settle(undefined);
          }
        });
      },
    });
    parser.on('end', () => settle(undefined));
    parser.on('error', () => settle(undefined));
    const input = createReadStream(archive);
    input.on('error', () => settle(undefined));
    input.pipe(parser);
  });
}

async function readArchive(archive: string, staging: string): Promise<Manifest> {
  const stat = await fs.stat(archive).catch(() => undefined);
  if (!stat) throw new BackupError(`There is no archive at ${archive}.`);
  if (!stat.isFile()) throw new BackupError(`${archive} is not a file.`);
  const notOurs = `${archive} is not a backup made by \`npm run backup\`.`;
  const damaged = (what: string) =>
    new BackupError(
      `${archive} is damaged (${what}): nothing was restored; restore another backup (an earlier one, or a copy of this one).`,
    );
  try {
    // Plain files and folders only: a link in an archive could point anywhere on this machine.
    await tar.extract({
      file: archive,
      cwd: staging,
      strict: true,
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (err) {
    // The manifest comes first: when it can be read, the archive is ours and broke further on.
    if ((await manifestFormatOf(archive)) === ARCHIVE_FORMAT) throw damaged(`it cannot be unpacked: ${(err as Error).message}`);
    throw new BackupError(`${notOurs} (${(err as Error).message})`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${notOurs} (it holds no readable manifest.json)`);
  }
  if (manifest.format !== ARCHIVE_FORMAT || !Array.isArray(manifest.tables)) throw new BackupError(notOurs);
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(
      `${archive} has archive format ${manifest.formatVersion}; this version of the app reads format ${FORMAT_VERSION}.`,
    );
  }
  for (const t of manifest.tables) {
    const file = path.join(staging, copyFileOf(t.name));
    if (!(await fs.stat(file).catch(() => undefined))) {
      throw new BackupError(`${archive} is incomplete: the data of table ${t.name} is missing.`);
    }
    if (t.sha256 && (await sha256Of(file)) !== t.sha256) throw damaged(`the data of table ${t.name} differs from its checksum`);
  }
  for (const f of manifest.files) {
    try {
      assertKey(f.key);
    } catch {
      throw new BackupError(`${archive} names a stored file with an invalid key: ${JSON.stringify(f.key)}.`);
    }
    const s = await fs.stat(path.join(staging, 'files', f.key)).catch(() => undefined);
    if (s?.size !== f.size) throw new BackupError(`${archive} is incomplete: stored file ${f.key} is missing or truncated.`);
    if (f.sha256 && (await sha256Of(path.join(staging, 'files', f.key))) !== f.sha256) {
      throw damaged(`stored file ${f.key} differs from its checksum`);
    }
  }
  return manifest;
}

/**
 * Restores an archive into an empty database (migrated here first with the app's migrations) and
 * its files into `storage`, in one transaction: any failure, a row count that differs from the
 * manifest included, leaves the database as it was. `force` replaces a non-empty database's rows.
 */
export async function restoreState(opts: RestoreOptions & { pool: pg.Pool; storage: FileStorage }): Promise<Summary> {
  return withStaging(async (staging) => {
    const manifest = await readArchive(path.resolve(opts.archive), staging);
    return restoreExtracted({ ...opts, staging, manifest });
  });
}

type RestoreOptions = { archive: string; force?: boolean; log?: Log };

async function restoreExtracted(
  opts: RestoreOptions & { pool: pg.Pool; storage: FileStorage; staging: string; manifest: Manifest },
): Promise<Summary> {
  const { staging, manifest } = opts;
  const log = opts.log ?? (() => {});
  log(`Archive of ${manifest.createdAt} (app ${manifest.appVersion}, PostgreSQL ${manifest.postgresVersion}).`);
  // Checked before migrating: an archive of another level must leave the target untouched.
  const own = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  if (manifest.migrations.count > own.length) {
    throw new BackupError(
      `The archive was made by a newer version of the app (${manifest.appVersion}, migration level ${manifest.migrations.count}; this app is at level ${own.length}): ` +
        'update this app to that version or a later one, then restore again. Nothing was changed.',
    );
  }
  if (own.length !== manifest.migrations.count || (own.at(-1)?.hash ?? null) !== manifest.migrations.last) {
    throw new BackupError(
      `The archive was made by app ${manifest.appVersion} at migration level ${manifest.migrations.count}; this app is at level ${own.length}. ` +
        'Restore it with the app version that made it, then start the newer version to migrate.',
    );
  }
  await runMigrations(opts.pool);
  const client = await opts.pool.connect();
  try {
    await client.query('begin');
    const level = await migrationLevel(client);
    if (level.count !== manifest.migrations.count || level.last !== manifest.migrations.last) {
      throw new BackupError(
        `The archive was made by app ${manifest.appVersion} at migration level ${manifest.migrations.count}; this app's database is at level ${level.count}. ` +
          'Restore it with the app version that made it, then start the newer version to migrate.',
      );
    }
    const target = new Map((await publicTables(client)).map((t) => [t.name, t]));
    const absent = manifest.tables.filter((t) => !target.has(t.name)).map((t) => t.name);
    if (absent.length) throw new BackupError(`The target database has no table ${absent.join(', ')}.`);

    // A table a migration fills itself (the one row of school_settings) holds that row in every database, new ones
    // included: it is no sign of a school's data, and the archive brings the school's own.
    const seeded = new Set(
      own.flatMap((m) => m.sql).flatMap((sql) => [...sql.matchAll(/insert into\s+(?:"public"\.)?"(\w+)"(?!\.)/gi)].map((x) => x[1]!)),
    );
    const filled: string[] = [];
    for (const name of target.keys()) {
      if (seeded.has(name)) continue;
      const { rows } = await client.query(`select 1 from ${ident(name)} limit 1`);
      if (rows.length) filled.push(name);
    }
    if (filled.length && !opts.force) {
      throw new BackupError(
        `The target database is not empty (rows in ${filled.join(', ')}). Restore into an empty database (a new DATA_DIR, or a new database in DATABASE_URL), or pass --force to replace its contents.`,
      );
    }
    const names = [...target.keys()];
    if (filled.length) log(`--force: emptying ${filled.length} tables first.`);
    // Emptied in any case: what the migrations put there gives way to the archive's rows.
    await client.query(`truncate ${names.map(ident).join(', ')} restart identity cascade`);
    // The analytics tables are kept by triggers; they are restored as they were, so the triggers
    // must not add to them again. Disabled inside this transaction: no other session sees it.
    for (const name of names) await client.query(`alter table ${ident(name)} disable trigger user`);
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const name of await loadOrder(client, names)) {
      const table = byName.get(name);
      if (!table) continue;
      await pipeline(
        createReadStream(path.join(staging, copyFileOf(name))),
        client.query(copyFrom(`copy ${ident(name)} (${table.columns.map(ident).join(', ')}) from stdin`)),
      );
    }
    for (const name of names) await client.query(`alter table ${ident(name)} enable trigger user`);
    for (const seq of manifest.sequences) {
      if (seq.value !== null) await client.query('select setval($1::regclass, $2::bigint, true)', [`public.${ident(seq.name)}`, seq.value]);
    }
    for (const table of manifest.tables) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${ident(table.name)}`);
      if (rows[0]!.n !== table.rows) {
        throw new BackupError(
          `Table ${table.name} has ${rows[0]!.n} rows after the restore; the archive lists ${table.rows}. Nothing was changed.`,
        );
      }
    }
    log(`Loaded ${manifest.tables.length} tables, ${summaryOf(manifest).rows} rows.`);
    // Files before the commit: if storage fails, the database stays as it was.
    for (const f of manifest.files) await opts.storage.put(f.key, await readAll(createReadStream(path.join(staging, 'files', f.key))));
    log(`Stored ${manifest.files.length} files.`);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  if (manifest.missingFiles.length) log(`Note: ${manifest.missingFiles.length} files were already missing when the backup was made.`);
  return summaryOf(manifest);
}

/**
 * Opens the app's database as configured and its file storage, runs `fn`, and closes both. On the
 * embedded default, a backup goes through the PostgreSQL the running app started (PostgreSQL lets
 * one server at a time open a data folder); with no app running, it starts the server itself. A
 * restore always goes into a data folder no app is using.
 */
export async function withAppState<T>(
  env: Env,
  opts: { purpose: 'backup' | 'restore'; log?: Log },
  /** `embedded`: the database is the embedded PostgreSQL, a process on this machine. */
  fn: (state: { pool: pg.Pool; storage: FileStorage; embedded: boolean }) => Promise<T>,
): Promise<T> {
  let embedded: EmbeddedDatabase | undefined;
  let url = env.databaseUrl;
  if (!url) {
    const pgDir = path.join(env.dataDir, 'postgres');
    const running = await runningEmbeddedServer(env.dataDir);
    if (running && opts.purpose === 'restore') {
      throw new BackupError(
        `The data folder ${env.dataDir} is in use by a running app (PostgreSQL pid ${running.pid}): restore into a new folder instead (set DATA_DIR to a new, empty folder, run the restore, then start the app with that DATA_DIR).`,
      );
    }
    if (running) {
      opts.log?.(`Backing up through the running app's PostgreSQL (pid ${running.pid}, port ${running.port}) ...`);
      url = running.url;
    } else {
      if (opts.purpose === 'backup' && !(await fs.stat(path.join(pgDir, 'PG_VERSION')).catch(() => undefined))) {
        throw new BackupError(`There is no database in ${pgDir} (DATA_DIR=${env.dataDir}) to back up.`);
      }
      opts.log?.(`Starting the embedded PostgreSQL in ${pgDir} ...`);
      // Should the app start in between, this start refuses the folder, naming the app: run again.
      embedded = await startEmbeddedPostgres(env.dataDir);
      url = embedded.url;
    }
  }
  const database = openDatabase(url, { max: 2 });
  try {
    return await fn({ pool: database.pool, storage: createStorage(env), embedded: !env.databaseUrl });
  } finally {
    await database.close().catch(() => {});
    await embedded?.stop();
  }
}

/**
 * `npm run backup`: the app's configured database and storage into `archive` (a file) or `target`.
 * It runs beside the app, so this process and, on the embedded default, the database process
 * copying for it work at a lower CPU priority than the app's.
 */
export function backupAppState(
  env: Env,
  opts: { log?: Log } & ({ archive: string; target?: undefined } | { target: ArchiveTarget; archive?: undefined }),
): Promise<BackupSummary> {
  try {
    os.setPriority(Math.max(os.getPriority(), BACKUP_NICENESS));
  } catch {
    // Not permitted here: the backup runs at the usual priority.
  }
  return withAppState(env, { purpose: 'backup', log: opts.log }, ({ embedded, ...state }) =>
    backupState({ ...state, ...opts, lowerBackendPriority: embedded }),
  );
}

/**
 * `npm run restore`: the archive is checked before the database is opened (or created). A restore
 * that fails into a DATA_DIR it made itself removes that folder again, so nothing half-restored is
 * left for the app to start on.
 */
export function restoreAppState(env: Env, opts: RestoreOptions): Promise<Summary> {
  return withStaging(async (staging) => {
    const manifest = await readArchive(path.resolve(opts.archive), staging);
    const fresh = !env.databaseUrl && !(await fs.readdir(env.dataDir).catch(() => [])).length;
    try {
      return await withAppState(env, { purpose: 'restore', log: opts.log }, (state) =>
        restoreExtracted({ ...opts, ...state, staging, manifest }),
      );
    } catch (err) {
      if (fresh) await fs.rm(env.dataDir, { recursive: true, force: true }).catch(() => {});
      throw err;
    }
  });
}
