import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { CODE_LOCK_FIRST_MINUTES, CODE_LOCK_LONGEST_HOURS, CODE_WRONG_GUESSES_BEFORE_LOCK } from '../../../common/limits';
import type { Db } from '../../db/client';
import { rateLimitHits } from '../../db/schema/index';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GUESS = 'code-guess';
const LOCK = 'code-lock';

/**
 * Wrong codes are counted per address (or, for a browser that signed in before, per address and
 * browser) whatever client they come from, so spreading guesses over many networks gains nothing.
 * The counts and locks are rows in rate_limit_hits, so every instance shares them.
 */

/** How long the lock that began at `start` lasts: doubling with each earlier lock of the last day. */
async function lockEnd(db: Db | Tx, key: string, start: Date): Promise<Date> {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, LOCK),
        eq(rateLimitHits.key, key),
        gt(rateLimitHits.createdAt, new Date(start.getTime() - DAY)),
        lt(rateLimitHits.createdAt, start),
      ),
    );
  const minutes = Math.min(CODE_LOCK_FIRST_MINUTES * 2 ** (row?.n ?? 0), CODE_LOCK_LONGEST_HOURS * 60);
  return new Date(start.getTime() + minutes * MINUTE);
}

async function latestLock(db: Db | Tx, key: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, LOCK), eq(rateLimitHits.key, key)))
    .orderBy(desc(rateLimitHits.createdAt))
    .limit(1);
  return row?.at;
}

/** When the lock on `key` ends, or null when code sign-in is open for it. */
export async function lockedUntil(db: Db | Tx, key: string, now: Date): Promise<Date | null> {
  const start = await latestLock(db, key);
  if (!start) return null;
  const end = await lockEnd(db, key, start);
  return end > now ? end : null;
}

/**
 * Counts one wrong code for `key`. Returns the end of the lock this guess started (the caller
 * tells the owner, once per lock), or null. Under one advisory lock per key, so exactly one of
 * many concurrent guesses starts a lock.
 */
export async function countWrongGuess(db: Db, key: string, now: Date): Promise<Date | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${GUESS}:${key}`}))`);
    if (await lockedUntil(tx, key, now)) return null;
    await tx.insert(rateLimitHits).values({ bucket: GUESS, key, createdAt: now });
    // Guesses before the last lock were paid for by it.
    const lastLock = await latestLock(tx, key);
    const hourAgo = new Date(now.getTime() - HOUR);
    const since = lastLock && lastLock > hourAgo ? lastLock : hourAgo;
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, GUESS), eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
    if ((row?.n ?? 0) < CODE_WRONG_GUESSES_BEFORE_LOCK) return null;
    await tx.insert(rateLimitHits).values({ bucket: LOCK, key, createdAt: now });
    return lockEnd(tx, key, now);
  });
}
