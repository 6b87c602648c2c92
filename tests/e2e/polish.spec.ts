import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AnalyticsRules } from '../../src/common/analytics';
import { previewCompletedLessons, progressPercent } from '../../src/common/learning';
import { waitForCode } from '../support/mailbox';
import { adminRequest, adminSession, apiRegister, apiSetStatus, apiSignIn, atEveryLook, expectAccessible, uniqueEmail } from './fixtures';

// What a person sees first: the registration success screen on a phone, toasts that hide nothing,
// the tutor's preview telling one story, analytics that hold back verdicts on tiny samples, the
// shell's tagline and connection badge, and tabs that show a focus ring to the keyboard only.

const TAGLINE = 'Learn programming step by step, with a tutor who knows your name.';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page) => page.locator('[data-sonner-toast]');

async function ok<T>(res: Promise<import('@playwright/test').APIResponse>, status: number): Promise<T> {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return (await r.json()) as T;
}

/** A published course of this test's own: one chapter of `lessons` video lessons. */
async function makeCourse(admin: APIRequestContext, title: string, lessons: number) {
  const { course } = await ok<{ course: { id: string } }>(
    admin.post('/api/admin/courses', { data: { title, description: `${title}: made by the polish e2e test.` } }),
    201,
  );
  const { chapter } = await ok<{ chapter: { id: string } }>(
    admin.post(`/api/admin/courses/${course.id}/chapters`, { data: { title: 'Basics' } }),
    201,
  );
  const lessonIds: string[] = [];
  for (let i = 1; i <= lessons; i++) {
    const { lesson } = await ok<{ lesson: { id: string } }>(
      admin.post(`/api/admin/chapters/${chapter.id}/lessons`, {
        data: { title: `Lesson ${i} ${title}`, lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      }),
      201,
    );
    lessonIds.push(lesson.id);
  }
  await ok(admin.patch(`/api/admin/courses/${course.id}/publish`, { data: { isPublished: true } }), 200);
  return { id: course.id, title, lessonIds, remove: () => admin.delete(`/api/admin/courses/${course.id}`) };
}

/** Every element inside `container` stays within its box, and nothing in it scrolls sideways. */
async function expectContained(page: Page, selector: string) {
  const escapes = await page.locator(selector).evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const out: string[] = [];
    for (const el of box.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < outer.left - 0.5 || r.right > outer.right + 0.5) out.push(`${el.tagName} ${Math.round(r.left)}–${Math.round(r.right)}`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') out.push(`${el.tagName} scrolls sideways`);
    }
    return out;
  });
  expect(escapes, `wider than ${selector}`).toEqual([]);
}

test('registration success on a 390-px phone: a long e-mail wraps inside the notice and the card, buttons 44 px high', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('a.remarkably.long.address.that.never.breaks.by.itself');
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Paula');
  await page.getByLabel('Last Name').fill('Polish');
  await page.getByLabel('Email').fill(email);
  // Continue sends the code.
  let since = new Date();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Enter Your Code' })).toBeVisible();
  await waitForCode(email, since);

  // The toast saying so sits at the bottom of the phone's screen, clear of the page's top.
  await expect(toast(page).filter({ hasText: 'Verification Code Sent' })).toBeVisible();
  // Once it has slid into place: in the lower half, whole on the screen.
  const bottom = async () => {
    const b = (await toast(page).first().boundingBox())!;
    return b.y + b.height;
  };
  await expect.poll(bottom).toBeLessThanOrEqual(844);
  const box = (await toast(page).first().boundingBox())!;
  expect(box.y, 'the toast is in the lower half of a phone').toBeGreaterThan(844 / 2);

  // A wrong code is said under the field; back to the details, Continue sends a new one.
  await page.getByLabel('Verification Code').fill('000000');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Invalid verification code. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Details' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  since = new Date();
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await waitForCode(email, since);
  await page.getByLabel('Verification Code').fill(code);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account Created' })).toBeVisible();
  await expect(page.locator('[data-slot="alert"]')).toContainText(email);

  for (const name of ['Go to Sign In', 'Back to Home']) {
    const b = (await page.getByRole('link', { name }).boundingBox())!;
    expect(b.height, `${name} height`).toBeGreaterThanOrEqual(44);
  }
  await expectContained(page, '[data-slot="card"]');
  await expectContained(page, '[data-slot="alert"]');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The success toast has gone (a toast moving to its wide-screen place mid-scan reads as faint text to axe).
  await expect(toast(page)).toHaveCount(0, { timeout: 15_000 });
  await atEveryLook(page, async ({ width, theme }) => {
    await expect(page.getByRole('heading', { name: 'Account Created' })).toBeVisible();
    await expectContained(page, '[data-slot="card"]');
    await expectAccessible(page, `registration success, ${width}px, ${theme}`);
  });
});

test("the tutor's preview tells one story: the dashboard card and the course screen show the same progress", async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(playwright);
  // Three lessons, and a simulated level that is not a whole quarter of them (1 or 2 of 3: 33% or 67%).
  const made: Awaited<ReturnType<typeof makeCourse>>[] = [];
  let course = await makeCourse(admin, `Preview Story ${unique()}`, 3);
  made.push(course);
  while (![1, 2].includes(previewCompletedLessons(course.id, 3))) {
    course = await makeCourse(admin, `Preview Story ${unique()}`, 3);
    made.push(course);
  }
  const done = previewCompletedLessons(course.id, 3);
  const percent = progressPercent(done, 3);
  // Session 4 is this test's own: it switches to the student view and back.
  await adminSession(context, 4);
  try {
    await ok(page.request.put('/api/me/view-mode', { data: { viewMode: 'student' } }), 200);
    await page.goto('/student/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Student Dashboard Preview' })).toBeVisible();
    const card = page.getByTestId('dashboard-course').filter({ has: page.getByRole('heading', { name: course.title }) });
    await expect(card).toContainText(`${done} of 3 lessons completed`);
    await expect(card).toContainText(`${percent}%`);
    await expect(card.getByRole('img', { name: `${course.title}: ${percent}% complete` })).toBeVisible();
    await atEveryLook(page, async ({ width, theme }) => {
      await expect(card).toBeVisible();
      await expectAccessible(page, `preview dashboard, ${width}px, ${theme}`);
    });

    await card.getByRole('link', { name: /^Preview Course/ }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${course.id}`));
    await expect(page.getByText(`${done} of 3 lessons completed`).first()).toBeVisible();
    await expect(page.getByText(`${percent}% complete`).first()).toBeVisible();
    // It opens at the first lesson the simulation left undone.
    await expect(page.getByRole('heading', { level: 2, name: `Lesson ${done + 1} ${course.title}` })).toBeVisible();
    await atEveryLook(page, async ({ width, theme }) => {
      await expect(page.getByText('Admin Preview Mode - Testing student learning experience - progress not saved')).toBeVisible();
      await expectAccessible(page, `preview course, ${width}px, ${theme}`);
    });
  } finally {
    await page.request.put('/api/me/view-mode', { data: { viewMode: 'admin' } });
    await Promise.all(made.map((c) => c.remove()));
    await admin.dispose();
  }
});

test('analytics show the sample beside a rate and hold back a verdict below the minimum; each tab says how it counts', async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(playwright);
  const course = await makeCourse(admin, `Tiny Sample ${unique()}`, 2);
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    // One student opened the first lesson minutes ago: 100% drop-off, from n = 1.
    const email = uniqueEmail('tiny-sample');
    const user = await apiRegister(api, { firstName: 'Tiny', lastName: 'Sample', email });
    await apiSetStatus(admin, user.id, 'approved');
    await ok(admin.post(`/api/admin/students/${user.id}/enrollments`, { data: { courseId: course.id } }), 201);
    await apiSignIn(api, email);
    await ok(api.put(`/api/lessons/${course.lessonIds[0]}/progress`, { data: { status: 'in_progress' } }), 200);

    await adminSession(context);
    await page.goto('/admin/analytics?tab=learning-paths');
    const path = page.getByRole('region', { name: course.title });
    const point = path.getByRole('listitem').filter({ hasText: `Lesson 1 ${course.title}` });
    await expect(point).toContainText('100% dropoff · n = 1 · No verdict yet');
    await expect(point).not.toContainText('High');
    await expect(path).toContainText('n = 1 · Difficulty no verdict yet');
    await expect(path.getByRole('meter', { name: /^Difficulty of/ })).toHaveCount(0);
    await expect(page.getByText(`Verdicts need at least ${AnalyticsRules.verdictMinStudents} students`).first()).toBeVisible();

    // Under each of the seven tabs a line says how its figures are computed.
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(7);
    for (const name of await tabs.allInnerTexts()) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expect(page.getByRole('tabpanel').getByTestId('tab-note')).toHaveText(/\w.{40,}/);
    }
    await page.getByRole('tab', { name: 'Learning Velocity', exact: true }).click();
    await expect(page.getByTestId('risk-rules')).toContainText('A course not started yet is not a risk.');

    // Tabs: a mouse click draws no focus ring (whatever the browser's :focus-visible says), the keyboard does.
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      return { outline: s.outlineStyle === 'none' ? 'none' : `${s.outlineStyle} ${s.outlineWidth}`, shadow: s.boxShadow };
    };
    const overview = page.getByRole('tab', { name: 'Overview', exact: true });
    const paths = page.getByRole('tab', { name: 'Learning Paths', exact: true });
    await overview.click();
    await expect(overview).toBeFocused();
    const clicked = await overview.evaluate(look);
    expect(clicked.outline).toBe('none');
    await page.keyboard.press('ArrowRight');
    await expect(paths).toBeFocused();
    await expect(paths).toHaveAttribute('aria-selected', 'true');
    const keyed = await paths.evaluate(look);
    expect(keyed.shadow, 'a ring for the keyboard').not.toBe(clicked.shadow);
    // The same tab clicked again with the mouse: the ring is gone.
    await paths.click();
    expect(await paths.evaluate(look)).toEqual(clicked);

    // At 390 px the seven tabs are one row that scrolls sideways: none alone on a row of its own.
    await page.setViewportSize({ width: 390, height: 844 });
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tab rows: ${tops.join(', ')}`).toBe(1);
    const list = page.getByRole('tablist', { name: 'Analytics' });
    expect(await list.evaluate((el) => el.parentElement!.scrollWidth > el.parentElement!.clientWidth)).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('tab', { name: 'Learning Paths', exact: true }).click();
    await atEveryLook(page, async ({ width, theme }) => {
      await expect(path).toBeVisible();
      await expectAccessible(page, `analytics learning paths, ${width}px, ${theme}`);
    });
  } finally {
    await api.dispose();
    await course.remove();
    await admin.dispose();
  }
});

test('the shell header shows the tagline over an opaque background, and the connection badge shows only while offline', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await adminSession(context);
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('shell-tagline')).toHaveText(TAGLINE);
  const background = await page
    .locator('header')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  // rgb(...) or an rgba/oklab colour with alpha 1: nothing scrolled under the header shows through.
  expect(background).not.toMatch(/\/\s*0?\.\d+\)|rgba\([^)]*,\s*0?\.\d+\)/);

  // Online, nothing floats over the page; offline, the badge says so, and it goes again when the connection returns.
  const badge = page.getByTestId('connection-badge');
  await page.waitForLoadState('networkidle');
  await expect(badge).toHaveCount(0);
  await context.setOffline(true);
  await expect(badge).toHaveAttribute('data-state', 'offline');
  await expect(badge).toContainText('Limited Offline Mode');
  await context.setOffline(false);
  await expect(badge).toHaveCount(0);
  // The connection toasts have said their piece (axe below scans the page as it stays).
  await expect(toast(page)).toHaveCount(0, { timeout: 15_000 });

  await atEveryLook(page, async ({ width, theme }) => {
    if (width >= 1024) await expect(page.getByTestId('shell-tagline')).toBeVisible();
    await expectAccessible(page, `admin home with the tagline and the badge, ${width}px, ${theme}`);
  });
});
