import { describe, expect, it } from 'vitest';
import { daysAgo } from './format';

describe('daysAgo', () => {
  const now = new Date(2026, 2, 10, 9, 0);
  it('counts calendar days, not 24-hour spans', () => {
    expect(daysAgo(new Date(2026, 2, 10, 8, 0).toISOString(), now)).toMatch(/today/);
    expect(daysAgo(new Date(2026, 2, 9, 23, 0).toISOString(), now)).toMatch(/yesterday/);
    expect(daysAgo(new Date(2026, 2, 7, 12, 0).toISOString(), now)).toMatch(/3 days ago/);
  });
});
