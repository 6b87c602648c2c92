import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { expectAccessible } from './fixtures';

// A new version deployed under a page that is still open: the page's next screen lives in a file the
// server no longer has. These tests run their own server on a copy of the build (its own DATA_DIR
// and port), so that deploying a "new build" leaves the shared suite's dist untouched.

const repo = process.cwd();
const builtDist = path.resolve(repo, process.env.DIST_DIR ?? 'dist');

let root = '';
let app: ServerProcess | undefined;
let port = 0;

test.describe.configure({ mode: 'serial' });
// The first start initialises a PostgreSQL cluster; a deploy restarts the server.
test.setTimeout(180_000);

async function start() {
  app = await startServerProcess(
    { DATA_DIR: path.join(root, 'data'), DATABASE_URL: '' },
    { entry: path.join(root, 'app', 'server', 'main.js'), cwd: repo, ...(port ? { port } : {}) },
  );
  port = Number(new URL(app.url).port);
  await app.ready(120_000);
}

/**
 * What a deploy does to the files: every hashed script and style sheet gets a new name (a new build's
 * content hash), every reference to it follows, and the server restarts on the new files. The old
 * names then answer 404, as they do on a real server after a deploy.
 */
async function deployNewBuild() {
  await app!.stop();
  const web = path.join(root, 'app', 'web');
  const assets = path.join(web, 'assets');
  const renames = new Map<string, string>();
  for (const name of await fs.readdir(assets)) {
    const hashed = /^(.+-[\w-]{8})\.(js|css)$/.exec(name);
    if (hashed) renames.set(name, `${hashed[1]}n.${hashed[2]}`);
  }
  const pattern = new RegExp([...renames.keys()].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const files = [...(await fs.readdir(web, { recursive: true }))].map((f) => path.join(web, f));
  for (const file of files) {
    if (/\.(br|gz)$/.test(file)) {
      // The compressed copies hold the old text: the server sends the file itself without them.
      await fs.rm(file);
      continue;
    }
    if (!/\.(js|css|html|json)$/.test(file)) continue;
    const text = await fs.readFile(file, 'utf8');
    const next = text.replace(pattern, (name) => renames.get(name)!);
    if (next !== text) await fs.writeFile(file, next);
  }
  for (const [from, to] of renames) await fs.rename(path.join(assets, from), path.join(assets, to));
  await start();
  return renames;
}

/** Counts the page's own loads (the first one and every reload). */
function countLoads(page: Page) {
  const loads = { count: 0 };
  // A document's load, not a change of address inside the app (the router's pushState).
  page.on('load', () => loads.count++);
  return loads;
}

const mainText = (page: Page) => page.locator('main').first().innerText();

test.beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-deploy-'));
  await fs.chmod(root, 0o755);
  await fs.cp(path.join(builtDist, 'server'), path.join(root, 'app', 'server'), { recursive: true });
  await fs.cp(path.join(builtDist, 'web'), path.join(root, 'app', 'web'), { recursive: true });
  // The built server imports its dependencies from node_modules, found upwards from its own file.
  await fs.symlink(path.join(repo, 'node_modules'), path.join(root, 'app', 'node_modules'), 'dir');
  await start();
});

test.afterAll(async () => {
  await app?.stop();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com\//, (route) => route.abort());
});

// Without a service worker every file comes from the server: the deploy's missing files reach the page.
test.use({ serviceWorkers: 'block' });

test('a page opened before a deploy loads the new version once when its next screen is gone, and shows that screen', async ({ page }) => {
  const loads = countLoads(page);
  const missing: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 404 && new URL(res.url()).pathname.startsWith('/assets/')) missing.push(new URL(res.url()).pathname);
  });
  // A page that has been open a while: what it fetches once idle (the service worker's script) is in.
  const settled = page.waitForResponse(/workbox-window/);
  await page.goto(`${app!.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: /Learn to code/ })).toBeVisible();
  await settled;
  await page.evaluate(() => ((window as { openedBeforeDeploy?: boolean }).openedBeforeDeploy = true));
  expect(loads.count).toBe(1);

  const renames = await deployNewBuild();
  // The files the open page knows are gone from the server now.
  const oldContact = [...renames.keys()].find((name) => name.startsWith('contact-page-'))!;
  expect((await page.request.get(`${app!.url}/assets/${oldContact}`)).status()).toBe(404);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get in touch' })).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
  // It is the new version: a fresh document (the old one's marker is gone) that asked for the new file.
  expect(await page.evaluate(() => (window as { openedBeforeDeploy?: boolean }).openedBeforeDeploy)).toBeUndefined();
  expect(missing).toContain(`/assets/${oldContact}`);
  expect(loads.count).toBe(2);
  expect(await mainText(page)).toContain('Get in touch');

  // One reload, not a loop: the page stays.
  await page.waitForTimeout(3000);
  expect(loads.count).toBe(2);
});

test('when the new version cannot load the screen either, one reload and then the new-version notice, never an empty page', async ({
  page,
}) => {
  // The contact page's file fails for this browser whatever its name: a broken deploy, say.
  await page.route(/\/assets\/contact-page-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  const loads = countLoads(page);
  const settled = page.waitForResponse(/workbox-window/);
  await page.goto(`${app!.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: /Learn to code/ })).toBeVisible();
  // The app runs (the landing page is HTML until it does, and its links plain links).
  await settled;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'A new version is available' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(loads.count).toBe(2);
  expect(await mainText(page)).toContain('A new version is available');
  await page.waitForTimeout(3000);
  expect(loads.count).toBe(2);
  await expectAccessible(page, 'the new-version notice');

  // The visitor's Reload is theirs to press, and it does load the page again.
  await page.unroute(/\/assets\/contact-page-[^/]+\.js$/);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get in touch' })).toBeVisible();
  expect(loads.count).toBe(3);
});
