import type { LearningEvent } from '@common/analytics';
import { EVENTS_BATCH_MAX, HEARTBEAT_INTERVAL_SECONDS } from '@common/event-limits';
import { beforeSignOut, onUserChange } from '@web/lib/session-end';

/**
 * Learning events queued in memory and sent in batches to POST /api/events (contract in
 * src/common/analytics.ts): every `flushIntervalMs` while events wait, at `batchMax` events, and
 * when the page is hidden or left (with keepalive, so the request outlives the page). Sending
 * never blocks the page and never throws: a refused batch is dropped, a network failure is tried
 * once more with the next batch.
 */

/** What became of a batch: sent (or refused: dropped), or not delivered (no network). */
export type SendOutcome = 'done' | 'network-error';
export type SendBatch = (events: LearningEvent[], options: { keepalive: boolean }) => Promise<SendOutcome>;

/** The page events the queue listens to (window and document in the browser). */
export type PageTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
export type PageLike = { window: PageTarget; document: PageTarget & { visibilityState: DocumentVisibilityState } };

export type EventQueueOptions = {
  send?: SendBatch;
  flushIntervalMs?: number;
  batchMax?: number;
  page?: PageLike;
};

export type EventQueue = {
  enqueue(event: LearningEvent): void;
  /** Sends everything queued now; keepalive when the page is going away. Resolves once the batches are answered. */
  flush(options?: { keepalive?: boolean }): Promise<void>;
  /** The page is going away: the lessons add their last heartbeat, then everything is sent (keepalive). */
  pageHidden(reason: 'hidden' | 'pagehide'): Promise<void>;
  /**
   * Runs `listener` when the page is hidden or left, just before the queue is sent, so the lesson
   * being read can add its last heartbeat to that batch. Returns the unsubscribe function.
   */
  onPageHide(listener: (reason: 'hidden' | 'pagehide') => void): () => void;
  readonly size: number;
  dispose(): void;
};

export const sendWithFetch: SendBatch = async (events, { keepalive }) => {
  try {
    await fetch('/api/events', {
      method: 'POST',
      keepalive,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events }),
    });
    // Any answer, 4xx included, is final: a refused batch would be refused again.
    return 'done';
  } catch {
    return 'network-error';
  }
};

type Entry = { event: LearningEvent; retried: boolean };

export function createEventQueue({ send = sendWithFetch, flushIntervalMs = HEARTBEAT_INTERVAL_SECONDS * 1000, batchMax = EVENTS_BATCH_MAX, page }: EventQueueOptions = {}): EventQueue {
  let entries: Entry[] = [];
  // Once disposed, nothing is sent or queued again: a late retry must not go out under the next user.
  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hideListeners = new Set<(reason: 'hidden' | 'pagehide') => void>();

  function schedule() {
    if (disposed) return;
    if (timer === undefined && entries.length > 0) timer = setTimeout(() => flush(), flushIntervalMs);
  }

  function deliver(batch: Entry[], keepalive: boolean): Promise<void> {
    let sending: Promise<SendOutcome>;
    try {
      sending = send(
        batch.map((e) => e.event),
        { keepalive },
      );
    } catch {
      sending = Promise.resolve('network-error');
    }
    return sending
      .catch((): SendOutcome => 'network-error')
      .then((outcome) => {
        if (outcome !== 'network-error' || disposed) return;
        const again = batch.filter((e) => !e.retried).map((e) => ({ event: e.event, retried: true }));
        if (again.length === 0) return;
        entries = [...again, ...entries];
        schedule();
      })
      .catch(() => undefined);
  }

  function flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const all = entries;
    entries = [];
    const sending: Promise<void>[] = [];
    if (!disposed) for (let i = 0; i < all.length; i += batchMax) sending.push(deliver(all.slice(i, i + batchMax), keepalive));
    return Promise.all(sending).then(() => undefined);
  }

  function pageHidden(reason: 'hidden' | 'pagehide'): Promise<void> {
    for (const listener of hideListeners) {
      try {
        listener(reason);
      } catch {
        // A tracker's failure must not keep the others' events from leaving.
      }
    }
    return flush({ keepalive: true });
  }

  const onVisibility = () => {
    if (page?.document.visibilityState === 'hidden') void pageHidden('hidden');
  };
  const onPageHideEvent = () => void pageHidden('pagehide');
  page?.document.addEventListener('visibilitychange', onVisibility);
  page?.window.addEventListener('pagehide', onPageHideEvent);

  return {
    enqueue(event) {
      entries.push({ event, retried: false });
      if (entries.length >= batchMax) flush();
      else schedule();
    },
    flush,
    pageHidden,
    onPageHide(listener) {
      hideListeners.add(listener);
      return () => hideListeners.delete(listener);
    },
    get size() {
      return entries.length;
    },
    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      entries = [];
      hideListeners.clear();
      page?.document.removeEventListener('visibilitychange', onVisibility);
      page?.window.removeEventListener('pagehide', onPageHideEvent);
    },
  };
}

let shared: EventQueue | undefined;

/** Ends the page's queue: nothing queued or retried is sent any more (a new one is made on next use). */
function endSharedQueue() {
  shared?.dispose();
  shared = undefined;
}

/** The page's one queue, made on first use (never in the administrator's preview, which records nothing). */
export function learningEventQueue(): EventQueue {
  if (!shared) {
    const queue = createEventQueue({ page: { window, document } });
    // Signing out: the lesson's last heartbeat and the queued events go while the session lasts.
    const stopSignOut = beforeSignOut(() => queue.pageHidden('pagehide').finally(endSharedQueue));
    // Another user (or none) now: the old user's events are dropped, never sent under the new session.
    const stopUserChange = onUserChange(endSharedQueue);
    const dispose = queue.dispose;
    queue.dispose = () => {
      stopSignOut();
      stopUserChange();
      dispose();
    };
    shared = queue;
  }
  return shared;
}

/** Sends what the page's queue holds now, if there is one (leaving the course screen: a sign-out may follow). */
export function flushLearningEvents() {
  void shared?.flush();
}
