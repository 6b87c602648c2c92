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
