import fs from 'node:fs';
import path from 'node:path';

/** One route's preloads, as the build writes them (scripts/route-preload-plugin.ts). */
type RoutePreload = { pattern: string; modules: string[]; data: string[] };

const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `/course/:courseId` against `/course/abc`: the named segments, or null when it does not match. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = have[i]!;
    else if (w !== have[i]) return null;
  }
  return params;
}

/**
 * The app's page (index.html) for one path: with `<link rel="modulepreload">` for the chunks of the
 * route it shows, so they download beside the framework instead of after it, and, for a signed-in
 * request, `<link rel="preload" as="fetch">` for the API answers the page waits for (the session,
 * the dashboard, the course outline), which then start with the scripts instead of after them.
 * Without the build's list (an old build, or a test app) the page is index.html unchanged.
 */
export function createPageRenderer(webRoot: string) {
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  let routes: RoutePreload[] = [];
  try {
    routes = JSON.parse(fs.readFileSync(path.join(webRoot, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[];
  } catch {
    routes = [];
  }
  return (pathname: string, signedIn: boolean): string => {
    for (const route of routes) {
      const params = matchPattern(route.pattern, pathname);
      if (!params) continue;
      const links = route.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}" />`);
      if (signedIn) {
        for (const data of route.data) {
          const href = data.replace(/:([A-Za-z]+)/g, (_m, name: string) => params[name] ?? '');
          // Ids only: anything else is left to the app's own request.
          if (!/^\/[\w\-/]+$/.test(href)) continue;
          // crossorigin: the same request mode and credentials as the app's fetch(), so the browser hands it over.
          links.push(`<link rel="preload" href="${escapeAttr(href)}" as="fetch" crossorigin="anonymous" />`);
        }
      }
      return links.length ? html.replace(/\n?\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`) : html;
    }
    return html;
  };
}
