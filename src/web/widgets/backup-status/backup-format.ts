import { formatDate } from '@web/lib/format-date';

/** 'Mar 7, 2026, 03:00': a backup's moment in the reader's time zone. */
export function formatMoment(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(iso)}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** '840 KB', '12.4 MB', '1.2 GB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** '03:00 UTC' of the nightly hour. */
export const formatHour = (hourUtc: number) => `${String(hourUtc).padStart(2, '0')}:00 UTC`;
