/**
 * The calendar's clock, without zod (the course screen's chunk imports it; contracts in calendar.ts, which re-exports
 * all of this; its words in calendar-texts.ts): a moment as the school's wall clock shows it, the moment a wall time
 * of the school names, and the zones to choose from.
 */

/**
 * 'Mon, Mar 7, 2026, 23:59': a moment as the school's wall clock shows it. Every date of the calendar is shown
 * through this, on every screen and in every mail, so a due date reads the same for the student in another country.
 */
export function formatInZone(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

let zoneNames: string[] | undefined;
/** The IANA zones this runtime lists (the tutor's choices), UTC first. */
export function timeZoneNames(): string[] {
  zoneNames ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
  return zoneNames;
}

/**
 * A zone name in the list's spelling ('europe/berlin' is Europe/Berlin), so one zone is stored one way; a name the
 * list lacks (an alias such as Asia/Kolkata where the list says Asia/Calcutta) is kept as given, never renamed.
 */
export function canonicalTimeZone(zone: string): string {
  const lower = zone.toLowerCase();
  return timeZoneNames().find((z) => z.toLowerCase() === lower) ?? zone;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The zone's wall clock at a moment, read as if it were UTC (whole seconds): the wall time's own number. */
function wallClockAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/**
 * The moment a wall time of the school's zone names ('2026-03-29T02:30', as a datetime-local field gives it), as an
 * ISO timestamp in UTC; null when it is no date. Around a change of the clocks it is read as a wall clock would
 * be: a time the clocks skip (spring) is the same number of minutes after the change, a time they show twice
 * (autumn) is the first of the two.
 */
export function zonedWallTimeToIso(wallTime: string, timeZone: string): string | null {
  const m = WALL_TIME.exec(wallTime.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The zone's offsets a day either side of the wall time: at most one change of the clocks lies between them.
  const DAY = 86_400_000;
  const before = wallClockAt(wall - DAY, timeZone) - (wall - DAY);
  const after = wallClockAt(wall + DAY, timeZone) - (wall + DAY);
  const shown = [wall - before, wall - after].filter((t) => wallClockAt(t, timeZone) === wall).sort((a, b) => a - b);
  return new Date(shown[0] ?? wall - before).toISOString();
}

/** The school's wall time of a moment, as a datetime-local field shows it ('2026-03-29T03:30'). */
export function isoToZonedWallTime(iso: string | Date, timeZone: string): string {
  return new Date(wallClockAt(new Date(iso).getTime(), timeZone)).toISOString().slice(0, 16);
}
