import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, formatInZone, isoToZonedWallTime, schoolSettingsBodySchema, zonedWallTimeToIso } from './calendar';

describe("the school's wall time and the moment it names", () => {
  it('reads a wall time in the zone it is given, in winter and in summer', () => {
    expect(zonedWallTimeToIso('2026-01-15T09:00', 'Europe/Berlin')).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedWallTimeToIso('2026-07-15T09:00', 'Europe/Berlin')).toBe('2026-07-15T07:00:00.000Z');
    expect(zonedWallTimeToIso('2026-07-15T09:00', 'America/New_York')).toBe('2026-07-15T13:00:00.000Z');
    expect(zonedWallTimeToIso('2026-07-15T09:00', 'Asia/Kolkata')).toBe('2026-07-15T03:30:00.000Z');
    expect(zonedWallTimeToIso('2026-07-15T09:00', 'UTC')).toBe('2026-07-15T09:00:00.000Z');
  });

  it('reads a time the clocks skip as the same minutes after the change, and one they show twice as the first', () => {
    // Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST; 02:30 does not exist and reads as 03:30 CEST.
    expect(zonedWallTimeToIso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(isoToZonedWallTime('2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-29T03:30');
    // Berlin, 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 happens twice and reads as the first (CEST).
    expect(zonedWallTimeToIso('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    // Just either side of a change, each minute is its own moment.
    expect(zonedWallTimeToIso('2026-03-29T01:59', 'Europe/Berlin')).toBe('2026-03-29T00:59:00.000Z');
    expect(zonedWallTimeToIso('2026-03-29T03:00', 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedWallTimeToIso('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('gives back the wall time the tutor entered, whatever the zone', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Tokyo']) {
      for (const wall of ['2026-01-01T00:00', '2026-03-08T12:15', '2026-06-30T23:59', '2026-10-04T07:45']) {
        expect(isoToZonedWallTime(zonedWallTimeToIso(wall, zone)!, zone), `${wall} in ${zone}`).toBe(wall);
      }
    }
  });

  it('refuses what is no date', () => {
    expect(zonedWallTimeToIso('', 'UTC')).toBeNull();
    expect(zonedWallTimeToIso('2026-02-30T10:00', 'UTC')).toBeNull();
    expect(zonedWallTimeToIso('2026-02-10T24:00', 'UTC')).toBeNull();
    expect(zonedWallTimeToIso('10/02/2026 10:00', 'UTC')).toBeNull();
  });

  it('shows a moment on the school clock', () => {
    expect(formatInZone('2026-07-15T07:00:00.000Z', 'Europe/Berlin')).toBe('Wed, Jul 15, 2026, 09:00');
    expect(formatInZone('2026-07-15T07:00:00.000Z', 'America/New_York')).toBe('Wed, Jul 15, 2026, 03:00');
  });

  it('stores a zone in its own spelling, and refuses what is no zone', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(schoolSettingsBodySchema.parse({ timeZone: ' america/new_york ' })).toEqual({ timeZone: 'America/New_York' });
    expect(schoolSettingsBodySchema.safeParse({ timeZone: 'Mars/Olympus_Mons' }).success).toBe(false);
    expect(schoolSettingsBodySchema.safeParse({ timeZone: '' }).success).toBe(false);
  });
});
