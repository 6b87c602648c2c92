import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

export function createHealthService({ db }: { db: Db }) {
  return {
    /** Whether the database answers a trivial query; any failure (refused, timed out) is a no. */
    async databaseAnswers(): Promise<boolean> {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
