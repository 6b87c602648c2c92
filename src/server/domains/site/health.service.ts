import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

/**
 * `gradingWarm`: whether the grading workers this process runs have loaded their compilers and runtimes (always, when
 * it runs none). Until they have, the app is not ready: a submission made then would wait for a cold compiler.
 */
export function createHealthService({ db, gradingWarm = () => true }: { db: Db; gradingWarm?: () => boolean }) {
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
    gradingWarm,
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
