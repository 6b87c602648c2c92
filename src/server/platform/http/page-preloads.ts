import fs from 'node:fs';
import path from 'node:path';
import { FIRST_PAGE_ANSWERS_ID } from '../../../common/web-page';

/** One route's preloads, as the build writes them (scripts/route-preload-plugin.ts). */
type RoutePreload = { pattern: string; modules: string[]; data: string[] };

const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** The public pages rendered to HTML at build time (scripts/prerender.ts): `index.html` is `/`, `login.html` is `/login`. */
const PRERENDERED_DIR = 'prerendered';

/**
 * The hashes (`sha256-…`) of the scripts the prerendered pages carry inline (the theme script, which
 * must run before the first paint), for the Content-Security-Policy: only these run inline.
 */
export function inlineScriptHashes(webRoot: string): string[] {
  try {
    const hashes = JSON.parse(fs.readFileSync(path.join(webRoot, PRERENDERED_DIR, 'inline-scripts.json'), 'utf8')) as unknown;
    return Array.isArray(hashes) ? hashes.filter((h): h is string => typeof h === 'string' && /^sha256-[A-Za-z0-9+/]+=*$/.test(h)) : [];
  } catch {
    return [];
  }
}

/** The prerendered pages of a build, by path. */
function readPrerendered(webRoot: string): Map<string, string> {
  const pages = new Map<string, string>();
  let files: string[] = [];
  try {
    files = fs.readdirSync(path.join(webRoot, PRERENDERED_DIR)).filter((f) => f.endsWith('.html'));
  } catch {
    return pages;
  }
  for (const file of files) {
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name.replace(/__/g, '/')}`, fs.readFileSync(path.join(webRoot, PRERENDERED_DIR, file), 'utf8'));
  }
  return pages;
}

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
 * The answers as a data block of the page: JSON, never run (the Content-Security-Policy does not
 * apply to it, and allows no inline script anyway), with `<`, `>` and `&` written as escapes so
 * that no text in an answer (a course title, say) can end the block or start markup.
 */
export function answersBlock(answers: Record<string, unknown>): string {
  const json = JSON.stringify(answers).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${FIRST_PAGE_ANSWERS_ID}">${json}</script>`;
}

/**
 * The app's page (index.html) for one path: with `<link rel="modulepreload">` for the chunks of the
 * route it shows, so they download beside the framework instead of after it. For a signed-in
 * request, the API answers the page waits for (the session, the dashboard, the course outline):
 * written into the page when the server has them (`answers`: see first-page-answers.ts), else as
 * `<link rel="preload" as="fetch">`, which then start with the scripts instead of after them.
 * Without the build's list (an old build, or a test app) the page is index.html unchanged.
 * A public page the build rendered to HTML (the landing page, sign-in, registration) is sent as
 * that HTML instead, the same for everyone: it names its scripts itself (public/app-start.js).
 */
export function createPageRenderer(webRoot: string) {
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const prerendered = readPrerendered(webRoot);
  let routes: RoutePreload[] = [];
  try {
    routes = JSON.parse(fs.readFileSync(path.join(webRoot, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[];
  } catch {
    routes = [];
  }
  const routeOf = (pathname: string) => {
    for (const route of routes) {
      const params = matchPattern(route.pattern, pathname);
      if (params) return { route, params };
    }
    return null;
  };
  /**
   * The API paths a page waits for, with the route's ids put in; ids only: a path with anything
   * else in it is left to the app's own request. None for a prerendered page.
   */
  const dataPaths = (pathname: string): string[] => {
    const found = prerendered.has(pathname) ? null : routeOf(pathname);
    if (!found) return [];
    return found.route.data
      .map((data) => data.replace(/:([A-Za-z]+)/g, (_m, name: string) => found.params[name] ?? ''))
      .filter((href) => /^\/[\w\-/]+$/.test(href));
  };
  const render = (pathname: string, signedIn: boolean, answers?: Record<string, unknown> | null): string => {
    const page = prerendered.get(pathname);
    if (page) return page;
    const found = routeOf(pathname);
    if (!found) return html;
    const links = found.route.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttr(href)}" />`);
    if (signedIn && answers) links.push(answersBlock(answers));
    else if (signedIn)
      for (const href of dataPaths(pathname))
        // crossorigin: the same request mode and credentials as the app's fetch(), so the browser hands it over.
        links.push(`<link rel="preload" href="${escapeAttr(href)}" as="fetch" crossorigin="anonymous" />`);
    // A function, not a string: a `$` in an answer is text, not a replacement pattern.
    return links.length ? html.replace(/\n?\s*<\/head>/, () => `\n    ${links.join('\n    ')}\n  </head>`) : html;
  };
  /** The paths that have a prerendered page; the patterns of the app's other pages. */
  return Object.assign(render, {
    prerenderedPaths: [...prerendered.keys()],
    pagePatterns: routes.map((r) => r.pattern).filter((pattern) => !prerendered.has(pattern)),
    dataPaths,
  });
}
