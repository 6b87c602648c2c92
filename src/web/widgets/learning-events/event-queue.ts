import type { LearningEvent } from '@common/analytics';
import { EVENTS_BATCH_MAX, HEARTBEAT_INTERVAL_SECONDS } from '@common/learning-events';
import { beforeSignOut, onUserChange } from '@web/lib/session-end';

/**
 * Learning events queued in memory and sent in batches to POST /api/events (contract in
 * src/common/analytics.ts): every `flushIntervalMs` while events wait, at `batchMax` events, and
 * when the page is hidden or left (with keepalive, so the request outlives the page). Sending
 * never blocks the page and never throws. A refused batch (4xx) is dropped: it would be refused
 * again. A batch the server could not take now (429, 5xx) or that met no network is kept, at the
 * front of the queue, and sent again after a pause that doubles with each failure (the server's
 * Retry-After when it gives one), up to `maxBackoffMs`. The queue holds at most `maxQueued`
 * events: past that the oldest go, so a long outage cannot grow the page's memory without bound.
 */

/** Events the queue keeps while the server cannot take them (ten full batches: what EVENTS_BURST lets through at once). */
export const EVENT_QUEUE_MAX = 500;
/** The first pause after a failure; it doubles with each failure in a row. */
export const BACKOFF_START_MS = 5_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * What became of a batch: delivered (or refused: dropped), or to be sent again later (no network,
 * 429, 5xx), after at least `retryAfterMs` when the server said so.
 */
export type SendOutcome = 'done' | 'retry' | { retryAfterMs: number };
export type SendBatch = (events: LearningEvent[], options: { keepalive: boolean }) => Promise<SendOutcome>;

/** The page events the queue listens to (window and document in the browser). */
export type PageTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
export type PageLike = { window: PageTarget; document: PageTarget & { visibilityState: DocumentVisibilityState } };

export type EventQueueOptions = {
  send?: SendBatch;
  flushIntervalMs?: number;
  batchMax?: number;
  page?: PageLike;
  maxQueued?: number;
  backoffStartMs?: number;
  maxBackoffMs?: number;
  /** 0..1; spreads the retries of many clients cut off together (0 in tests: exact pauses). */
  random?: () => number;
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
  /** Whether the queue is waiting before it sends again (after a 429, a 5xx or no network). */
  readonly backingOff: boolean;
  dispose(): void;
};

export const sendWithFetch: SendBatch = async (events, { keepalive }) => {
  let res: Response;
  try {
    res = await fetch('/api/events', {
      method: 'POST',
      keepalive,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events }),
    });
  } catch {
    return 'retry';
  }
  if (res.status === 429) {
    const seconds = Number(res.headers.get('Retry-After'));
    return Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : 'retry';
  }
  // The server or a proxy in front of it failing now says nothing about the batch: send it later.
  if (res.status >= 500) return 'retry';
  // Any other answer, 4xx included, is final: a refused batch would be refused again.
  return 'done';
};

export function createEventQueue({
  send = sendWithFetch,
  flushIntervalMs = HEARTBEAT_INTERVAL_SECONDS * 1000,
  batchMax = EVENTS_BATCH_MAX,
  page,
  maxQueued = EVENT_QUEUE_MAX,
  backoffStartMs = BACKOFF_START_MS,
  maxBackoffMs = BACKOFF_MAX_MS,
  random = Math.random,
}: EventQueueOptions = {}): EventQueue {
  let entries: LearningEvent[] = [];
  // Once disposed, nothing is sent or queued again: a late retry must not go out under the next user.
  let disposed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Failures in a row, and the time before which nothing is sent (but a page going away).
  let failures = 0;
  let pausedUntil = 0;
  // The batches being sent one after another, if any: a second flush waits for them instead of racing them.
  let sending: Promise<void> | undefined;
  let flushOwed = false;
  const hideListeners = new Set<(reason: 'hidden' | 'pagehide') => void>();

  const backingOff = () => Date.now() < pausedUntil;

  function schedule() {
    if (disposed || timer !== undefined || entries.length === 0) return;
    // The timer is spent once it fires: cleared here, so a flush that must wait (a batch still on its
    // way, a pause) can schedule the next one instead of finding a stale timer and never sending again.
    timer = setTimeout(
      () => {
        timer = undefined;
        void flush();
      },
      Math.max(flushIntervalMs, pausedUntil - Date.now()),
    );
  }

  /** Keeps at most `maxQueued` events, the newest: a visit's latest time on a lesson matters more than its oldest. */
  function bound() {
    if (entries.length > maxQueued) entries = entries.slice(entries.length - maxQueued);
  }

  /** Puts an undelivered batch back in front and pauses before the next try. */
  function keep(batch: LearningEvent[], outcome: Exclude<SendOutcome, 'done'>) {
    failures += 1;
    const exponential = Math.min(maxBackoffMs, backoffStartMs * 2 ** (failures - 1));
    const asked = typeof outcome === 'object' ? outcome.retryAfterMs : 0;
    const pause = Math.max(asked, exponential * (1 + 0.25 * random()));
    pausedUntil = Math.max(pausedUntil, Date.now() + pause);
    entries = [...batch, ...entries];
    bound();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    schedule();
  }

  /** Sends one batch; what the sender threw counts as no network. */
  async function deliver(batch: LearningEvent[], keepalive: boolean): Promise<SendOutcome> {
    try {
      return await send(batch, { keepalive });
    } catch {
      return 'retry';
    }
  }

  async function flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
    if (disposed) return;
    // While pausing, only a page going away sends (it may not come back); the timer sends the rest.
    // A flush that meets a batch still on its way is owed: it happens as soon as that batch is answered.
    if (!keepalive && (backingOff() || sending)) {
      if (sending) flushOwed = true;
      return sending ?? schedule();
    }
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const all = entries;
    entries = [];
    const batches: LearningEvent[][] = [];
    for (let i = 0; i < all.length; i += batchMax) batches.push(all.slice(i, i + batchMax));
    if (keepalive) {
      // The page is going away: every batch now, there is no later.
      await Promise.all(
        batches.map(async (batch) => {
          const outcome = await deliver(batch, true);
          if (disposed) return;
          if (outcome === 'done') failures = 0;
          else keep(batch, outcome);
        }),
      );
      return;
    }
    sending = sendInTurn(batches).finally(() => (sending = undefined));
    return sending;
  }

  /** One batch after another: once the server cannot take one, the rest wait with it rather than meet the same answer. */
  async function sendInTurn(batches: LearningEvent[][]): Promise<void> {
    for (let i = 0; i < batches.length; i++) {
      const outcome = await deliver(batches[i]!, false);
      if (disposed) return;
      if (outcome !== 'done') return keep(batches.slice(i).flat(), outcome);
      failures = 0;
    }
    // Events that filled a batch meanwhile, or whose flush came while this one was on its way, go
    // now; others wait for the timer.
    const owed = flushOwed;
    flushOwed = false;
    if (entries.length >= batchMax || (owed && entries.length > 0)) {
      sending = undefined;
      return flush();
    }
    schedule();
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
      if (disposed) return;
      entries.push(event);
      bound();
      if (entries.length >= batchMax && !backingOff() && !sending) void flush();
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
    get backingOff() {
      return backingOff();
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
