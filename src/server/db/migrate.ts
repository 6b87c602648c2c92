import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

/** The checked-in migrations, found both from src/ (tsx, tests) and from dist/ (the built server). */
export function migrationsFolder(): string {
  const starts = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'src', 'server', 'db', 'migrations');
      if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new Error('Could not find the migrations folder (src/server/db/migrations)');
}

// Any fixed number: the key of the advisory lock that makes instances starting together migrate once.
const MIGRATION_LOCK_KEY = 727_001;

export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
