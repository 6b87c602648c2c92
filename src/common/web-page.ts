// What the server's HTML pages and the app that runs in them both name.

/**
 * The id of the JSON data block in which the server writes the API answers a signed-in page waits
 * for (src/server/platform/http/first-page-answers.ts), and from which the app takes them
 * (src/web/lib/first-page-answers.ts).
 */
export const FIRST_PAGE_ANSWERS_ID = 'first-page-answers';

/**
 * The web app manifest, which the server writes (src/server/domains/site/web-manifest.ts) and the
 * app links to its pages (src/web/features/pwa/manifest-link.ts).
 */
export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The cookie in which the browser keeps its time zone (src/web/lib/reader-time-zone.ts), so that a
 * page the server renders shows the reader's calendar days, as the browser then does.
 */
export const READER_TIME_ZONE_COOKIE = 'tz';

/** What the server's renderer of a signed-in page is given. */
export type SignedInPageRequest = {
  pathname: string;
  /** The address's query (`?lesson=…`, or ''), which the page reads as the browser's will. */
  search: string;
  /** The API answers the page waits for, by path (first-page-answers.ts). */
  answers: Record<string, unknown>;
  /** Written into the page's head: the answers' data block. */
  head: string;
  /** The reader's time zone (an IANA name the server has checked). */
  timeZone: string;
};

/**
 * The server's renderer of a signed-in page (src/web/prerender.tsx, loaded by
 * src/server/platform/http/signed-in-pages.ts): the whole HTML page, its markup rendered with the
 * answers it also carries, or null when that page is not one the server renders.
 */
export type SignedInPages = (request: SignedInPageRequest) => Promise<string | null>;

/** Makes the renderer above for the web build whose files `read` gives (a path inside dist/web). */
export type CreateSignedInPages = (read: (file: string) => string) => SignedInPages;
