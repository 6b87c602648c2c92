import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LearningMessages } from '../../src/common/learning-rules';
import {
  adminRequest,
  adminSession,
  apiSignIn,
  atEveryLook,
  e2eDatabase,
  enrolledStudent,
  expectAccessible,
  lookAt,
  setCode,
  SUM_REFERENCE,
  SUM_WRONG,
} from './fixtures';

// The tutor's top bar and the Students area; on a phone, a lesson whose controls nothing floats
// over; the landing page saying what practice is, with a menu on a phone; and a lesson video that
// cannot play (decision 030), which says why and no longer holds up the lesson.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function ok<T>(res: Promise<import('@playwright/test').APIResponse>, status: number): Promise<T> {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return (await r.json()) as T;
}

/** A published course of one chapter; each lesson as given; the course's videos must be watched (90%). */
async function courseWith(admin: APIRequestContext, title: string, lessons: object[]) {
  const { course } = await ok<{ course: { id: string } }>(
    admin.post('/api/admin/courses', { data: { title, description: 'Made by the navigation-and-video e2e test.' } }),
    201,
  );
  const { chapter } = await ok<{ chapter: { id: string } }>(
    admin.post(`/api/admin/courses/${course.id}/chapters`, { data: { title: 'Basics' } }),
    201,
  );
  const lessonIds: string[] = [];
  for (const data of lessons) {
    const { lesson } = await ok<{ lesson: { id: string } }>(admin.post(`/api/admin/chapters/${chapter.id}/lessons`, { data }), 201);
    lessonIds.push(lesson.id);
  }
  await ok(admin.patch(`/api/admin/courses/${course.id}`, { data: { videoWatchShare: 90 } }), 200);
  await ok(admin.patch(`/api/admin/courses/${course.id}/publish`, { data: { isPublished: true } }), 200);
  return { id: course.id, lessonIds, remove: () => admin.delete(`/api/admin/courses/${course.id}`) };
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Every element fixed to the screen (other than the header and the lesson bar, and whatever is inside
 * them) that covers part of `target` as it is on the screen now: none may.
 */
async function floatingOver(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const t = el.getBoundingClientRect();
    const out: string[] = [];
    for (const other of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(other);
      if (style.position !== 'fixed' || style.visibility === 'hidden' || style.display === 'none') continue;
      if (other.closest('header, [data-lesson-bar]') || other.contains(el)) continue;
      const r = other.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom) {
        out.push(`${other.tagName.toLowerCase()}${other.getAttribute('aria-label') ? ` "${other.getAttribute('aria-label')}"` : ''}`);
      }
    }
    return out;
  });
}

test("the tutor's top bar: six areas in order, the current one marked, by keyboard, and a working menu on a phone", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await adminSession(context);
  await page.goto('/admin/dashboard');
  const bar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(bar.getByRole('link')).toHaveText(['Dashboard', 'Students', 'Courses', 'Gradebook', 'Analytics', /^Questions/]);
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  // The six areas stay on one row at the narrowest desktop width.
  await page.setViewportSize({ width: 768, height: 800 });
  const rows = await bar.evaluate(
    (nav) => new Set([...nav.querySelector('ul')!.children].map((li) => Math.round(li.getBoundingClientRect().top))).size,
  );
  expect(rows, 'rows of the top bar at 768 px').toBe(1);
  await lookAt(page, 'navigation', 'top-bar-768');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The keyboard reaches the areas in order and opens one.
  await page.locator('body').focus();
  let reached = false;
  for (let i = 0; i < 25 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Analytics');
  }
  expect(reached, 'Tab reaches Analytics').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(bar.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', /.+/);

  // The Students area: Students · Invitations · Notifications; the area stays marked on its pages.
  await bar.getByRole('link', { name: 'Students' }).click();
  const area = page.getByRole('navigation', { name: 'Students area' });
  await expect(area.getByRole('link')).toHaveText(['Students', 'Invitations', 'Notifications']);
  await expect(area.getByRole('link', { name: 'Students' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('main').getByRole('link', { name: 'Database Helper' })).toHaveCount(0);
  await lookAt(page, 'navigation', 'students-area-1280');
  await area.getByRole('link', { name: 'Invitations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invite Students' })).toBeVisible();
  await expect(area.getByRole('link', { name: 'Invitations' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'Students' })).toHaveAttribute('aria-current', 'true');
  await area.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(area.getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
  await atEveryLook(page, async ({ width, theme }) => {
    await expect(area).toBeVisible();
    await expectAccessible(page, `notifications in the Students area, ${width}px, ${theme}`);
    await lookAt(page, 'navigation', `notifications-${width}-${theme}`);
  });

  // The Database Helper: a link among the admin home's tools, still one click away.
  await page.setViewportSize({ width: 1280, height: 800 });
  await bar.getByRole('link', { name: 'Dashboard' }).click();
  const tools = page.getByRole('navigation', { name: 'Tools' });
  await tools.getByRole('link', { name: 'Database Helper' }).scrollIntoViewIfNeeded();
  await atEveryLook(page, async ({ width, theme }) => {
    await expect(tools).toBeVisible();
    await expectAccessible(page, `admin home with its tools, ${width}px, ${theme}`);
    await lookAt(page, 'navigation', `admin-home-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await tools.getByRole('link', { name: 'Database Helper' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Database Helper' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'true');

  // A phone: the bar folds into the menu, which lists the same areas and takes the tutor there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/students');
  await expect(page.getByRole('navigation', { name: 'Students area' })).toBeVisible();
  await lookAt(page, 'navigation', 'students-area-390');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  const menuNav = menu.getByRole('navigation', { name: 'Dashboard' });
  await expect(menuNav.getByRole('link')).toHaveText(['Dashboard', 'Students', 'Courses', 'Gradebook', 'Analytics', /^Questions/]);
  await expect(menuNav.getByRole('link', { name: 'Students' })).toHaveAttribute('aria-current', 'page');
  await lookAt(page, 'navigation', 'menu-390');
  await expectAccessible(page, 'the tutor menu on a phone');
  await menuNav.getByRole('link', { name: 'Analytics' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
});

test('on a phone nothing floats over Run, Submit, the results or the lesson bar: the AI tutor sits in the bar', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const admin = await adminRequest(playwright);
  const course = await courseWith(admin, `Clear Controls ${unique()}`, [
    { title: 'Sums', lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0' },
    { title: 'Just watch', lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0' },
  ]);
  await ok(
    admin.post(`/api/admin/lessons/${course.lessonIds[0]}/exercises`, {
      data: {
        title: 'Sum of two numbers',
        language: 'c',
        statement: 'Read two whole numbers and print their **sum**.',
        referenceSolution: SUM_REFERENCE,
        tests: [{ input: '2 3\n', expectedOutput: '5\n' }],
      },
    }),
    201,
  );
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  try {
    const student = await enrolledStudent(context.request, admin, course.id, 'Phoebe');
    await apiSignIn(context.request, student.email);
    await page.goto(`/course/${course.id}?lesson=${course.lessonIds[0]}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Sums' })).toBeVisible();
    const lessonBar = page.locator('[data-lesson-bar]');
    const tutor = lessonBar.getByRole('button', { name: 'Open AI Tutor' });
    await expect(tutor, 'the AI tutor button is in the lesson bar').toBeVisible();

    // Online, no connection badge; no install offer on a lesson screen.
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('connection-badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Install/ })).toHaveCount(0);

    await setCode(page, /Code editor for Sum of two numbers/, SUM_WRONG);
    const run = page.getByRole('button', { name: 'Run', exact: true });
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await submit.click();
    await expect(page.getByText(/0 of 1 tests? passed/)).toBeVisible({ timeout: 60_000 });
    const results = page.getByRole('region', { name: /: result$/ }).first();

    const tutorBox = (await tutor.boundingBox())!;
    for (const button of await lessonBar.getByRole('button').all()) {
      if ((await button.getAttribute('aria-label')) === 'Open AI Tutor') continue;
      const box = await button.boundingBox();
      expect(overlaps(tutorBox, box!), `the AI tutor button and ${await button.getAttribute('aria-label')}`).toBe(false);
    }
    // Wherever the page is scrolled, nothing but the header and the lesson bar is fixed over what the
    // student needs; and once it is above the bar, the AI tutor's button (in the bar) is clear of it.
    const barBox = (await lessonBar.boundingBox())!;
    for (const [name, target] of [
      ['Run', run],
      ['Submit', submit],
      ['the results', results],
    ] as const) {
      for (const block of ['start', 'center', 'end'] as const) {
        await target.evaluate((el, b) => el.scrollIntoView({ block: b, behavior: 'instant' }), block);
        expect(await floatingOver(target), `over ${name} (${block})`).toEqual([]);
        const box = (await target.boundingBox())!;
        if (box.y + box.height <= barBox.y) expect(overlaps(tutorBox, box), `the AI tutor button over ${name} (${block})`).toBe(false);
      }
      await target.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      const box = (await target.boundingBox())!;
      expect(box.y + box.height, `${name} can be scrolled clear of the lesson bar`).toBeLessThanOrEqual(barBox.y);
      expect(overlaps(tutorBox, box)).toBe(false);
    }
    await run.scrollIntoViewIfNeeded();
    await lookAt(page, 'navigation', 'lesson-controls-390');
    await expectAccessible(page, 'the lesson with its exercise on a phone');

    // Opened from the bar and closed again, focus comes back to it.
    await tutor.click();
    const panel = page.getByTestId('ai-tutor-panel');
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Close AI Tutor' }).click();
    await expect(tutor).toBeFocused();
  } finally {
    await context.close();
    await course.remove();
    await admin.dispose();
  }
});

test('the landing page says what practice is near the top, and its sections have a menu on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const pitch = page.getByTestId('practice-pitch');
  await expect(pitch).toContainText('exercises in C, Java, JavaScript and WebGL');
  await expect(pitch).toContainText('graded in seconds');
  await expect(pitch).toContainText('instant feedback');
  const box = (await pitch.boundingBox())!;
  expect(box.y + box.height, 'on the first screen of a phone').toBeLessThan(844);

  const menu = page.getByText('Menu', { exact: true });
  await expect(menu).toBeVisible();
  await menu.click();
  const item = (name: string) => page.getByRole('banner').locator('details').getByRole('link', { name, exact: true });
  for (const name of ["How You'll Learn", 'Courses', 'Free Lesson', 'Why Learn Here', 'Contact']) {
    await expect(item(name)).toBeVisible();
  }
  await atEveryLook(page, async ({ width, theme }) => {
    if (width === 390) {
      if (!(await item('Courses').isVisible())) await menu.click();
      await expect(item('Courses')).toBeVisible();
    }
    await expectAccessible(page, `landing page with its menu, ${width}px, ${theme}`);
    await lookAt(page, 'landing', `top-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  if (!(await item('Courses').isVisible())) await menu.click();
  await item('Courses').click();
  await expect(page).toHaveURL(/#courses$/);
  await expect(item('Courses')).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Three paths, one goal: real skills' })).toBeInViewport();
  // The keyboard: Enter opens it, Escape closes it and leaves focus on the menu button.
  await page.getByRole('banner').locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(item('Free Lesson')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(item('Free Lesson')).toBeHidden();
  await expect(page.getByRole('banner').locator('summary')).toBeFocused();
});

/** Whether the server kept the student's report of an unplayable video, and its reason. */
async function unplayableReason(studentId: string, lessonId: string) {
  const db = await e2eDatabase();
  try {
    const { rows } = await db.query<{ unplayable_reason: string | null }>(
      'select unplayable_reason from video_progress where student_id = $1 and lesson_id = $2',
      [studentId, lessonId],
    );
    return rows[0]?.unplayable_reason ?? null;
  } finally {
    await db.end();
  }
}

async function expectNotice(page: Page, reason: 'error' | 'timeout') {
  const notice = page.getByTestId('video-unplayable');
  await expect(notice).toContainText(LearningMessages.videoUnplayableTitle);
  await expect(notice).toContainText(LearningMessages.videoUnplayable(reason));
  await expect(notice).toContainText(LearningMessages.videoUnplayableWayOn);
  return notice;
}

test('a video file that cannot load says why, and Mark Complete is no longer stuck on the watched share', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(playwright);
  const course = await courseWith(admin, `Broken File ${unique()}`, [
    { title: 'A missing film', lessonType: 'VIDEO', videoUrl: 'https://videos.example.invalid/lesson-1.mp4' },
    { title: 'Next one', lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0' },
  ]);
  try {
    // Whatever the network here, the file never arrives.
    await page.route('**/*.mp4', (route) => route.abort('blockedbyclient'));
    const student = await enrolledStudent(page.request, admin, course.id, 'Felix');
    await apiSignIn(page.request, student.email);
    await page.goto(`/course/${course.id}?lesson=${course.lessonIds[0]}`);
    await expect(page.getByRole('heading', { level: 2, name: 'A missing film' })).toBeVisible();
    await expectNotice(page, 'error');
    const complete = page.getByRole('button', { name: 'Mark Complete' });
    await expect(complete).toBeEnabled();
    await expect(page.getByText(LearningMessages.watchFirst(90)).filter({ visible: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Open the Video on Its Site/ })).toHaveAttribute(
      'href',
      'https://videos.example.invalid/lesson-1.mp4',
    );
    await atEveryLook(page, async ({ width, theme }) => {
      await page.getByTestId('video-unplayable').scrollIntoViewIfNeeded();
      await expectAccessible(page, `an unplayable video file, ${width}px, ${theme}`);
      await lookAt(page, 'video', `file-error-${width}-${theme}`);
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await complete.click();
    // Completed (the screen moves on to the next lesson).
    await expect(page.getByRole('complementary').getByRole('button', { name: /^Completed: A missing film/ })).toBeVisible();
    expect(await unplayableReason(student.id, course.lessonIds[0]!)).toBe('error');
  } finally {
    await course.remove();
    await admin.dispose();
  }
});

test('a YouTube video whose player never answers (a blocked site) says so after 15 seconds, and the phone can complete the lesson', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(playwright);
  const course = await courseWith(admin, `Blocked Site ${unique()}`, [
    { title: 'Blocked at school', lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0' },
    { title: 'After it', lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0' },
  ]);
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  try {
    // As a school's filter would: the player's site never answers.
    await page.route(/^https:\/\/([a-z]+\.)?(youtube|youtube-nocookie|ytimg|googlevideo)\.com\//, (route) => route.abort());
    await page.clock.install();
    const student = await enrolledStudent(context.request, admin, course.id, 'Bianca');
    await apiSignIn(context.request, student.email);
    await page.goto(`/course/${course.id}?lesson=${course.lessonIds[0]}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Blocked at school' })).toBeVisible();
    const bar = page.locator('[data-lesson-bar]');
    const complete = bar.getByRole('button', { name: 'Complete', exact: true });
    // Before play nothing is known: the watched share still holds Complete back.
    await expect(complete).toBeDisabled();
    await expect(page.getByText(LearningMessages.watchFirst(90)).filter({ visible: true })).toBeVisible();
    await expect(page.getByTestId('video-unplayable')).toHaveCount(0);

    await page.getByRole('button', { name: 'Blocked at school. Play video' }).click();
    await expect(page.locator('iframe[title="Video: Blocked at school"]')).toBeAttached();
    await page.clock.fastForward(16_000);
    const notice = await expectNotice(page, 'timeout');
    await expect(complete).toBeEnabled();
    await expect(page.getByText(LearningMessages.watchFirst(90)).filter({ visible: true })).toHaveCount(0);
    await expect(notice.getByRole('link', { name: /Open the Video on Its Site/ })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=KJgsSFOSQv0',
    );
    await notice.scrollIntoViewIfNeeded();
    await lookAt(page, 'video', 'youtube-timeout-390');
    await expectAccessible(page, 'a blocked YouTube video on a phone');

    // 'Try Again' brings the play button back; the server has the report already.
    await notice.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'Blocked at school. Play video' })).toBeVisible();
    await expect(page.getByTestId('video-unplayable')).toHaveCount(0);
    await expect(complete).toBeEnabled();
    await complete.click();
    await expect(bar.getByRole('button', { name: 'Complete', exact: true })).toHaveCount(0);
    expect(await unplayableReason(student.id, course.lessonIds[0]!)).toBe('timeout');
  } finally {
    await context.close();
    await course.remove();
    await admin.dispose();
  }
});
