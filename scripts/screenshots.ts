/**
 * Screenshots of the running app at 1280 and 390 pixels wide, light and dark, for looking at what
 * users see (and for the README). Usage: BASE_URL=http://127.0.0.1:3000 tsx scripts/screenshots.ts [outDir] [page ...]
 * Signs in as the tutor through the dev outbox is not possible from here, so admin pages use the
 * development quick login of a test student where a student page is wanted, and ADMIN_COOKIE
 * (a `sid=...` value) when set for admin pages.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const outDir = process.argv[2] ?? 'screenshots/tmp';
const only = process.argv.slice(3);

type Shot = { name: string; path: string; as?: 'anonymous' | 'student' | 'pending' | 'admin' };
const shots: Shot[] = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'contact', path: '/contact' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'contact-signed-in', path: '/contact', as: 'student' },
  { name: 'pending', path: '/dashboard', as: 'pending' },
  { name: 'student-dashboard', path: '/student/dashboard', as: 'student' },
  { name: 'admin-dashboard', path: '/admin/dashboard', as: 'admin' },
];

async function signIn(context: BrowserContext, as: Shot['as']) {
  if (!as || as === 'anonymous') return;
  if (as === 'admin') {
    const cookie = process.env.ADMIN_COOKIE;
    if (!cookie) throw new Error('ADMIN_COOKIE (sid=...) is needed for admin pages');
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
    return;
  }
  const email = as === 'pending' ? 'carol.pending@example.com' : 'alice.student@example.com';
  const res = await context.request.post(`${base}/api/dev/login`, { data: { email } });
  if (!res.ok()) throw new Error(`dev login failed: ${res.status()} ${await res.text()}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
await fs.mkdir(outDir, { recursive: true });
for (const shot of shots.filter((s) => only.length === 0 || only.includes(s.name))) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 600 ? 800 : 844 },
        deviceScaleFactor: 1,
        colorScheme: theme,
      });
      await signIn(context, shot.as);
      const page = await context.newPage();
      await page.goto(base + shot.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const file = path.join(outDir, `${shot.name}-${width}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
}
await browser.close();
