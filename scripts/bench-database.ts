import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/platform/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/platform/db/embedded';
import { runMigrations } from '../src/server/platform/db/migrate';

export type BenchDatabase = Database & {
  url: URL;
  /** The embedded server's folder, when the bench started one. */
  dataDir: string | undefined;
  /** Drops the database (unless BENCH_KEEP_DB is set) and stops what the bench started. */
  dispose: () => Promise<void>;
};

/**
 * A throwaway, migrated database for a benchmark: on `serverUrl` (DATABASE_URL or the like) when
 * given, else on an embedded PostgreSQL in a temporary folder; its name ends with the process id,
 * so benches side by side never share one. Prints which server it measures.
 */
export async function openBenchDatabase(prefix: string, serverUrl: string | undefined, max: number): Promise<BenchDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  if (!serverUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
    console.log(`Starting an embedded PostgreSQL in ${dataDir} ...`);
    embedded = await startEmbeddedPostgres(dataDir);
    serverUrl = embedded.url;
  }
  const name = `${prefix.replace(/-/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { max });
  const { rows } = await database.pool.query<{ v: string }>(`select current_setting('server_version') as v`);
  console.log(`PostgreSQL ${rows[0]!.v}${embedded ? ' (embedded)' : ` at ${url.host}`}, database ${name}`);
  await runMigrations(database.pool);
  return {
    ...database,
    url,
    dataDir,
    dispose: async () => {
      await database.close();
      if (process.env.BENCH_KEEP_DB) console.log(`kept database ${url.toString()}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await embedded?.stop();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
