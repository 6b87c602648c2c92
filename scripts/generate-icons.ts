/**
 * Renders the app icons from the one source SVG (public/favicon.svg) with the system Chromium, so
 * no image library is needed: 192 and 512 px as drawn (rounded tile, transparent corners), and
 * full-bleed versions (square tile, the glyph shrunk into the central safe zone) for the
 * maskable icon and the Apple touch icon. Run after changing the SVG and commit the PNGs:
 *
 *   npm run icons
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'public', 'favicon.svg');
const outDir = path.join(root, 'public', 'icons');

// Full bleed: the tile's rounded corners go (the platform applies its own mask) and the glyph is
// scaled to stay inside the maskable safe zone, a circle of 40% of the size around the centre.
const FULL_BLEED_CSS = 'svg rect { rx: 0; ry: 0; } svg path { transform-box: view-box; transform-origin: center; transform: scale(0.8); }';

const icons = [
  { file: 'icon-192.png', size: 192, css: '' },
  { file: 'icon-512.png', size: 512, css: '' },
  { file: 'maskable-512.png', size: 512, css: FULL_BLEED_CSS },
  { file: 'apple-touch-icon.png', size: 180, css: FULL_BLEED_CSS },
];

const svg = await fs.readFile(source, 'utf8');
await fs.mkdir(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent} svg{display:block;width:${icon.size}px;height:${icon.size}px} ${icon.css}</style>${svg}`,
    );
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    await page.close();
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
