import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

/** Drizzle's query builder over the app's pg pool; `db.$client` is that pool, for the prepared statements of the busiest calls. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

// Timestamps come back as JS Dates; bigint counts (count(*)) as numbers, which is safe below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDatabase(url: string, options: { max?: number } = {}): Database {
  // A database that does not answer (rather than refusing) fails requests after 10 s instead of holding them.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (a database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one checked out between two statements (a transaction): the pool listens only to idle
  // clients, and an 'error' event nobody listens to ends the process. Its next query fails (a 503)
  // and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
