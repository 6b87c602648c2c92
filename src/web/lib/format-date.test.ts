import { describe, expect, it } from 'vitest';
import { formatDate, formatDayWithoutYear, formatDaysAgo, formatLongDate, formatLongUtcDate, holdReaderTimeZone } from './format-date';

describe('formatDaysAgo', () => {
  const now = new Date(2026, 2, 10, 9, 0);
  it('counts calendar days, not 24-hour spans', () => {
    expect(formatDaysAgo(new Date(2026, 2, 10, 8, 0).toISOString(), now)).toBe('today');
    expect(formatDaysAgo(new Date(2026, 2, 9, 23, 0).toISOString(), now)).toBe('yesterday');
    expect(formatDaysAgo(new Date(2026, 2, 7, 12, 0).toISOString(), now)).toBe('3 days ago');
  });
  it('says today for a moment later today (a clock a little ahead)', () => {
    expect(formatDaysAgo(new Date(2026, 2, 10, 10, 0).toISOString(), now)).toBe('today');
  });
  it('words days as Intl does in English', () => {
    const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    for (const days of [0, 1, 2, 12, 400]) {
      expect(formatDaysAgo(new Date(2026, 2, 10 - days, 12, 0).toISOString(), now)).toBe(rtf.format(-days, 'day'));
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

describe('formatLongDate and formatLongUtcDate', () => {
  it('is the English long date, of the reader’s calendar day or of the UTC day', () => {
    const late = new Date(2026, 2, 10, 23, 30);
    expect(formatLongDate(late)).toBe('March 10, 2026');
    expect(formatLongDate(late.toISOString())).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(late));
    for (const iso of ['2026-03-10T12:00:00.000Z', '2026-04-02T00:30:00.000Z', '2026-12-31T23:59:59.000Z']) {
      const intl = new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
      expect(formatLongUtcDate(iso)).toBe(intl);
    }
  });
});

describe('formatDayWithoutYear', () => {
  it('is the month and day of a UTC calendar day, as Intl words it in English', () => {
    expect(formatDayWithoutYear('2026-03-04')).toBe('Mar 4');
    for (const day of ['2026-01-01', '2026-09-30', '2026-12-31']) {
      const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
      expect(formatDayWithoutYear(day)).toBe(intl);
    }
  });
});

describe("the reader's time zone, when the server renders a page for them", () => {
  it("counts days in the reader's zone, and in the runtime's own again once released", () => {
    // 02:00 UTC on 7 March is still 6 March in Los Angeles (UTC-8).
    const moment = '2026-03-07T02:00:00.000Z';
    holdReaderTimeZone('America/Los_Angeles');
    try {
      expect(formatDate(moment)).toBe('Mar 6, 2026');
      expect(formatLongDate(moment)).toBe('March 6, 2026');
      // 16:00 in Los Angeles on 7 March is already 8 March in UTC: still the same day for her.
      expect(formatDaysAgo(moment, new Date('2026-03-08T00:00:00.000Z'))).toBe('yesterday');
      expect(formatDaysAgo(moment, new Date('2026-03-07T06:00:00.000Z'))).toBe('today');
      holdReaderTimeZone('Asia/Tokyo');
      expect(formatDate(moment)).toBe('Mar 7, 2026');
    } finally {
      holdReaderTimeZone(undefined);
    }
    const local = new Date(moment);
    expect(formatDate(moment)).toBe(`${formatLongDate(local).slice(0, 3)} ${local.getDate()}, ${local.getFullYear()}`);
  });
});
