/*
 * Every date the app shows, worded here in English like the rest of the interface, so a date reads
 * the same on every screen. Worded by hand rather than by Intl: a page's first Intl call loads the
 * browser's locale data, about 20 ms of main thread on a laptop and 80 ms on a mid-range phone, and
 * on the dashboard it would fall right into the first render of the courses.
 *
 * A moment (an ISO timestamp) is shown as the reader's calendar day; a stored calendar day of the
 * server's ('YYYY-MM-DD', counted in UTC) and a certificate's date as the UTC day, as its PDF prints it.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const shortMonth = (month: number) => MONTHS[month]!.slice(0, 3);

/** 'Mar 7, 2026': the reader's calendar day of a moment (an enrollment, a course's creation, a forecast). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return `${shortMonth(d.getMonth())} ${d.getDate()}, ${d.getFullYear()}`;
}

/** 'March 7, 2026': the reader's calendar day with the month in full, as a certificate is dated. */
export function formatLongDate(date: Date | string): string {
  const d = new Date(date);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
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
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.max(0, Math.round((startOfDay(now) - startOfDay(new Date(iso))) / DAY));
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}
