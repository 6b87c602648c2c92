import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/platform/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/platform/db/embedded';
import { runMigrations } from '../../src/server/platform/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    templateDb: string;
  }
}

/**
 * One PostgreSQL per test run: TEST_DATABASE_URL when set (CI), else an embedded server in a
 * temporary folder. A template database is migrated once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let tmpDir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-test-pg-'));
    await fs.chmod(tmpDir, 0o755);
    embedded = await startEmbeddedPostgres(tmpDir);
    serverUrl = embedded.url;
  }
  const templateDb = `tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${templateDb}`);
  const url = new URL(serverUrl);
  url.pathname = `/${templateDb}`;
  const database = openDatabase(url.toString(), { max: 1 });
  await runMigrations(database.pool);
  await database.close();
  project.provide('serverUrl', serverUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    // Databases of files that failed to clean up are dropped here too.
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname = $1 or datname like $2`, [
      templateDb,
      `t_${process.pid}_%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  };
}
