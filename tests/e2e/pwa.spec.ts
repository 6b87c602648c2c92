import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { adminRequest, apiRegister, apiSetStatus, apiSignIn, expectAccessible, uniqueEmail, pdf } from './fixtures';

// Installable and offline-tolerant. Every test makes its own students and course.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** A published course of this test's own: a video lesson, then a lesson with an uploaded PDF. */
async function courseWithPdf(admin: APIRequestContext) {
  const title = `Offline Course ${unique()}`;
  const created = await admin.post('/api/admin/courses', { data: { title, description: 'Made by the PWA e2e test.' } });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const ch = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: 'Offline Basics' } });
  expect(ch.status(), await ch.text()).toBe(201);
  const chapterId = ((await ch.json()) as { chapter: { id: string } }).chapter.id;
  const uploaded = await admin.post('/api/admin/uploads?kind=pdf', {
    multipart: { file: { name: 'offline-notes.pdf', mimeType: 'application/pdf', buffer: await pdf('Offline notes') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const fileId = ((await uploaded.json()) as { file: { id: string } }).file.id;
  for (const data of [
    { title: 'Welcome Video', lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0', summary: 'Start here.' },
    { title: 'Offline Reading', lessonType: 'PDF', pdfFileId: fileId, summary: 'Notes to read anywhere.' },
  ]) {
    const res = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, { data });
    expect(res.status(), await res.text()).toBe(201);
  }
  const published = await admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } });
  expect(published.status(), await published.text()).toBe(200);
  return { id: courseId, title, fileUrl: `/api/files/${fileId}`, remove: () => admin.delete(`/api/admin/courses/${courseId}`) };
}

/** A new approved student enrolled in `courseId`, with the browser context signed in as them. */
async function signedInStudent(context: BrowserContext, admin: APIRequestContext, courseId: string, firstName: string) {
  const email = uniqueEmail(`pwa-${firstName.toLowerCase()}`);
  const user = await apiRegister(context.request, { firstName, lastName: 'Offline', email });
  await apiSetStatus(admin, user.id, 'approved');
  const enrolled = await admin.post(`/api/admin/students/${user.id}/enrollments`, { data: { courseId } });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  await apiSignIn(context.request, email);
  return { id: user.id, email };
}

/** Waits until the service worker controls the page (it claims the page it was installed from). */
async function serviceWorkerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** What a fetch from the page gets now: the status and body text, or 'failed' when nothing answered. */
const pageFetch = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    try {
      const res = await fetch(u, { headers: { Accept: 'application/json' } });
      return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
    } catch {
      return 'failed' as const;
    }
  }, url);

// Video hosts are not reachable from the test machine.
test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com\//, (route) => route.abort());
});

test('the manifest names the app by APP_NAME with its icons, and the service worker registers and controls the page', async ({
  page,
  request,
}) => {
  const { appName } = (await (await request.get('/api/public-config')).json()) as { appName: string };
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest.name).toBe(appName);
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    // A PNG's width and height are the big-endian words at bytes 16 and 20.
    const bytes = await png.body();
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }

  // The service worker script is never cached long; hashed assets are.
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await serviceWorkerControls(page);
  const registration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active?.scriptURL };
  });
  expect(new URL(registration.scope).pathname).toBe('/');
  expect(new URL(registration.script!).pathname).toBe('/sw.js');
  const asset = await page.evaluate(() => (document.querySelector('script[type="module"][src]') as HTMLScriptElement).src);
  const script = await request.get(asset, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // Sent from the Brotli copy the build wrote (scripts/precompress-plugin.ts), as JavaScript.
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(await script.text()).toContain('import');
});

test('a student who has been online reopens the dashboard and an opened lesson offline, with the offline notices', async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(playwright);
  const course = await courseWithPdf(admin);
  try {
    await signedInStudent(context, admin, course.id, 'Olive');

    // Online: the dashboard, the course and its PDF lesson.
    await page.goto('/student/dashboard');
    await expect(page.getByTestId('dashboard-course').getByRole('heading', { name: course.title })).toBeVisible();
    await serviceWorkerControls(page);
    await page.reload();
    await expect(page.getByTestId('dashboard-course').getByRole('heading', { name: course.title })).toBeVisible();
    await page
      .getByRole('link', { name: /Start Course/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await page
      .getByRole('complementary')
      .getByRole('button', { name: /Offline Reading/ })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Offline Reading' })).toBeVisible();
    await expect(page.getByTitle('PDF: Offline Reading')).toHaveAttribute('src', course.fileUrl);
    // The frame's PDF went through the service worker and was kept.
    await expect.poll(() => page.evaluate(async (u) => (await caches.match(u)) !== undefined, course.fileUrl)).toBe(true);

    // Offline: the connection notices.
    await context.setOffline(true);
    await expect(toast(page, 'Connection Lost')).toBeVisible();
    await expect(toast(page, "You're offline. Some features may be limited.")).toBeVisible();
    await expect(page.getByText('No Internet Connection')).toBeVisible();
    await expect(page.getByText('Some features may not work properly')).toBeVisible();
    await expect(page.getByText('Limited Offline Mode')).toBeVisible();
    await expect(page.getByText('Previously loaded content is available. Connect to internet for full functionality.')).toBeVisible();

    // Reopened offline: the app shell, the dashboard and the opened lesson come from the cache.
    await page.goto('/student/dashboard');
    await expect(page.getByTestId('dashboard-course').getByRole('heading', { name: course.title })).toBeVisible();
    await expect(page.getByText('Limited Offline Mode')).toBeVisible();
    await expect(page.getByText('No Internet Connection')).toBeVisible();
    await page.goto(`/course/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await page
      .getByRole('complementary')
      .getByRole('button', { name: /Offline Reading/ })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Offline Reading' })).toBeVisible();
    await expect(page.getByText('Notes to read anywhere.')).toBeVisible();
    const offlinePdf = await pageFetch(page, course.fileUrl);
    expect(offlinePdf).not.toBe('failed');
    if (offlinePdf !== 'failed') {
      expect(offlinePdf.status).toBe(200);
      expect(offlinePdf.type).toBe('application/pdf');
      expect(offlinePdf.text.startsWith('%PDF-')).toBe(true);
    }

    // A write offline is refused with a clear message, never lost silently.
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(toast(page, "You're Offline")).toBeVisible();

    // Back online.
    await context.setOffline(false);
    await expect(toast(page, 'Connection Restored')).toBeVisible();
    await expect(toast(page, "You're back online! All features are available.")).toBeVisible();
    await expect(page.getByText('No Internet Connection')).toBeHidden();
    await expect(page.getByText('Limited Offline Mode')).toBeHidden();
    const learn = (await (await context.request.get(`/api/courses/${course.id}/learn`)).json()) as {
      progress: { completedLessons: number };
    };
    expect(learn.progress.completedLessons).toBe(0);
  } finally {
    await context.setOffline(false);
    await course.remove();
  }
});

test('signing out, or another user signing in, leaves nothing of the first user in the offline copy', async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(playwright);
  const [first, second] = [await courseWithPdf(admin), await courseWithPdf(admin)];
  const dashboardOffline = async () => {
    await context.setOffline(true);
    const answer = await pageFetch(page, '/api/student/dashboard');
    await context.setOffline(false);
    return answer === 'failed' ? 'failed' : answer.text;
  };
  try {
    // Ann's dashboard is kept for offline: the precondition of everything below.
    await signedInStudent(context, admin, first.id, 'Ann');
    await page.goto('/student/dashboard');
    await serviceWorkerControls(page);
    await page.reload();
    await expect(page.getByTestId('dashboard-course').getByRole('heading', { name: first.title })).toBeVisible();
    expect(await dashboardOffline()).toContain(first.title);

    // She signs out: the kept answers, the owner and the React Query cache go.
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expect(toast(page, 'Signed Out')).toBeVisible();
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('api-')))).toEqual([]);
    expect(await dashboardOffline()).toBe('failed');

    // Ben signs in on the same browser and, offline, opens the dashboard: never Ann's.
    await signedInStudent(context, admin, second.id, 'Ben');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await context.setOffline(true);
    await page.goto('/student/dashboard');
    await expect(page.getByText('Limited Offline Mode')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Learning Dashboard' })).toBeVisible();
    await expect(page.getByText(first.title)).toHaveCount(0);
    expect(await dashboardOffline()).toBe('failed');

    // Back online Ben's own dashboard is kept; then Ann signs in again without anyone signing
    // out (a change of user): Ben's copy goes the moment the app sees her.
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByTestId('dashboard-course').getByRole('heading', { name: second.title })).toBeVisible();
    expect(await dashboardOffline()).toContain(second.title);
    await signedInStudent(context, admin, first.id, 'Ann');
    await page.goto('/contact');
    await expect(page.getByLabel('Message')).toBeVisible();
    await expect.poll(dashboardOffline).toBe('failed');
  } finally {
    await context.setOffline(false);
    await first.remove();
    await second.remove();
  }
});

/** Chromium's install offer, made by hand: the test cannot make the browser offer installation. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' | 'fails') {
  await page.evaluate((o) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => (o === 'fails' ? Promise.reject(new Error('not allowed')) : Promise.resolve()),
      userChoice: Promise.resolve({ outcome: o === 'accepted' ? 'accepted' : 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

test('the install banner installs the app, says so, and can be dismissed; a failure says Installation Failed', async ({
  page,
  request,
}) => {
  const { appName } = (await (await request.get('/api/public-config')).json()) as { appName: string };
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Free' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Install the app' });
  await expect(banner).toHaveCount(0);

  await offerInstall(page, 'accepted');
  await expect(banner).toBeVisible();
  await expect(banner.getByText(`Install ${appName}`)).toBeVisible();
  await banner.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(toast(page, 'Installing App...')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(toast(page, 'App Installed Successfully!')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'App installed successfully!' })).toBeVisible();
  // Installed: a later offer is not shown.
  await offerInstall(page, 'accepted');
  await expect(banner).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('link', { name: 'Start Free' })).toBeVisible();
  await offerInstall(page, 'fails');
  await banner.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(toast(page, 'Installation Failed')).toBeVisible();
  await expect(toast(page, 'There was an error installing the app. Please try again.')).toBeVisible();

  // Dismissed: gone, and not offered again on this browser for a while.
  await offerInstall(page, 'accepted');
  await banner.getByRole('button', { name: 'Dismiss install banner' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Start Free' })).toBeVisible();
  await offerInstall(page, 'accepted');
  await expect(page.getByRole('link', { name: 'Start Free' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('running as the installed app (standalone) counts as installed: no install banner', async ({ page }) => {
  // Chromium cannot emulate the display mode: the page is told it runs standalone, as an installed app is.
  await page.addInitScript(() => {
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === '(display-mode: standalone)'
        ? ({ ...matchMedia(query), matches: true, media: query } as MediaQueryList)
        : matchMedia(query);
  });
  await page.goto('/');
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  await offerInstall(page, 'accepted');
  await expect(page.getByRole('link', { name: 'Start Free' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Install the app' })).toHaveCount(0);
});

test.describe('slow connection', () => {
  // The slow load is made by delaying the app's script on the network, which a service worker would answer instead.
  test.use({ serviceWorkers: 'block' });

  test('a page that took over 3 seconds to load shows a dismissible notice; a fast one does not', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByText('Slow Connection')).toHaveCount(0);

    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 3200));
      await route.continue();
    });
    await page.reload();
    await expect(page.getByText('Slow Connection')).toBeVisible();
    await expect(page.getByText('This page took more than 3 seconds to load.', { exact: false })).toBeVisible();
    await expectAccessible(page, 'the slow-connection notice');
    await page.getByRole('button', { name: 'Dismiss slow connection notice' }).click();
    await expect(page.getByText('Slow Connection')).toHaveCount(0);
  });
});

test.describe('a first visit, before the service worker keeps anything', () => {
  test.use({ serviceWorkers: 'block' });

  test('going offline still shows the notices, and going online says so', async ({ page, context }) => {
    // The overlays' cards are fetched once the page is idle, before they are needed.
    const cards = page.waitForResponse(/\/assets\/overlay-cards-[^/]+\.js$/);
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await cards;
    await context.setOffline(true);
    await expect(toast(page, 'Connection Lost')).toBeVisible();
    await expect(page.getByText('No Internet Connection')).toBeVisible();
    await expect(page.getByText('Limited Offline Mode')).toBeVisible();
    await context.setOffline(false);
    await expect(toast(page, 'Connection Restored')).toBeVisible();
    await expect(page.getByText('No Internet Connection')).toBeHidden();
  });

  test('cards that could not be fetched are fetched when the connection returns, while one is still to show', async ({ page, context }) => {
    // The cards' fetch fails (as offline without a service worker) while the install offer waits to show.
    let refused = 0;
    await page.route(/\/assets\/overlay-cards-[^/]+\.js$/, (route) => (refused++, route.abort('internetdisconnected')));
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Free' })).toBeVisible();
    // Once the page is idle: the first try.
    await expect.poll(() => refused).toBe(1);
    await offerInstall(page, 'accepted');
    await context.setOffline(true);
    await expect(toast(page, 'Connection Lost')).toBeVisible();
    // A card is wanted now (the offline notice): the second try.
    await expect.poll(() => refused).toBe(2);
    const banner = page.getByRole('region', { name: 'Install the app' });
    await expect(banner).toHaveCount(0);
    // Past the moment the page settles (afterLoadAndIdle, 1.5 s after the load event, then idle):
    // the install offer is wanted too, so a card stays wanted when the connection returns.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
          setTimeout(() => requestIdleCallback(() => resolve()), Math.max(0, loaded + 1600 - performance.now()));
        }),
    );

    await page.unroute(/\/assets\/overlay-cards-[^/]+\.js$/);
    await context.setOffline(false);
    await expect(banner).toBeVisible();
  });
});

test('a new version of the app announces itself and Reload switches to it', async ({ page }) => {
  // The app registers its worker once the page is idle; the test's new version must come after
  // that registration, or the app's own registration of /sw.js would replace it.
  await page.addInitScript(() => {
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<typeof register>) =>
      register(...args).then((registration) => {
        (window as { appRegisteredWorker?: boolean }).appRegisteredWorker = true;
        return registration;
      });
  });
  await page.goto('/');
  await serviceWorkerControls(page);
  // Loaded under the service worker, as a returning visitor's page is.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Start Free' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state === 'activated'));
  await page.waitForFunction(() => (window as { appRegisteredWorker?: boolean }).appRegisteredWorker === true);

  // A new worker for this scope, as a new build brings. (The test cannot change the served sw.js
  // without disturbing the tests running beside it, so the new version comes by a new script URL.)
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-version'));
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(prompt).toBeVisible();
  await expectAccessible(page, 'the new-version prompt');
  // Until the student chooses, the old version keeps serving.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(true);

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('link', { name: 'Start Free' })).toBeVisible();
  await expect(page.getByText('A new version is available')).toHaveCount(0);
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  expect(controller).toMatch(/\/sw\.js\?next-version$/);
});
