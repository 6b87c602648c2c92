/**
 * The last step of `npm run build:web`: the public pages as HTML rendered at build time.
 *
 * Runs the server build of src/web/prerender.tsx (`vite build --ssr`, in DIST_DIR/prerender) and
 * writes, per page, index.html with the page's markup inside #root into DIST_DIR/web/prerendered/
 * (`index.html` for `/`, `login.html` for `/login`, ...), which the server sends for those paths
 * (src/server/platform/http/page-preloads.ts). The browser paints that HTML as soon as it and the
 * style sheet are in. The app's scripts are not named in the page: app-start.js asks for them once
 * the page has been painted, so they never compete with the first paint, and the app then takes the
 * page over (src/web/main.tsx, hydrate). The page around the markup is src/web/page-shell.ts's, which
 * also serves the signed-in pages the server renders. See docs/decisions/021-prerendered-public-pages.md.
 */
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { readPageShell } from '../src/web/page-shell';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const web = path.join(dist, 'web');

export const PRERENDERED_DIR = 'prerendered';
/** The hashes of the scripts written into the pages, which the server's Content-Security-Policy allows (and no other inline script). */
export const INLINE_SCRIPTS_FILE = 'inline-scripts.json';

/** The file a prerendered path is written to, inside PRERENDERED_DIR. */
export const prerenderedFile = (pathname: string) =>
  `${pathname === '/' ? 'index' : pathname.replace(/^\/+/, '').replace(/\//g, '__')}.html`;

type RoutePreload = { pattern: string; modules: string[] };

async function main() {
  // React's production build renders the pages, as the browser runs them.
  process.env.NODE_ENV = 'production';
  const routes = JSON.parse(await fs.readFile(path.join(web, 'route-preloads.json'), 'utf8')) as RoutePreload[];
  // app-start.js goes into every page rendered before the app runs (page-shell.ts): its comments stay in the source.
  const appStart = path.join(web, 'app-start.js');
  await fs.writeFile(appStart, (await transform(await fs.readFile(appStart, 'utf8'), { minify: true, target: 'es2015' })).code);
  const shell = readPageShell((file) => readFileSync(path.join(web, file), 'utf8'));

  const { render, prerenderedPaths } = (await import(pathToFileURL(path.join(dist, 'prerender', 'prerender.js')).href)) as {
    render: (pathname: string) => Promise<{ html: string; title?: string }>;
    prerenderedPaths: string[];
  };
  await fs.rm(path.join(web, PRERENDERED_DIR), { recursive: true, force: true });
  await fs.mkdir(path.join(web, PRERENDERED_DIR), { recursive: true });

  for (const pathname of prerenderedPaths) {
    const { html, title } = await render(pathname);
    const modules = routes.find((r) => r.pattern === pathname)?.modules ?? [];
    const page = shell.page({ html, title, modules });
    const file = path.join(web, PRERENDERED_DIR, prerenderedFile(pathname));
    await fs.writeFile(file, page);
    console.log(`prerendered ${pathname} -> ${path.relative(root, file)} (${(page.length / 1024).toFixed(1)} KB)`);
  }
  await fs.writeFile(
    path.join(web, PRERENDERED_DIR, INLINE_SCRIPTS_FILE),
    JSON.stringify(shell.inlineScripts.map((script) => `sha256-${crypto.createHash('sha256').update(script).digest('base64')}`)),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
