import type pg from 'pg';
import { SUBMISSION_CHANNEL } from '../../../grading/contract';

/**
 * Lets an API request wait for a grading to finish without polling the database: one LISTEN
 * connection per server, and each waiter woken by the NOTIFY the worker sends on commit. A missed
 * notification (a dropped connection, say) only delays a waiter to its next look, which the caller
 * bounds, so the listener can reconnect lazily.
 */
type Listener = { client: pg.PoolClient; release: (destroy: boolean) => void };

export function createSubmissionWaiter(pool: pg.Pool, warn: (err: unknown) => void) {
  const waiters = new Map<string, Set<() => void>>();
  let listening: Promise<Listener> | null = null;
  let closed = false;

  function wakeAll(id: string) {
    const set = waiters.get(id);
    if (!set) return;
    waiters.delete(id);
    for (const fn of set) fn();
  }

  function listen(): Promise<Listener> {
    listening ??= (async () => {
      const client = await pool.connect();
      let released = false;
      const release = (destroy: boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        client.removeAllListeners('notification');
        client.release(destroy);
      };
      // A lost connection (a database restart, say): the next waiter listens on a new one.
      const onError = (err: unknown) => {
        warn(err);
        release(true);
        listening = null;
      };
      client.on('notification', (msg) => msg.payload && wakeAll(msg.payload));
      client.on('error', onError);
      try {
        await client.query(`listen ${SUBMISSION_CHANNEL}`);
      } catch (err) {
        onError(err);
        throw err;
      }
      return { client, release };
    })();
    return listening;
  }

  return {
    /**
     * Resolves when the submission's grading is announced or after `ms`, whichever is first. Call it
     * before reading the row, then read, so an announcement between the two is not missed.
     */
    prepare(id: string, ms: number): { done: Promise<void>; cancel: () => void } {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      const set = waiters.get(id) ?? new Set();
      const forget = () => {
        set.delete(wake);
        if (set.size === 0 && waiters.get(id) === set) waiters.delete(id);
      };
      const timer = setTimeout(() => {
        forget();
        resolve();
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      set.add(wake);
      waiters.set(id, set);
      if (!closed) listen().catch(warn);
      return {
        done,
        cancel: () => {
          forget();
          wake();
        },
      };
    },
    async close() {
      closed = true;
      for (const id of [...waiters.keys()]) wakeAll(id);
      const listener = await listening?.catch(() => null);
      if (listener) {
        await listener.client.query(`unlisten ${SUBMISSION_CHANNEL}`).catch(() => {});
        listener.release(false);
      }
      listening = null;
    },
  };
}
export type SubmissionWaiter = ReturnType<typeof createSubmissionWaiter>;
