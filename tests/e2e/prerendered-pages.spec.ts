import { expect, test, type Page } from '@playwright/test';
import { collectErrors, expectAccessible } from './fixtures';

// The public pages come as HTML rendered at build time: readable before any script runs, and the
// app takes them over (hydration) without rebuilding them.

const HEADLINE = 'Learn to code with a tutor who has your back';

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com\//, (route) => route.abort());
});

/** Remembers the headline element as the HTML made it, before any of the app's scripts runs. */
async function rememberFirstHeadline(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as { firstHeadline?: Element | null; rootAtLoad?: string };
      w.firstHeadline = document.querySelector('h1');
      w.rootAtLoad = document.getElementById('root')?.textContent ?? '';
    });
  });
}

test('the landing page HTML holds the page itself, and names none of the app’s scripts', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(HEADLINE);
  expect(html).toContain('<title>CodeTutor · Learn programming with a personal tutor</title>');
  expect(html).toMatch(/<meta\s+name="description"\s+content="Learn C, Java and WebGL/);
  // No module script and no module preload: the app's code is asked for after the first paint (app-start.js).
  expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
  expect(html).toMatch(/<script data-entry="\/assets\/index-[\w-]+\.js"/);
  // The pages that are not prerendered stay the app's page.
  expect(await (await request.get('/contact')).text()).toContain('<div id="root"></div>');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing, sign-in and registration pages are there to read', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    for (const course of ['C Programming Fundamentals', 'Java Object-Oriented Programming', 'WebGL 3D Graphics']) {
      await expect(page.getByRole('heading', { name: course })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/register');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('the app takes over the prerendered landing page without rebuilding it or any error, in the visitor’s theme', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await context.route(/^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com\//, (route) => route.abort());
  const errors = collectErrors(page);
  await rememberFirstHeadline(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the landing page once the app took it over (dark)');
  // The dark theme is on before the app runs (theme-init.js), and the toggle says so once the app runs.
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light mode' }).first()).toBeVisible();
  const state = await page.evaluate(() => {
    const w = window as { firstHeadline?: Element | null; rootAtLoad?: string };
    return { same: w.firstHeadline === document.querySelector('h1'), rootAtLoad: w.rootAtLoad ?? '' };
  });
  expect(state.rootAtLoad).toContain(HEADLINE);
  // Hydrated: the very element the HTML made is still the headline (a client render would replace it).
  expect(state.same).toBe(true);
  // And the app runs: the toggle works and the router navigates without a new page load.
  await page.getByRole('button', { name: 'Switch to light mode' }).first().click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get in touch' })).toBeVisible();
  expect(await page.evaluate(() => (window as { firstHeadline?: unknown }).firstHeadline !== undefined)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('the sign-in page is taken over without an error and its form works', async ({ page }) => {
  const errors = collectErrors(page);
  await rememberFirstHeadline(page);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as { firstHeadline?: Element | null }).firstHeadline === document.querySelector('h1'))).toBe(
    true,
  );
  const email = page.getByLabel(/email/i).first();
  await email.fill('nobody@example.com');
  await expect(email).toHaveValue('nobody@example.com');
  expect(errors).toEqual([]);
});

test.describe('typed before the app runs', () => {
  // Every download goes through the test's hold, none is answered from the service worker's cache.
  test.use({ serviceWorkers: 'block' });

  test('what a visitor types before the app has taken the page over is kept, on registration and sign-in', async ({ page }) => {
    const errors = collectErrors(page);
    // The app's entry is held back until the fields are filled: the visitor was quicker than the phone.
    const holdAppEntry = async () => {
      await page.unrouteAll();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    const hydrated = (name: string) =>
      page.waitForFunction((n) => {
        const input = document.querySelector(`input[name="${n}"]`);
        return input !== null && Object.keys(input).some((key) => key.startsWith('__reactFiber'));
      }, name);

    // Not until 'load': the held script holds that event back.
    let release = await holdAppEntry();
    await page.goto('/register', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('First Name').fill('Early');
    await page.getByLabel('Last Name').fill('Typist');
    await page.getByLabel('Email').fill('early.typist@example.com');
    release();
    await hydrated('firstName');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('main').getByText('early.typist@example.com', { exact: true })).toBeVisible();

    release = await holdAppEntry();
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').first().fill('nobody.early@example.com');
    release();
    await hydrated('email');
    // Still there once the page re-renders: the state holds it, not only the field.
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByLabel('Verification Code')).toBeVisible();
    await expect(page.getByText('nobody.early@example.com', { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
