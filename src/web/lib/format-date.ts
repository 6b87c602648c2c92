/*
 * Every date the app shows, worded here in English like the rest of the interface, so a date reads
 * the same on every screen. Worded by hand rather than by Intl: a page's first Intl call loads the
 * browser's locale data, about 20 ms of main thread on a laptop and 80 ms on a mid-range phone, and
 * on the dashboard it would fall right into the first render of the courses.
 *
 * A moment (an ISO timestamp) is shown as the reader's calendar day; a stored calendar day of the
 * server's ('YYYY-MM-DD', counted in UTC) and a certificate's date as the UTC day, as its PDF prints it.
 */

/**
 * The reader's time zone while the server renders a page for them (src/web/prerender.tsx, from the
 * zone their browser keeps in a cookie: reader-time-zone.ts), so that the page shows the same days
 * as the browser will; undefined in the browser, which counts in its own zone.
 */
let renderingFor: Intl.DateTimeFormat | undefined;

/** The server's renders: each date from now on in `zone` (undefined: the runtime's own, as in the browser). */
export function holdReaderTimeZone(zone: string | undefined): void {
  renderingFor = zone ? new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' }) : undefined;
}

/** The reader's calendar day of a moment: its year, month (0-11) and day of the month. */
function readerDay(d: Date): { year: number; month: number; day: number } {
  if (!renderingFor) return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate() };
  const parts = renderingFor.formatToParts(d);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') - 1, day: part('day') };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const shortMonth = (month: number) => MONTHS[month]!.slice(0, 3);

/** 'Mar 7, 2026': the reader's calendar day of a moment (an enrollment, a course's creation, a forecast). */
export function formatDate(iso: string): string {
  const { year, month, day } = readerDay(new Date(iso));
  return `${shortMonth(month)} ${day}, ${year}`;
}

/** 'March 7, 2026': the reader's calendar day with the month in full, as a certificate is dated. */
export function formatLongDate(date: Date | string): string {
  const { year, month, day } = readerDay(new Date(date));
  return `${MONTHS[month]} ${day}, ${year}`;
}

/** 'March 7, 2026' of the UTC calendar day: the date printed on the certificate PDF, which counts in UTC. */
export function formatLongUtcDate(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** 'Mar 7': a calendar day ('2026-03-07', a UTC day) without its year, where the year goes without saying. */
export function formatDayWithoutYear(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `${shortMonth(d.getUTCMonth())} ${d.getUTCDate()}`;
}

const DAY = 86_400_000;

/** 'today', 'yesterday', '3 days ago'... by calendar day in the reader's time zone. */
export function formatDaysAgo(iso: string, now = new Date()): string {
  // Calendar days counted as UTC days: no daylight-saving hour in between.
  const startOfDay = (d: Date) => {
    const { year, month, day } = readerDay(d);
    return Date.UTC(year, month, day);
  };
  const days = Math.max(0, Math.round((startOfDay(now) - startOfDay(new Date(iso))) / DAY));
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}
