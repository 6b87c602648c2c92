import { criticalCssFor } from './prerender-css';

/**
 * A page the server sends with its markup already in it: a public page rendered at build time
 * (scripts/prerender.ts) or a signed-in student's page rendered when it is asked for (prerender.tsx).
 * Built from the app's index.html so that it loads the same scripts and styles, in the order that
 * lets the page paint first:
 * - The theme script and the style sheet go into the page itself: each would otherwise be a request
 *   the first paint waits for (on a phone's connection, a new connection and a round trip each).
 *   Of the style sheet, only the rules the page's markup uses (and the theme's `dark` and `light`
 *   classes, which the theme script may set): fewer bytes, and fewer rules for the phone to match.
 * - The app's scripts are not named in the page: app-start.js, written in at the page's end, asks
 *   for them, and for the whole style sheet, once the page has been painted, so they never compete
 *   with the first paint; the app then takes the page over (main.tsx, hydrate). On a signed-in page (`controlsWait`) app-start.js marks
 *   the page's controls as not ready until then (`aria-disabled` on the root; app.tsx takes it off).
 *   See docs/decisions/021-prerendered-public-pages.md.
 * It runs in Node, with the build's files read by its caller (`read`, a path inside dist/web).
 */
export type PageShell = {
  /** The page, given its root's markup, its title and the page's own chunks (route-preloads.json). */
  page: (parts: { html: string; title: string | undefined; modules: string[]; head?: string; controlsWait?: boolean }) => string;
  /** The scripts the pages carry inline, the theme's and app-start.js (their hashes go into the Content-Security-Policy). */
  inlineScripts: string[];
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeHtml(text).replace(/"/g, '&quot;');

/** The shell of a build (dist/web): its index.html, theme script and style sheet, as `read` gives them. */
export function readPageShell(read: (file: string) => string): PageShell {
  const template = read('index.html');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry) throw new Error('page shell: no entry script in index.html');
  const framework = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  if (!template.includes('<div id="root"></div>')) throw new Error('page shell: no empty #root in index.html');
  const themeTag = '<script src="/theme-init.js"></script>';
  const styleTag = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(template);
  if (!template.includes(themeTag) || !styleTag) throw new Error('page shell: no theme script or style sheet in index.html');
  const themeScript = read('theme-init.js');
  const css = read(styleTag[1]!.slice(1));
  const appStart = read('app-start.js');
  if (appStart.includes('</script') || themeScript.includes('</script')) throw new Error('page shell: a script cannot be written inline');
  if (css.includes('</style')) throw new Error('page shell: the style sheet cannot be written inside <style>');
  const critical = criticalCssFor(css, ['dark', 'light']);

  let shell = template;
  for (const link of framework) shell = shell.replace(link[0], '');
  shell = shell.replace(themeTag, () => `<script>${themeScript}</script>`);

  return {
    inlineScripts: [themeScript, appStart],
    page({ html, title, modules, head = '', controlsWait = false }) {
      // Everything the app needs to take the page over: the framework, the entry, the page's own chunks.
      const preload = [...framework.map((m) => m[1]!), ...modules];
      const start = `<script data-entry="${escapeAttr(entry[1]!)}" data-preload="${escapeAttr(preload.join(' '))}" data-style="${escapeAttr(styleTag[1]!)}"${controlsWait ? ' data-controls-wait' : ''}>${appStart}</script>`;
      let page = shell.replace(entry[0], '').replace('<div id="root"></div>', () => `<div id="root">${html}</div>\n    ${start}`);
      page = page.replace(styleTag[0], () => `<style>${critical(page)}</style>`);
      if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
      // Functions, not strings: a `$` in the page's data is text, not a replacement pattern.
      if (head) page = page.replace(/\n?\s*<\/head>/, () => `\n    ${head}\n  </head>`);
      return page;
    },
  };
}
