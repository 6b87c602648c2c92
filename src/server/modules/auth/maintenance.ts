import { lt, or, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verificationCodes } from '../../db/schema/index';
import { pruneRateLimits } from './rate-limit';
import { createSessionService } from './sessions.service';

const DAY = 24 * 60 * 60 * 1000;

/** Deletes what can no longer be used: ended sessions, old codes, rate-limit hits past every window. */
export async function pruneAuthTables(db: Db, now: Date): Promise<void> {
  await createSessionService(db, () => now).pruneExpired();
  await pruneRateLimits(db, new Date(now.getTime() - DAY));
  await db
    .delete(verificationCodes)
    .where(or(lt(verificationCodes.expiresAt, new Date(now.getTime() - DAY)), isNotNull(verificationCodes.consumedAt)));
}

/** Runs the pruning now and every hour; the timer never keeps the process alive. */
export function schedulePruning(db: Db, onError: (err: unknown) => void): () => void {
  const run = () => pruneAuthTables(db, new Date()).catch(onError);
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
