import {
  expect,
  test,
  type PlaywrightWorkerArgs,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { accessibilityViolations, adminRequest, adminSession, apiRegister, apiSetStatus, apiSignIn, uniqueEmail, pdf } from './fixtures';

// A walk through every screen of the app, in two tests that run side by side: each screen at 1280
// and 390 pixels wide, in the light and the dark theme, scanned by axe-core for serious and critical
// WCAG 2.1 A/AA violations. Dialogs, drawers and panels are scanned open, and the global overlays
// (offline notices, install banner) shown. Violations are collected and reported together at the end.

type Who = 'visitor' | 'student' | 'pending' | 'admin' | 'adminStudentView';
type Screen = {
  name: string;
  who: Who;
  path: string | ((d: Demo) => string);
  ready: (page: Page) => Promise<unknown>;
  /** Opens a dialog, drawer or panel on the screen, scanned in that state too (unless it answers false); may apply to one width. */
  open?: { name: string; width?: 1280 | 390; act: (page: Page) => Promise<unknown> }[];
};
type Demo = { courseId: string; completedCourseId: string; certificateId: string };

const h1 = (page: Page, name?: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
const dialog = (page: Page) => expect(page.getByRole('dialog')).toBeVisible();

const screens: Screen[] = [
  // Visitors.
  { name: 'landing', who: 'visitor', path: '/', ready: (p) => expect(p.getByRole('link', { name: 'Start Free' })).toBeVisible() },
  { name: 'login', who: 'visitor', path: '/login', ready: (p) => expect(p.getByLabel('Email')).toBeVisible() },
  { name: 'register', who: 'visitor', path: '/register', ready: (p) => expect(p.getByLabel('First Name')).toBeVisible() },
  { name: 'contact (signed out)', who: 'visitor', path: '/contact', ready: (p) => expect(p.getByText('Login Required')).toBeVisible() },
  { name: '404', who: 'visitor', path: '/no-such-page', ready: (p) => expect(p.getByText('Page not found').first()).toBeVisible() },
  { name: 'certificate verification', who: 'visitor', path: (d) => `/certificates/${d.certificateId}`, ready: (p) => h1(p) },
  {
    name: 'certificate not found',
    who: 'visitor',
    path: '/certificates/00000000-0000-4000-8000-000000000000',
    ready: (p) => expect(p.getByText('Certificate not found').first()).toBeVisible(),
  },
  // A pending student.
  {
    name: 'pending approval',
    who: 'pending',
    path: '/dashboard',
    ready: (p) => expect(p.getByText('Account Pending Approval').first()).toBeVisible(),
  },
  // An approved student.
  { name: 'contact (signed in)', who: 'student', path: '/contact', ready: (p) => expect(p.getByLabel('Message')).toBeVisible() },
  {
    name: 'student dashboard',
    who: 'student',
    path: '/student/dashboard',
    ready: (p) => h1(p, 'My Learning Dashboard'),
    open: [
      {
        name: 'mobile menu',
        width: 390,
        act: (p) =>
          p
            .getByRole('button', { name: 'Open menu' })
            .click()
            .then(() => dialog(p)),
      },
    ],
  },
  {
    name: 'course learning',
    who: 'student',
    path: (d) => `/course/${d.courseId}`,
    ready: (p) => expect(p.getByRole('heading', { level: 2, name: 'Welcome Video' })).toBeVisible(),
    open: [
      {
        name: 'course content drawer',
        width: 390,
        act: (p) =>
          p
            .getByRole('button', { name: 'Course Content' })
            .click()
            .then(() => dialog(p)),
      },
      {
        name: 'AI tutor',
        act: async (p) => {
          const open = p.getByRole('button', { name: 'Open AI Tutor' });
          // The tutor's button joins the course screen with the AI tutor feature.
          if ((await open.count()) === 0) return false;
          await open.click();
          await expect(p.getByPlaceholder('Ask me anything about this lesson...')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'completed course',
    who: 'student',
    path: (d) => `/course/${d.completedCourseId}`,
    ready: (p) => expect(p.getByRole('button', { name: 'View Certificate' })).toBeVisible(),
    open: [
      {
        name: 'completion dialog',
        act: (p) =>
          p
            .getByRole('button', { name: 'View Certificate' })
            .click()
            .then(() => expect(p.getByRole('dialog').getByText('Congratulations!')).toBeVisible()),
      },
    ],
  },
  // The tutor.
  { name: 'admin home', who: 'admin', path: '/admin/dashboard', ready: (p) => expect(p.getByText('Pending Approvals')).toBeVisible() },
  {
    name: 'students',
    who: 'admin',
    path: '/admin/students',
    ready: (p) => expect(p.getByRole('tab', { name: /Pending/ })).toBeVisible(),
    open: [
      { name: 'approved tab', act: (p) => p.getByRole('tab', { name: /Approved/ }).click() },
      { name: 'enrollments tab', act: (p) => p.getByRole('tab', { name: 'Manage Enrollments' }).click() },
    ],
  },
  { name: 'courses', who: 'admin', path: '/admin/courses', ready: (p) => h1(p) },
  { name: 'create course', who: 'admin', path: '/admin/courses/new', ready: (p) => h1(p, 'Create New Course') },
  {
    name: 'edit course',
    who: 'admin',
    path: (d) => `/admin/courses/${d.courseId}/edit`,
    ready: (p) => h1(p, 'Edit Course'),
    open: [
      { name: 'content tab', act: (p) => p.getByRole('tab', { name: 'Course Content' }).click() },
      { name: 'bulk upload tab', act: (p) => p.getByRole('tab', { name: 'Bulk Upload' }).click() },
      {
        name: 'generate thumbnail dialog',
        act: async (p) => {
          // Only when the server has an image model (the e2e setup gives it one).
          await p.getByRole('tab', { name: 'Course Details' }).click();
          const open = p.getByRole('button', { name: 'Generate thumbnail' });
          if ((await open.count()) === 0) return false;
          await open.click();
          await expect(p.getByRole('dialog', { name: 'Generate thumbnail' }).getByLabel('Prompt')).toBeVisible();
        },
      },
    ],
  },
  { name: 'analytics', who: 'admin', path: '/admin/analytics', ready: (p) => h1(p) },
  { name: 'database helper', who: 'admin', path: '/admin/database-helper', ready: (p) => h1(p, 'Database Helper') },
  { name: 'questions', who: 'admin', path: '/admin/questions', ready: (p) => h1(p, 'Questions') },
  { name: 'backups', who: 'admin', path: '/admin/backups', ready: (p) => h1(p, 'Backups') },
  {
    name: 'course preview',
    who: 'admin',
    path: (d) => `/course/${d.courseId}`,
    ready: (p) => expect(p.getByText(/Admin Preview Mode/)).toBeVisible(),
  },
  { name: 'student view dashboard', who: 'adminStudentView', path: '/student/dashboard', ready: (p) => h1(p, 'Student Dashboard Preview') },
];

/** This test's own course (a video and a PDF lesson), a one-lesson course the student completes, and the student. */
async function makeDemo(admin: APIRequestContext, student: APIRequestContext) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const course = async (title: string, lessons: object[]) => {
    const created = await admin.post('/api/admin/courses', { data: { title, description: 'Made by the accessibility walk.' } });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { course: { id: string } }).course.id;
    const ch = await admin.post(`/api/admin/courses/${id}/chapters`, { data: { title: 'Getting Started' } });
    const chapterId = ((await ch.json()) as { chapter: { id: string } }).chapter.id;
    const lessonIds: string[] = [];
    for (const data of lessons) {
      const res = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, { data });
      expect(res.status(), await res.text()).toBe(201);
      lessonIds.push(((await res.json()) as { lesson: { id: string } }).lesson.id);
    }
    expect((await admin.patch(`/api/admin/courses/${id}/publish`, { data: { isPublished: true } })).status()).toBe(200);
    return { id, lessonIds };
  };
  const upload = await admin.post('/api/admin/uploads?kind=pdf', {
    multipart: { file: { name: 'notes.pdf', mimeType: 'application/pdf', buffer: await pdf('Reading notes') } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const fileId = ((await upload.json()) as { file: { id: string } }).file.id;
  const video = 'https://www.youtube.com/watch?v=KJgsSFOSQv0';
  const main = await course(`A11y Walk ${tag}`, [
    { title: 'Welcome Video', lessonType: 'VIDEO', videoUrl: video, summary: 'What this course covers.' },
    { title: 'Reading Notes', lessonType: 'PDF', pdfFileId: fileId, summary: 'Read the notes.' },
  ]);
  const done = await course(`A11y Finished ${tag}`, [{ title: 'Only Lesson', lessonType: 'VIDEO', videoUrl: video }]);

  const email = uniqueEmail('a11y');
  const user = await apiRegister(student, { firstName: 'Ada', lastName: 'Walker', email });
  await apiSetStatus(admin, user.id, 'approved');
  for (const id of [main.id, done.id]) {
    const res = await admin.post(`/api/admin/students/${user.id}/enrollments`, { data: { courseId: id } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await apiSignIn(student, email);
  const completed = await student.put(`/api/lessons/${done.lessonIds[0]}/progress`, { data: { status: 'completed' } });
  expect(completed.status(), await completed.text()).toBe(200);
  const certificate = await student.get(`/api/courses/${done.id}/certificate`);
  expect(certificate.status(), await certificate.text()).toBe(200);
  const demo: Demo = { courseId: main.id, completedCourseId: done.id, certificateId: ((await certificate.json()) as { id: string }).id };
  const remove = () => Promise.all([main.id, done.id].map((id) => admin.delete(`/api/admin/courses/${id}`)));
  return { demo, remove };
}

// No service worker here (pwa.spec.ts tests it): each new context would precache the whole app.
// A step that cannot find its element fails after 15 s instead of waiting forever.
test.use({ serviceWorkers: 'block', actionTimeout: 15_000 });

/**
 * Scans the screens of `who` (and, with `overlays`, the global overlays) in both themes at both
 * widths. The walk is two tests (visitors and students; the tutor) so that they run side by side.
 */
async function walk(browser: Browser, playwright: PlaywrightWorkerArgs['playwright'], who: Who[], overlays: boolean) {
  const mine = screens.filter((screen) => who.includes(screen.who));
  const admin = await adminRequest(playwright);
  const setup = await browser.newContext();
  const { demo, remove } = await makeDemo(admin, setup.request);
  const studentState = await setup.storageState();
  await setup.close();
  const found: string[] = [];
  const skipped = new Set<string>();
  let scans = 0;

  async function contextFor(who: Who, theme: 'light' | 'dark'): Promise<BrowserContext> {
    const context = await (browser as Browser).newContext({
      colorScheme: theme,
      storageState: who === 'student' ? studentState : undefined,
    });
    // Video hosts are not reachable from the test machine; their frames stay empty.
    await context.route(/^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com\//, (route) => route.abort());
    if (who === 'admin') await adminSession(context);
    // Session 2 is this test's own: it is put in student view here and back in admin view at the end.
    if (who === 'adminStudentView') {
      await adminSession(context, 2);
      expect((await context.request.put('/api/me/view-mode', { data: { viewMode: 'student' } })).status()).toBe(200);
    }
    if (who === 'pending')
      expect((await context.request.post('/api/dev/login', { data: { email: 'carol.pending@example.com' } })).ok()).toBe(true);
    return context;
  }

  try {
    for (const theme of ['light', 'dark'] as const) {
      const contexts = new Map<Who, BrowserContext>();
      for (const screen of mine) {
        if (!contexts.has(screen.who)) contexts.set(screen.who, await contextFor(screen.who, theme));
        const page = await contexts.get(screen.who)!.newPage();
        for (const [width, height] of [
          [1280, 800],
          [390, 844],
        ] as const) {
          const label = `${screen.name} at ${width}px, ${theme}`;
          await test.step(label, async () => {
            await page.setViewportSize({ width, height });
            await page.goto(typeof screen.path === 'string' ? screen.path : screen.path(demo));
            await screen.ready(page);
            await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
            found.push(...(await accessibilityViolations(page, label)));
            scans++;
            for (const state of screen.open ?? []) {
              if (state.width && state.width !== width) continue;
              if ((await state.act(page)) === false) {
                skipped.add(state.name);
                continue;
              }
              found.push(...(await accessibilityViolations(page, `${label}, ${state.name}`)));
              scans++;
              await page.keyboard.press('Escape');
            }
          });
        }
        await page.close();
      }

      // The global overlays, on the student's dashboard: offline notice and badge, install banner.
      const context = contexts.get('student');
      if (overlays && context) {
        const page = await context.newPage();
        for (const [width, height] of [
          [1280, 800],
          [390, 844],
        ] as const) {
          const label = `offline and install overlays at ${width}px, ${theme}`;
          await test.step(label, async () => {
            await page.setViewportSize({ width, height });
            // Without a service worker (blocked here) the overlays' cards come only from the network:
            // they are fetched once the page is idle, and must have arrived before it goes offline.
            const cards = page.waitForResponse(/\/assets\/overlay-cards-[^/]+\.js$/);
            await page.goto('/student/dashboard');
            await h1(page, 'My Learning Dashboard');
            await cards;
            await page.evaluate(() => {
              const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
                prompt: () => Promise.resolve(),
                userChoice: Promise.resolve({ outcome: 'dismissed' }),
              });
              window.dispatchEvent(offer);
            });
            await context.setOffline(true);
            await expect(page.getByText('Limited Offline Mode')).toBeVisible();
            await expect(page.getByText('No Internet Connection')).toBeVisible();
            await expect(page.getByRole('region', { name: 'Install the app' })).toBeVisible();
            // The 'Connection Lost' toast slides and fades in: scanned once it has (half faded, its red looks paler).
            await page.waitForFunction(
              () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
              undefined,
              { timeout: 5_000 },
            );
            found.push(...(await accessibilityViolations(page, label)));
            scans++;
            await context.setOffline(false);
          });
        }
      }
      await Promise.all([...contexts.values()].map((c) => c.close()));
    }
  } finally {
    if (who.includes('adminStudentView')) {
      const back = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      await adminSessionRequest(back).catch(() => undefined);
      await back.dispose();
    }
    await remove();
  }
  if (skipped.size) test.info().annotations.push({ type: 'not on the page yet', description: [...skipped].join(', ') });
  expect(found, `${scans} scans`).toEqual([]);
  // Every screen, both widths, both themes, and the opened states.
  expect(scans).toBeGreaterThanOrEqual(mine.length * 4 + (overlays ? 4 : 0));
}

test('every screen of visitors and students, at 1280 and 390 wide, light and dark, and the global overlays, has no serious accessibility violation', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(12 * 60_000);
  await walk(browser, playwright, ['visitor', 'pending', 'student'], true);
});

test('every screen of the tutor, at 1280 and 390 wide, light and dark, has no serious accessibility violation', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(12 * 60_000);
  await walk(browser, playwright, ['admin', 'adminStudentView'], false);
});

test('the walk covers every route of the app', () => {
  // Every screen's route, and the certificate page; /dashboard and /admin/courses/create only redirect.
  const ids = { courseId: ':id', completedCourseId: ':id', certificateId: ':id' };
  const walked = new Set(screens.map((screen) => (typeof screen.path === 'string' ? screen.path : screen.path(ids))));
  const routes = ['/', '/contact', '/login', '/register', '/student/dashboard', '/course/:id', '/certificates/:id', '/no-such-page'];
  routes.push(
    '/admin/dashboard',
    '/admin/students',
    '/admin/courses',
    '/admin/courses/new',
    '/admin/courses/:id/edit',
    '/admin/analytics',
    '/admin/database-helper',
  );
  for (const route of routes) {
    expect(walked, route).toContain(route);
  }
});

/** Puts admin session 2 back in admin view. */
async function adminSessionRequest(request: APIRequestContext) {
  const sid = process.env.E2E_ADMIN_SESSIONS?.split(',')[2];
  await request.put('/api/me/view-mode', { data: { viewMode: 'admin' }, headers: { cookie: `sid=${sid}` } });
}
