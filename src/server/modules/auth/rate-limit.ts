import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitHits } from '../../db/schema/index';

/**
 * Counts a hit against `limit` per window, in the database so that every app instance shares
 * the count; a per-key advisory lock makes concurrent requests count one after another.
 * Returns false (and records nothing) when the limit is already reached.
 */
export async function takeRateLimit(
  db: Db,
  bucket: string,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - windowMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${bucket}:${key}`}))`);
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
    if ((row?.n ?? 0) >= limit) return false;
    await tx.insert(rateLimitHits).values({ bucket, key, createdAt: now });
    return true;
  });
}

/** Old hits are of no use once their window has passed. */
export async function pruneRateLimits(db: Db, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, olderThan));
}
