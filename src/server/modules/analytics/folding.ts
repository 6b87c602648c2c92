import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Four folds a second rather than one: the work is the same, but each fold is a quarter as long, and
 * a long fold holding one of a small machine's cores is what the slowest requests wait behind
 * (bench:load: marking complete at p99 43 and 38 ms against 66 and 43 ms with one fold a second).
 */
export const FOLD_EVERY_MS = 250;

/**
 * Applies the progress rows queued for the analytics and moves the pending per-lesson and hourly
 * counts into their rows (migrations 0005, 0007, 0010; docs/decisions/011), in the background so
 * that no request pays for it. Returns at once when another instance's fold is running. The
 * analytics answers fold too (waiting), so they are exact whatever this timer did.
 */
export function scheduleAnalyticsFolds(db: Db, onError: (err: unknown) => void, everyMs = FOLD_EVERY_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    db.execute(sql`select analytics_maybe_fold()`)
      .catch(onError)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
