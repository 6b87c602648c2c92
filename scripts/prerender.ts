/**
 * The last step of `npm run build:web`: the public pages as HTML rendered at build time.
 *
 * Runs the server build of src/web/prerender.tsx (`vite build --ssr`, in DIST_DIR/prerender) and
 * writes, per page, index.html with the page's markup inside #root into DIST_DIR/web/prerendered/
 * (`index.html` for `/`, `login.html` for `/login`, ...), which the server sends for those paths
 * (src/server/platform/http/page-preloads.ts). The browser paints that HTML as soon as it and the
 * style sheet are in. The app's scripts are not named in the page: /app-start.js asks for them once
 * the page has been painted, so they never compete with the first paint, and the app then takes the
 * page over (src/web/main.tsx, hydrate). See docs/decisions/021-prerendered-public-pages.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { criticalCss } from '../src/web/prerender-css';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const web = path.join(dist, 'web');

export const PRERENDERED_DIR = 'prerendered';
/** The hashes of the scripts written into the pages, which the server's Content-Security-Policy allows (and no other inline script). */
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeHtml(text).replace(/"/g, '&quot;');

/** The file a prerendered path is written to, inside PRERENDERED_DIR. */
export const prerenderedFile = (pathname: string) =>
  `${pathname === '/' ? 'index' : pathname.replace(/^\/+/, '').replace(/\//g, '__')}.html`;

type RoutePreload = { pattern: string; modules: string[] };

async function main() {
  // React's production build renders the pages, as the browser runs them.
  process.env.NODE_ENV = 'production';
  const template = await fs.readFile(path.join(web, 'index.html'), 'utf8');
  const routes = JSON.parse(await fs.readFile(path.join(web, 'route-preloads.json'), 'utf8')) as RoutePreload[];
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry) throw new Error('prerender: no entry script in index.html');
  const framework = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: no empty #root in index.html');
  // The theme script and the style sheet go into the page itself: each would otherwise be a request
  // the first paint waits for (on a phone's connection, a new connection and a round trip each).
  const themeTag = '<script src="/theme-init.js"></script>';
  const styleTag = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(template);
  if (!template.includes(themeTag) || !styleTag) throw new Error('prerender: no theme script or style sheet in index.html');
  const themeScript = await fs.readFile(path.join(web, 'theme-init.js'), 'utf8');
  const css = await fs.readFile(path.join(web, styleTag[1]!), 'utf8');
  if (css.includes('</style')) throw new Error('prerender: the style sheet cannot be written inside <style>');
  const themeHash = `sha256-${crypto.createHash('sha256').update(themeScript).digest('base64')}`;

  const { render, prerenderedPaths } = (await import(pathToFileURL(path.join(dist, 'prerender', 'prerender.js')).href)) as {
    render: (pathname: string) => Promise<{ html: string; title?: string }>;
    prerenderedPaths: string[];
  };
  await fs.rm(path.join(web, PRERENDERED_DIR), { recursive: true, force: true });
  await fs.mkdir(path.join(web, PRERENDERED_DIR), { recursive: true });

  for (const pathname of prerenderedPaths) {
    const { html, title } = await render(pathname);
    // Everything the app needs to take the page over: the framework, the entry, the page's own chunks.
    const modules = [...framework.map((m) => m[1]!), ...(routes.find((r) => r.pattern === pathname)?.modules ?? [])];
    let page = template;
    for (const link of framework) page = page.replace(link[0], '');
    page = page
      .replace(
        entry[0],
        `<script src="/app-start.js" data-entry="${escapeAttr(entry[1]!)}" data-preload="${escapeAttr(modules.join(' '))}" data-style="${escapeAttr(styleTag[1]!)}" defer></script>\n    `,
      )
      .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`)
      .replace(themeTag, () => `<script>${themeScript}</script>`);
    // Of the style sheet, only the rules this page's markup uses (and the theme's `dark` class, which
    // the theme script may set): half the bytes of the whole sheet, so the page arrives in fewer
    // round trips and the phone matches fewer rules before it paints. The whole sheet follows after
    // the first paint with the app's scripts (app-start.js, data-style) for what the app renders later.
    page = page.replace(styleTag[0], () => `<style>${criticalCss(css, page, ['dark', 'light'])}</style>`);
    if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    const file = path.join(web, PRERENDERED_DIR, prerenderedFile(pathname));
    await fs.writeFile(file, page);
    console.log(`prerendered ${pathname} -> ${path.relative(root, file)} (${(page.length / 1024).toFixed(1)} KB)`);
  }
  await fs.writeFile(path.join(web, PRERENDERED_DIR, INLINE_SCRIPTS_FILE), JSON.stringify([themeHash]));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
