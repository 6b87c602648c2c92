import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { sourceFolder } from './source-folder';
import { installJobQueue } from '../jobs/job-queue';
import { applySqlFiles, SQL_BOOKKEEPING } from './sql-files';
import { grantGradingRights, type GradingAccess } from './roles';

/** The checked-in migrations, found both from src/ (tsx, tests) and from dist/ (the built server). */
export function migrationsFolder(): string {
  try {
    return sourceFolder(path.join('src', 'server', 'platform', 'db', 'migrations'), path.join('meta', '_journal.json'));
  } catch {
    throw new Error('Could not find the migrations folder (src/server/platform/db/migrations)');
  }
}

// Any fixed number: the key of the advisory lock that makes instances starting together migrate once.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * The table migrations, then the functions, triggers and views of src/server/platform/db/sql (sql-files.ts),
 * under one advisory lock: instances starting together do them once, one after the other. Then the
 * job queue's own tables, which graphile-worker migrates under a lock of its own (on a connection
 * of its own, so after ours is back in the pool). Last, when the grading workers have a role of
 * their own (`grading`), its rights are granted again (roles.ts): a changed SQL file recreates
 * the function it calls, and a new version of the queue may bring new tables. That too under the
 * lock, as GRANTs of instances starting together on one object would collide.
 */
export async function runMigrations(pool: pg.Pool, options: { grading?: GradingAccess } = {}): Promise<void> {
  await underMigrationLock(pool, async (client) => {
    await client.query(SQL_BOOKKEEPING);
    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    await applySqlFiles(client);
  });
  await installJobQueue(pool);
  const { grading } = options;
  if (grading) {
    await underMigrationLock(pool, async (client) => {
      await client.query('begin');
      try {
        await grantGradingRights(client, grading);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      }
    });
  }
}

async function underMigrationLock(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
