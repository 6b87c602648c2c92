import { describe, expect, it } from 'vitest';
import { daysAgo, formatDate } from './format';

describe('daysAgo', () => {
  const now = new Date(2026, 2, 10, 9, 0);
  it('counts calendar days, not 24-hour spans', () => {
    expect(daysAgo(new Date(2026, 2, 10, 8, 0).toISOString(), now)).toBe('today');
    expect(daysAgo(new Date(2026, 2, 9, 23, 0).toISOString(), now)).toBe('yesterday');
    expect(daysAgo(new Date(2026, 2, 7, 12, 0).toISOString(), now)).toBe('3 days ago');
  });
  it('says today for a moment later today (a clock a little ahead)', () => {
    expect(daysAgo(new Date(2026, 2, 10, 10, 0).toISOString(), now)).toBe('today');
  });
  it('words days as Intl does in English', () => {
    const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    for (const days of [0, 1, 2, 12, 400]) {
      expect(daysAgo(new Date(2026, 2, 10 - days, 12, 0).toISOString(), now)).toBe(rtf.format(-days, 'day'));
    }
  });
});

describe('formatDate', () => {
  it('is the English medium date of the reader’s calendar day', () => {
    const iso = new Date(2026, 0, 5, 23, 30).toISOString();
    expect(formatDate(iso)).toBe('Jan 5, 2026');
    expect(formatDate(iso)).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso)));
  });
});
