import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { isTimeZone } from '../../../common/calendar';
import { READER_TIME_ZONE_COOKIE, type CreateSignedInPages, type SignedInPageRequest, type SignedInPages } from '../../../common/web-page';

/** The web build's renderer for Node, written by `vite build --ssr` beside the browser's build (dist/prerender next to dist/web). */
const rendererFile = (webRoot: string) => path.join(path.dirname(webRoot), 'prerender', 'prerender.js');

/**
 * The signed-in pages the server renders to HTML (the student's dashboard, course and grades:
 * src/web/app/route-manifest.ts `renderedByServer`), with the answers it writes into them
 * (first-page-answers.ts): the phone paints the page itself as soon as the HTML is in, instead of
 * after about 160 KB of scripts. The renderer is the web build's own (src/web/prerender.tsx), loaded
 * at the first such page. Its dates are the reader's days, in the time zone their browser keeps in a
 * cookie: without it (the browser has not said yet), without the renderer (a test app, an old build),
 * or when the render fails, the page is sent as before and the app renders it with the same answers.
 * See docs/decisions/036-signed-in-pages-rendered-by-the-server.md.
 */
export function signedInPages(
  webRoot: string,
  log: FastifyBaseLogger,
): (page: Omit<SignedInPageRequest, 'timeZone'>, cookies: Record<string, string | undefined>) => Promise<string | null> {
  let renderer: Promise<SignedInPages | null> | undefined;
  const load = async (): Promise<SignedInPages | null> => {
    const file = rendererFile(webRoot);
    if (!fs.existsSync(file)) return null;
    try {
      const { createSignedInPages } = (await import(pathToFileURL(file).href)) as { createSignedInPages: CreateSignedInPages };
      return createSignedInPages((name) => fs.readFileSync(path.join(webRoot, name), 'utf8'));
    } catch (err) {
      log.warn({ err }, 'The web build cannot render pages on the server; signed-in pages render in the browser');
      return null;
    }
  };
  return async (page, cookies) => {
    const timeZone = cookies[READER_TIME_ZONE_COOKIE];
    if (!timeZone || !isTimeZone(timeZone)) return null;
    renderer ??= load();
    const render = await renderer;
    if (!render) return null;
    try {
      return await render({ ...page, timeZone });
    } catch (err) {
      log.warn({ err, pathname: page.pathname }, 'A signed-in page could not be rendered on the server; the browser renders it');
      return null;
    }
  };
}
