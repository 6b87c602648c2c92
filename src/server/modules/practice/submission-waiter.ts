import type pg from 'pg';
import { SUBMISSION_CHANNEL } from './grading-worker';

/**
 * Lets an API request wait for a grading to finish without polling the database: one LISTEN
 * connection per server, and each waiter woken by the NOTIFY the worker sends on commit. A missed
 * notification (a dropped connection, say) only delays a waiter to its next look, which the caller
 * bounds, so the listener can reconnect lazily.
 */
export function createSubmissionWaiter(pool: pg.Pool, warn: (err: unknown) => void) {
  const waiters = new Map<string, Set<() => void>>();
  let listening: Promise<pg.PoolClient> | null = null;
  let closed = false;

  function wake(id: string) {
    const set = waiters.get(id);
    if (!set) return;
    waiters.delete(id);
    for (const fn of set) fn();
  }

  function listen(): Promise<pg.PoolClient> {
    listening ??= (async () => {
      const client = await pool.connect();
      const drop = (err?: unknown) => {
        if (err) warn(err);
        client.removeAllListeners('notification');
        client.release(true);
        listening = null;
      };
      client.on('notification', (msg) => msg.payload && wake(msg.payload));
      client.once('error', drop);
      try {
        await client.query(`listen ${SUBMISSION_CHANNEL}`);
      } catch (err) {
        drop(err);
        throw err;
      }
      return client;
    })();
    return listening;
  }

  return {
    /**
     * Resolves when the submission's grading is announced or after `ms`, whichever is first. Call it
     * before reading the row, then read, so an announcement between the two is not missed.
     */
    prepare(id: string, ms: number): { done: Promise<void>; cancel: () => void } {
      let timer: NodeJS.Timeout | undefined;
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      const fn = () => {
        clearTimeout(timer);
        resolve();
      };
      const set = waiters.get(id) ?? new Set();
      set.add(fn);
      waiters.set(id, set);
      timer = setTimeout(() => {
        set.delete(fn);
        if (set.size === 0 && waiters.get(id) === set) waiters.delete(id);
        resolve();
      }, ms);
      if (!closed) listen().catch(warn);
      return {
        done,
        cancel: () => {
          set.delete(fn);
          if (set.size === 0 && waiters.get(id) === set) waiters.delete(id);
          fn();
        },
      };
    },
    async close() {
      closed = true;
      for (const id of [...waiters.keys()]) wake(id);
      const client = await listening?.catch(() => null);
      if (client) {
        client.removeAllListeners('notification');
        await client.query(`unlisten ${SUBMISSION_CHANNEL}`).catch(() => {});
        client.release();
      }
      listening = null;
    },
  };
}
export type SubmissionWaiter = ReturnType<typeof createSubmissionWaiter>;
