import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@test-support/test-db';
import { progressPercent } from '../../../common/learning';
import { clampOccurredAt } from '../learning/learning-events.service';
import { clockFor, percentOf, phiCoefficient } from './analytics.service';

describe('phi coefficient', () => {
  it('is 1 for a perfect association, -1 for the opposite, 0 for none', () => {
    expect(phiCoefficient(5, 0, 0, 5)).toBe(1);
    expect(phiCoefficient(0, 5, 5, 0)).toBe(-1);
    expect(phiCoefficient(2, 2, 2, 2)).toBe(0);
  });

  it('matches a hand computation: (a·d − b·c) / √((a+b)(c+d)(a+c)(b+d))', () => {
    // (30·40 − 10·20) / √(40·60·50·50) = 1000 / 2449.49 = 0.408
    expect(phiCoefficient(30, 10, 20, 40)).toBe(0.41);
  });

  it('is undefined (null) when a margin is empty', () => {
    expect(phiCoefficient(3, 0, 2, 0)).toBeNull(); // everybody completed
    expect(phiCoefficient(0, 0, 4, 4)).toBeNull(); // nobody downloaded
  });
});

describe('helpers', () => {
  it('rounds percentages and gives null for an empty whole', () => {
    expect([percentOf(1, 3), percentOf(2, 3), percentOf(1, 8), percentOf(0, 0)]).toEqual([33, 67, 13, null]);
  });

  it('derives the range window from the clock', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(clockFor(now, '7d')).toEqual({ now: now.toISOString(), today: '2026-03-10', from: '2026-03-03T12:00:00.000Z' });
    expect(clockFor(now, 'all').from).toBeNull();
  });

  it('clamps event times to the last 7 days', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(clampOccurredAt('2026-03-10T13:00:00Z', now).toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(clampOccurredAt('2026-03-01T00:00:00Z', now).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(clampOccurredAt('2026-03-09T08:30:00+01:00', now).toISOString()).toBe('2026-03-09T07:30:00.000Z');
  });
});

describe('analytics_percent (SQL) = progressPercent (common/learning.ts)', () => {
  it('agrees on every completed/total pair up to 40 lessons', async () => {
    const database = await createTestDatabase();
    const { rows } = await database.db.execute<{ c: number; t: number; p: number }>(sql`
      select c, t, analytics_percent(c, t) as p from generate_series(0, 40) t, generate_series(0, 40) c where c <= t`);
    expect(rows.length).toBe(861);
    for (const r of rows) expect([r.c, r.t, r.p]).toEqual([r.c, r.t, progressPercent(r.c, r.t)]);
  });
});
