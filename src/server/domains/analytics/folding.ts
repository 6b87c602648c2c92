import type { Db } from '../../platform/db/client';
import { foldAnalyticsInBackground, pruneFoldedEvents } from './analytics.queries';

/**
 * Four folds a second rather than one: the work is the same, but each fold is a quarter as long, and
 * a long fold holding one of a small machine's cores is what the slowest requests wait behind
 * (bench:load: marking complete at p99 43 and 38 ms against 66 and 43 ms with one fold a second).
 */
export const FOLD_EVERY_MS = 250;
/** Raw events past the retention period are pruned once an hour (and once at start). */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
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
 * that no request pays for it; with a retention period, prunes old raw events too (hourly). Returns
 * at once when another instance's fold is running. The analytics answers fold too (waiting), so they are exact whatever this timer did.
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
    foldAnalyticsInBackground(db)
      .catch(onError)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(pruneTimer);
  };
}
