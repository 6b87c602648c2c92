import type { Db } from '../../platform/db/client';
import { pruneRateLimits, pruneVerificationCodes } from './auth.queries';
import { createSessionService } from './sessions.service';

const DAY = 24 * 60 * 60 * 1000;

/** Deletes what can no longer be used: ended sessions, old codes, rate-limit hits past every window. */
export async function pruneAuthTables(db: Db, now: Date): Promise<void> {
  await createSessionService(db, () => now).pruneExpired();
  await pruneRateLimits(db, new Date(now.getTime() - DAY));
  await pruneVerificationCodes(db, new Date(now.getTime() - DAY));
}

/** Runs the pruning now and every hour; the timer never keeps the process alive. */
export function schedulePruning(db: Db, onError: (err: unknown) => void): () => void {
  const run = () => pruneAuthTables(db, new Date()).catch(onError);
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
