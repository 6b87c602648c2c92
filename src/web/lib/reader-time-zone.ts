import { READER_TIME_ZONE_COOKIE } from '@common/web-page';

/**
 * Keeps this browser's time zone in a cookie, so that the next page the server renders for this
 * reader (their dashboard, a course) shows their calendar days, as the app then does: a day that
 * differed would make the app throw the page away and render it anew. Only when it changed: a
 * reader who travels is counted in the new zone from the next page on.
 */
export function rememberReaderTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const value = encodeURIComponent(zone);
  if (document.cookie.split('; ').includes(`${READER_TIME_ZONE_COOKIE}=${value}`)) return;
  document.cookie = `${READER_TIME_ZONE_COOKIE}=${value}; path=/; max-age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}
