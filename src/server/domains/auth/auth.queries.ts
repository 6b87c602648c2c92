import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, lt, max, or, sql } from 'drizzle-orm';
import { CODE_LOCK_FIRST_MINUTES, CODE_LOCK_LONGEST_HOURS, CODE_WRONG_GUESSES_BEFORE_LOCK } from '../../../common/limits';
import type { Db } from '../../platform/db/client';
import { appSecrets, rateLimitHits, verificationCodes } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/transaction';

/*
 * The SQL of sign-in outside the code and session services: the shared rate limits, the lock
 * after wrong codes, the server secret and the pruning of used codes.
 */

// Rate limits.

export type RateLimit = {
  bucket: string;
  key: string;
  limit: number;
  windowMs: number;
  /**
   * Makes the limit soft: once `limit` hits are in the window, one more is still allowed every
   * `thenEveryMs` after the latest hit, so the limit can slow a key down but never close it.
   */
  thenEveryMs?: number;
};

/**
 * Counts one hit against each of `limits`, all or nothing: when any is already reached, nothing
 * is recorded (so a refused request never uses up another limit) and the one reached is returned.
 * The counts live in the database, so every app instance shares them; per-key advisory locks,
 * taken in a fixed order, make concurrent requests count one after another.
 */
export async function takeRateLimits(db: Db, limits: RateLimit[], now: Date): Promise<RateLimit | null> {
  const ordered = [...limits].sort((a, b) => `${a.bucket}:${a.key}`.localeCompare(`${b.bucket}:${b.key}`));
  return db.transaction(async (tx) => {
    for (const l of ordered) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${l.bucket}:${l.key}`}))`);
    for (const l of limits) {
      const since = new Date(now.getTime() - l.windowMs);
      const [row] = await tx
        .select({ n: count(), latest: max(rateLimitHits.createdAt) })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, l.bucket), eq(rateLimitHits.key, l.key), gt(rateLimitHits.createdAt, since)));
      if ((row?.n ?? 0) < l.limit) continue;
      const latest = row?.latest ? new Date(row.latest) : undefined;
      if (l.thenEveryMs !== undefined && latest && latest.getTime() + l.thenEveryMs <= now.getTime()) continue;
      return l;
    }
    await tx.insert(rateLimitHits).values(limits.map((l) => ({ bucket: l.bucket, key: l.key, createdAt: now })));
    return null;
  });
}

/** One limit: true when the hit was counted, false when the limit was already reached. */
export async function takeRateLimit(db: Db, bucket: string, key: string, limit: number, windowMs: number, now: Date) {
  return (await takeRateLimits(db, [{ bucket, key, limit, windowMs }], now)) === null;
}

/** Old hits are of no use once their window has passed. */
export async function pruneRateLimits(db: Db, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, olderThan));
}

// The lock after wrong codes.

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

// The server secret.

/**
 * The key for hashing one-time codes: APP_SECRET when set, else one made at first start and kept
 * in the database, so several instances on one database agree without configuration.
 */
export async function loadCodeSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: 'code-hmac', value: crypto.randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'code-hmac'));
  if (!row) throw new Error('Could not create the server secret');
  return row.value;
}

/** Codes past use: expired before `expiredBefore`, or already used. */
export async function pruneVerificationCodes(db: Db, expiredBefore: Date): Promise<void> {
  await db.delete(verificationCodes).where(or(lt(verificationCodes.expiresAt, expiredBefore), isNotNull(verificationCodes.consumedAt)));
}
