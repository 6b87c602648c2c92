/** Numbers and dates as the dashboard words them. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

// English like the sentence around it ('Last studied yesterday').
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const DAY = 86_400_000;

/** 'today', 'yesterday', '3 days ago'... by calendar day in the reader's time zone. */
export function daysAgo(iso: string, now = new Date()): string {
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(new Date(iso))) / DAY);
  return relative.format(-Math.max(0, days), 'day');
}
