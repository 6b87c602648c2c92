import { and, eq, sql } from 'drizzle-orm';
import type { HelperBudget } from '../../../common/media-helpers';
import type { MediaHelper } from '../../../common/media-helpers-texts';
import type { Db } from '../../platform/db/client';
import { mediaUsage } from '../../platform/db/schema/index';

/** The UTC day a moment belongs to, as PostgreSQL's date text (budgets are per UTC day, like the tutor's). */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export type Spend = { ok: boolean; budget: HelperBudget };

/**
 * Each user's daily use of each helper, in the database so that every app instance counts the
 * same budget. A spend is one statement: insert the day's row, or add to it only while the sum
 * stays within the limit, so two requests at once can never both take the last unit.
 */
export function createUsageBudget(db: Db, now: () => Date) {
  async function usedToday(userId: string, helper: MediaHelper): Promise<number> {
    const [row] = await db
      .select({ used: mediaUsage.used })
      .from(mediaUsage)
      .where(and(eq(mediaUsage.userId, userId), eq(mediaUsage.helper, helper), eq(mediaUsage.day, utcDay(now()))));
    return row?.used ?? 0;
  }

  const budgetOf = (limit: number, used: number): HelperBudget => ({ limit, used, remaining: Math.max(0, limit - used) });

  return {
    usedToday,
    budgetOf,

    /**
     * Takes `amount` of today's budget. `limit` null: not limited (the tutor, for the students'
     * helpers), but still counted. Refused (ok false, nothing taken) when it would pass the limit.
     */
    async spend(userId: string, helper: MediaHelper, amount: number, limit: number | null): Promise<Spend> {
      const at = now();
      if (limit !== null && amount > limit) return { ok: false, budget: budgetOf(limit, await usedToday(userId, helper)) };
      const withinLimit = limit === null ? sql`true` : sql`${mediaUsage.used} + excluded.used <= ${limit}`;
      const rows = await db
        .insert(mediaUsage)
        .values({ userId, helper, day: utcDay(at), used: amount, updatedAt: at })
        .onConflictDoUpdate({
          target: [mediaUsage.userId, mediaUsage.helper, mediaUsage.day],
          set: { used: sql`${mediaUsage.used} + excluded.used`, updatedAt: at },
          setWhere: withinLimit,
        })
        .returning({ used: mediaUsage.used });
      const used = rows[0]?.used;
      if (used === undefined) return { ok: false, budget: budgetOf(limit ?? 0, await usedToday(userId, helper)) };
      return { ok: true, budget: budgetOf(limit ?? used, used) };
    },
  };
}
export type UsageBudget = ReturnType<typeof createUsageBudget>;
