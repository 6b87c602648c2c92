import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/router';
import { paths } from './lib/paths';

/**
 * The public pages whose first screen is the same for every visitor, rendered to HTML at build time
 * (scripts/prerender.ts): the browser paints them before any of the app's JavaScript has arrived,
 * and the app then takes the page over (main.tsx, hydrate). What depends on the visitor (signed in
 * or not, the chosen theme's toggle) renders as for a visitor whose session is not known yet, as the
 * browser's first render does too; data from the API is never part of it.
 */
export const prerenderedPaths = [paths.home, paths.login, paths.register];

/** The markup of the app's root element for one path, and the page's title. */
export async function render(pathname: string): Promise<{ html: string; title: string | undefined }> {
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  // The page's own module (a lazy route) is loaded before the page renders, as in the browser.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  const error = Object.values(router.state.errors ?? {})[0];
  if (error) throw new Error(`prerendering ${pathname} failed: ${error instanceof Error ? error.stack : String(error)}`);
  let html = renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  router.dispose();
  // React writes a page's <title> where it renders it; the page's head gets it instead (as React does in the browser).
  let title: string | undefined;
  html = html.replace(/<title>([^<]*)<\/title>/, (_m, text: string) => {
    title = text;
    return '';
  });
  return { html, title };
}
