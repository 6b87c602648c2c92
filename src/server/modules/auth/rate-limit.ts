import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitHits } from '../../db/schema/index';

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

/**
 * The client a request counts against: its address, an IPv6 one by its /64 network (one
 * household or server usually holds a whole /64, so single addresses would be free to rotate).
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Old hits are of no use once their window has passed. */
export async function pruneRateLimits(db: Db, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, olderThan));
}
