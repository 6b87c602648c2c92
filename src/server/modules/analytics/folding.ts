import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Four folds a second rather than one: the work is the same, but each fold is a quarter as long, and
 * a long fold holding one of a small machine's cores is what the slowest requests wait behind
 * (bench:load: marking complete at p99 43 and 38 ms against 66 and 43 ms with one fold a second).
 */
export const FOLD_EVERY_MS = 250;
/** Raw events past the retention period are pruned once an hour (and once at start). */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Events moved to the archive per transaction: short transactions, so folds and analytics answers wait little. */
export const PRUNE_BATCH = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Applies the retention rule (EVENTS_RETENTION_DAYS; null keeps every event): raw learning events
 * that occurred more than `retentionDays` before `now` are compacted into learning_events_archive and
 * deleted (migration 0013). The rollups hold them already: the insert trigger added every event to
 * them, and learning_events_prune() folds whatever is pending first. Returns how many went.
 */
export async function pruneFoldedEvents(db: Db, retentionDays: number | null, now: Date, batch = PRUNE_BATCH): Promise<number> {
  if (retentionDays === null) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(sql`select learning_events_prune(${cutoff}::timestamptz, ${batch}) as n`);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

export type FoldSchedule = {
  everyMs?: number;
  /** Days raw events are kept (EVENTS_RETENTION_DAYS); null or absent: forever, nothing is pruned. */
  retentionDays?: number | null;
  pruneEveryMs?: number;
  now?: () => Date;
};

/**
 * Applies the progress rows queued for the analytics and moves the pending per-lesson and hourly
 * counts into their rows (migrations 0005, 0007, 0010; docs/decisions/011), in the background so
 * that no request pays for it; with a retention period, prunes old raw events too (hourly). Returns at once when another instance's fold is running. The
 * analytics answers fold too (waiting), so they are exact whatever this timer did.
 */
export function scheduleAnalyticsFolds(db: Db, onError: (err: unknown) => void, schedule: FoldSchedule | number = {}): () => void {
  const {
    everyMs = FOLD_EVERY_MS,
    retentionDays = null,
    pruneEveryMs = PRUNE_EVERY_MS,
    now = () => new Date(),
  } = typeof schedule === 'number' ? { everyMs: schedule } : schedule;
  let pruning = false;
  const prune = () => {
    if (pruning || retentionDays === null) return;
    pruning = true;
    pruneFoldedEvents(db, retentionDays, now())
      .catch(onError)
      .finally(() => (pruning = false));
  };
  prune();
  const pruneTimer = setInterval(prune, pruneEveryMs);
  pruneTimer.unref();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    db.execute(sql`select analytics_maybe_fold()`)
      .catch(onError)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(pruneTimer);
  };
}
