import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, matchRoutes } from 'react-router';
import type { CreateSignedInPages } from '@common/web-page';
import { App } from './app/app';
import { firstPageData } from './app/page-data';
import { pageRoutes } from './app/route-manifest';
import { routes } from './app/router';
import { holdFirstPageAnswers } from './lib/first-page-answers';
import { holdReaderTimeZone } from './lib/format-date';
import { paths } from './lib/paths';
import { createQueryClient } from './lib/query-client';
import { readPageShell } from './page-shell';

/**
 * The public pages whose first screen is the same for every visitor, rendered to HTML at build time
 * (scripts/prerender.ts): the browser paints them before any of the app's JavaScript has arrived,
 * and the app then takes the page over (main.tsx, hydrate). What depends on the visitor (signed in
 * or not, the chosen theme's toggle) renders as for a visitor whose session is not known yet, as the
 * browser's first render does too; data from the API is never part of it.
 */
export const prerenderedPaths = [paths.home, paths.login, paths.register];

type Rendered = { html: string; title: string | undefined };
type Router = ReturnType<typeof createMemoryRouter>;

/** The markup of the app's root element for one path, and the page's title. */
export async function render(pathname: string): Promise<Rendered> {
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  await routerReady(router);
  const error = Object.values(router.state.errors ?? {})[0];
  if (error) throw new Error(`prerendering ${pathname} failed: ${error instanceof Error ? error.stack : String(error)}`);
  return markup(router);
}

/** The page's own module (a lazy route) is loaded before the page renders, as in the browser. */
async function routerReady(router: Router): Promise<void> {
  if (router.state.initialized) return;
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * At most this long a render waits for a part of the page that loads its code apart; what is still
 * loading then is left for the browser to render.
 */
const PART_WAIT_MS = 2_000;

/**
 * The page's markup once everything in it has loaded: a part that loads its code apart (the
 * lesson's questions, say) is rendered itself, not its fallback. A fallback would make the browser
 * throw the part away and render it anew ("switched to client rendering").
 */
async function markup(router: Router, queryClient?: ReturnType<typeof createQueryClient>): Promise<Rendered> {
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
    // Every part written in its place: React otherwise moves a large one to the end of the page with a
    // script that puts it back, which the Content-Security-Policy (no inline script) would stop.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, signal: AbortSignal.timeout(PART_WAIT_MS) },
  );
  let html = await new Response(prelude).text();
  router.dispose();
  // React writes a page's <title> where it renders it; the page's head gets it instead (as React does in the browser).
  let title: string | undefined;
  html = html.replace(/<title>([^<]*)<\/title>/, (_m, text: string) => {
    title = text;
    return '';
  });
  return { html, title };
}

/** One render at a time: the answers are held where the app's API client reads them (first-page-answers.ts). */
let renders: Promise<unknown> = Promise.resolve();

/**
 * A signed-in page rendered to HTML by the server, with the API answers it also writes into the page
 * (src/server/platform/http/signed-in-pages.ts), and the reader's time zone: the page's queries get
 * the answers as the browser's will (page-data.ts), and its dates are the reader's days, so that the
 * app takes over the same markup there (main.tsx, hydrate). What the answers do not hold (the
 * bell's notifications, say) renders as loading, in the browser's first render too. Rejects when
 * the page's own module fails to load; the server then sends the page without markup.
 */
export function renderSignedIn(pathname: string, search: string, answers: Record<string, unknown>, timeZone: string): Promise<Rendered> {
  const run = renders.then(async () => {
    holdFirstPageAnswers(answers);
    holdReaderTimeZone(timeZone);
    const queryClient = createQueryClient();
    try {
      // With its query: the course screen opens the lesson it names, as in the browser.
      const router = createMemoryRouter(routes, { initialEntries: [`${pathname}${search}`] });
      await Promise.all([routerReady(router), firstPageData(queryClient, pathname)]);
      const error = Object.values(router.state.errors ?? {})[0];
      if (error) {
        router.dispose();
        throw error instanceof Error ? error : new Error(String(error));
      }
      return await markup(router, queryClient);
    } finally {
      holdFirstPageAnswers({});
      holdReaderTimeZone(undefined);
      queryClient.clear();
    }
  });
  renders = run.catch(() => undefined);
  return run;
}

/**
 * The server's renderer of signed-in pages, for the build whose files `read` gives (dist/web): the
 * whole page (page-shell.ts) of a route that route-manifest.ts marks `renderedByServer`, with `head`
 * (the answers' data block) in its head; null for any other path.
 */
export const createSignedInPages: CreateSignedInPages = (read) => {
  const shell = readPageShell(read);
  const preloads = JSON.parse(read('route-preloads.json')) as { pattern: string; modules: string[] }[];
  const rendered = pageRoutes.filter((route) => route.renderedByServer);
  return async ({ pathname, search, answers, head, timeZone }) => {
    const route = matchRoutes(rendered, pathname)?.[0]?.route;
    if (!route) return null;
    const { html, title } = await renderSignedIn(pathname, search, answers, timeZone);
    const modules = preloads.find((p) => p.pattern === route.path)?.modules ?? [];
    return shell.page({ html, title, modules, head, controlsWait: true });
  };
};
