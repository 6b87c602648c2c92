import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/platform/db/client';

/** A fresh database for one test file, cloned from the migrated template; dropped after the file. */
export async function createTestDatabase(): Promise<Database & { url: string }> {
  const serverUrl = inject('serverUrl');
  const templateDb = inject('templateDb');
  const owner = templateDb.split('_')[1];
  const name = `t_${owner}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDb}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { max: 5 });
  afterAll(async () => {
    await database.close();
    const a = new pg.Client({ connectionString: serverUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  return { ...database, url: url.toString() };
}
