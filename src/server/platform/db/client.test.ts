import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@test-support/test-db';
import { isDatabaseUnavailable } from '../http/errors';

describe('openDatabase', () => {
  it('survives the connection of a transaction being cut between two statements (a database restart under load)', async () => {
    const database = await createTestDatabase();
    const { db, pool } = database;
    let failure: unknown;
    await db
      .transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        // Cut from another session, as a restart does, while this one waits between statements.
        await pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 1`);
      })
      .catch((err: unknown) => (failure = err));
    // Before: the pool's clients had no 'error' listener while checked out, and the process ended here.
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The broken client was dropped: the pool answers with a new connection.
    expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });
});
