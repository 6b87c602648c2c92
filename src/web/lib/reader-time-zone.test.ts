import { afterEach, describe, expect, it, vi } from 'vitest';
import { READER_TIME_ZONE_COOKIE } from '@common/web-page';
import { rememberReaderTimeZone } from './reader-time-zone';

/** A page whose cookies are `cookies`; what the code writes to document.cookie is recorded. */
function pageWith(cookies: string, protocol = 'https:') {
  const written: string[] = [];
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    get cookie() {
      return cookies;
    },
    set cookie(value: string) {
      written.push(value);
    },
  });
  return written;
}

afterEach(() => vi.unstubAllGlobals());

describe("the browser's time zone, kept for the pages the server renders", () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  it('is written as a cookie for the whole site, for a year, secure over HTTPS', () => {
    const written = pageWith('sid=abc');
    rememberReaderTimeZone();
    expect(written).toEqual([`${READER_TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax; Secure`]);
  });

  it('is not written again while it is the same', () => {
    const written = pageWith(`sid=abc; ${READER_TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`);
    rememberReaderTimeZone();
    expect(written).toEqual([]);
  });

  it('is replaced when the reader has moved', () => {
    const written = pageWith(`${READER_TIME_ZONE_COOKIE}=Somewhere%2FElse`, 'http:');
    rememberReaderTimeZone();
    expect(written).toEqual([`${READER_TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax`]);
  });
});
