import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Applies the progress rows queued for the analytics and moves the pending per-lesson and hourly
 * counts into their rows (migrations 0005, 0007, 0010; docs/decisions/011), in the background so
 * that no request pays for it. Returns at once when another instance's fold is running. The
 * analytics answers fold too (waiting), so they are exact whatever this timer did.
 */
export function scheduleAnalyticsFolds(db: Db, onError: (err: unknown) => void, everyMs = 1000): () => void {
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
