import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { AnalyticsMessages } from '../../src/common/analytics';
import { ENGAGEMENT_TEXTS } from '../../src/common/analytics-texts';
import { waitForMail } from '../support/mailbox';
import { startSmtpSink } from '../support/smtp-sink';
import {
  adminRequest,
  adminSession,
  apiRegister,
  apiSetStatus,
  apiSignIn,
  e2eDatabase,
  expectAccessible,
  failedSumSubmission,
  lookAt,
  SUM_REFERENCE,
  uniqueEmail,
} from './fixtures';
import { freePort } from '../support/server-process';

const TABS = [
  'Overview',
  'Learning Paths',
  'Content Engagement',
  'Dropoff Analysis',
  'Learning Velocity',
  'Predictions',
  'Weekly Trends',
] as const;
type TabName = (typeof TABS)[number];

const openTab = async (page: Page, name: TabName) => {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
};

async function accessibleOnEveryTab(page: Page, label: string) {
  for (const name of TABS) {
    await openTab(page, name);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    // The shell around the main content is scanned by the other screens' tests.
    await expectAccessible(page, `/admin/analytics ${name}, ${label}`, '#main-content');
  }
}

/** The page never scrolls sideways (a 390-px phone included). */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

/**
 * This test's own course: chapter Foundations (Intro, Loops), chapter Practice (Arrays), and five
 * approved students. Worked out:
 *   s1 completes all three lessons (100%); s2, s3 and s5 complete Intro and open Loops (33%);
 *   s4 only opens Loops (0%), enrolled 20 days ago.
 *   Loops: 5 started, 1 completed → 80% drop-off (high: 5 students, enough for a verdict), 4 students affected.
 *   Course: 5 enrollments, 1 at 100% → completion 20%; average progress (100 + 33 · 3 + 0) / 5 = 40%.
 *   Foundations: 9 lesson starts, 5 completed → 56% completion; 5 students on Loops: difficulty 44 (yellow).
 *   Practice: 1 start, 1 completed → 100%, but from 1 student: no difficulty verdict.
 *   s4: no pace after 20 days, and a course started and stalled under 20% → 'Low activity' and 'Struggling with content'.
 * And a second course, one lesson (Pointers) that s2, s3 and s4 open and nobody completes: 100%
 * drop-off from 3 students, shown with its n and no verdict nor suggestions; among the lessons
 * without a verdict it ranks first (rate first, then students affected).
 */
async function analyticsCourse(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  admin: APIRequestContext,
) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ok = async <T>(res: Promise<import('@playwright/test').APIResponse>, status: number): Promise<T> => {
    const r = await res;
    expect(r.status(), await r.text()).toBe(status);
    return (await r.json()) as T;
  };
  const title = `Analytics E2E ${tag}`;
  const newCourse = async (t: string) => {
    const { course } = await ok<{ course: { id: string } }>(
      admin.post('/api/admin/courses', { data: { title: t, description: 'Made by the analytics e2e test.' } }),
      201,
    );
    return course.id;
  };
  const chapter = async (courseId: string, t: string) =>
    (await ok<{ chapter: { id: string } }>(admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: t } }), 201)).chapter.id;
  const video = 'https://www.youtube.com/watch?v=KJgsSFOSQv0';
  const lesson = async (chapterId: string, t: string) =>
    (
      await ok<{ lesson: { id: string } }>(
        admin.post(`/api/admin/chapters/${chapterId}/lessons`, { data: { title: t, lessonType: 'VIDEO', videoUrl: video } }),
        201,
      )
    ).lesson.id;
  const publish = (courseId: string) => ok(admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } }), 200);
  const course = { id: await newCourse(title) };
  const foundations = await chapter(course.id, 'Foundations');
  const practice = await chapter(course.id, 'Practice');
  const lessons = {
    intro: await lesson(foundations, `Intro ${tag}`),
    loops: await lesson(foundations, `Loops ${tag}`),
    arrays: await lesson(practice, `Arrays ${tag}`),
  };
  await publish(course.id);
  const other = { id: await newCourse(`Analytics E2E Dropoff ${tag}`) };
  const pointers = await lesson(await chapter(other.id, 'Memory'), `Pointers ${tag}`);
  await publish(other.id);

  const students = await Promise.all(
    ['One', 'Two', 'Three', 'Four', 'Five'].map(async (firstName) => {
      const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      const lastName = `Stats${tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
      const email = uniqueEmail(`analytics-${firstName.toLowerCase()}`);
      const user = await apiRegister(api, { firstName, lastName, email });
      await apiSetStatus(admin, user.id, 'approved');
      await ok(admin.post(`/api/admin/students/${user.id}/enrollments`, { data: { courseId: course.id } }), 201);
      await apiSignIn(api, email);
      return { id: user.id, api, email, name: `${firstName} ${lastName}` };
    }),
  );
  const progress = (s: (typeof students)[number], lessonId: string, status: 'in_progress' | 'completed') =>
    ok(s.api.put(`/api/lessons/${lessonId}/progress`, { data: { status } }), 200);
  const [s1, s2, s3, s4, s5] = students as [
    (typeof students)[number],
    (typeof students)[number],
    (typeof students)[number],
    (typeof students)[number],
    (typeof students)[number],
  ];
  for (const l of [lessons.intro, lessons.loops, lessons.arrays]) await progress(s1, l, 'completed');
  for (const s of [s2, s3, s5]) {
    await progress(s, lessons.intro, 'completed');
    await progress(s, lessons.loops, 'in_progress');
  }
  await progress(s4, lessons.loops, 'in_progress');
  for (const s of [s2, s3, s4]) {
    await ok(admin.post(`/api/admin/students/${s.id}/enrollments`, { data: { courseId: other.id } }), 201);
    await progress(s, pointers, 'in_progress');
  }
  // s2 watched Pointers for 2 minutes and started its video.
  const now = new Date().toISOString();
  await ok(
    s2.api.post('/api/events', {
      data: {
        events: [
          { type: 'lesson_opened', lessonId: pointers, occurredAt: now },
          { type: 'video_started', lessonId: pointers, occurredAt: now },
        ],
      },
    }),
    200,
  );
  const db = await e2eDatabase();
  try {
    // The server credits visible time against its own clock: as if s2's last credited heartbeat
    // were three minutes ago, so the two minutes below are within the time that passed.
    await db.query(`update learning_event_budgets set heartbeat_until = now() - interval '3 minutes' where student_id = $1`, [s2.id]);
    await ok(
      s2.api.post('/api/events', {
        data: { events: [{ type: 'lesson_heartbeat', lessonId: pointers, occurredAt: new Date().toISOString(), seconds: 120 }] },
      }),
      200,
    );

    // Enrolled 21, 14, 10 and 20 days ago (s5 today): the forecasts have their week of history.
    await db.query(
      `update enrollments e set enrolled_at = now() - (d.days || ' days')::interval
       from (values ($1::uuid, 21), ($2::uuid, 14), ($3::uuid, 10), ($4::uuid, 20)) d(id, days)
       where e.student_id = d.id and e.course_id = $5`,
      [s1.id, s2.id, s3.id, s4.id, course.id],
    );
  } finally {
    await db.end();
  }
  return { id: course.id, title, tag, lessons, students, dispose: () => Promise.all(students.map((s) => s.api.dispose())) };
}

test('the tutor reads every tab with data and switches the time range', async ({ page, context, playwright }) => {
  test.setTimeout(90_000);
  const admin = await adminRequest(playwright);
  const course = await analyticsCourse(playwright, admin);
  await adminSession(context);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: AnalyticsMessages.title })).toBeVisible();
  for (const label of ['Total Students', 'Course Performance', 'Total Enrollments', 'Average Progress'])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Time range')).toHaveValue('30d');
  await expect(page.getByText(/^Last 30 days:$/)).toBeVisible();

  // Overview: our course among the top 5 (ranked by completion, said under the list), the engagement summary and
  // the distribution chart's table.
  await expect(page.getByText(/^Published courses with students, ranked by completion rate, then average progress/).first()).toBeVisible();
  const top = page.getByRole('list', { name: 'Courses by completion rate' }).getByRole('listitem').filter({ hasText: course.title });
  await expect(top).toContainText('5 enrollments · 3 lessons');
  await expect(top).toContainText('Completion rate20% n = 5');
  await expect(top).toContainText('Average progress40%');
  // One meaning of "active" on the page, said in words under the figure; the card counts the same students.
  for (const key of ['active', 'new', 'inactive'] as const) {
    const { label, description } = ENGAGEMENT_TEXTS[key];
    await expect(page.getByRole('progressbar', { name: new RegExp(`^${label} students: \\d+%$`) })).toBeVisible();
    await expect(page.getByText(description, { exact: true })).toBeVisible();
  }
  const activeCount = (await page.getByTestId('engagement-active-count').innerText()).trim();
  await expect(page.getByRole('listitem').filter({ hasText: /^Total Students/ })).toContainText(
    `${activeCount} active: did something in a lesson in the last 7 days`,
  );
  await expect(page.getByText(/Struggling|no activity for more than 14 days/)).toHaveCount(0);
  await expect(page.getByRole('figure', { name: 'Enrollments by progress' })).toBeVisible();

  await openTab(page, 'Learning Paths');
  const path = page.getByRole('region', { name: course.title });
  await expect(path).toContainText('Lessons in the optimal sequence3');
  await expect(path).toContainText('Dropoff points1');
  await expect(path.getByRole('listitem').filter({ hasText: `Loops ${course.tag}` })).toContainText('80% dropoff · n = 5 · High');
  await expect(path.getByRole('listitem').filter({ hasText: `Loops ${course.tag}` })).toContainText('4 students affected');
  await expect(path.getByRole('meter', { name: 'Difficulty of Foundations: 44 out of 100' })).toBeVisible();
  // One student in Practice: the completion rate with its n, and no difficulty verdict.
  await expect(path.getByRole('meter', { name: /^Difficulty of Practice/ })).toHaveCount(0);
  await expect(path.getByRole('listitem').filter({ hasText: '2. Practice' })).toContainText(
    'Completion 100% · n = 1 · Difficulty no verdict yet',
  );
  await expect(page.getByText('Verdicts need at least 5 students; below that, the figures show with their n only.')).toBeVisible();
  await expect(path.getByRole('figure', { name: 'Completion and difficulty by chapter' })).toBeVisible();

  await openTab(page, 'Content Engagement');
  const content = page.getByRole('tabpanel');
  // Watch time, skip rate, replay rate, bounce rate, satisfaction: said, never a number.
  await expect(content.locator('dd', { hasText: /^not tracked/ })).toHaveCount(5);
  await expect(content).toContainText('Total views');

  await openTab(page, 'Dropoff Analysis');
  await expect(page.getByRole('figure', { name: 'Drop-off rate per lesson' })).toBeVisible();
  const dropoff = page.getByRole('region', { name: `Pointers ${course.tag}` });
  await expect(dropoff).toContainText(`Analytics E2E Dropoff ${course.tag} · Chapter: Memory · Video lesson`);
  // Three students: the rate and its n, no verdict and no suggestions.
  await expect(dropoff).toContainText('100% dropoff · n = 3 · No verdict yet');
  await expect(dropoff).toContainText('Students started3');
  await expect(dropoff).toContainText('Students completed0');
  // s2 spent 2 minutes and started the video; s3 and s4 only opened it.
  await expect(dropoff).toContainText('Average time before dropoff2 min');
  await expect(dropoff.getByRole('listitem').filter({ hasText: 'Opened the lesson only' })).toContainText('2 students');
  await expect(dropoff.getByRole('listitem').filter({ hasText: 'Started the video' })).toContainText('1 student');
  await expect(dropoff.getByRole('region', { name: 'Improvement suggestions' })).toContainText(
    'Only 3 students started this lesson: too few for suggestions. Verdicts need at least 5 students.',
  );
  const loops = page.getByRole('region', { name: `Loops ${course.tag}` });
  await expect(loops).toContainText('80% dropoff · n = 5 · High');
  await expect(loops.getByRole('region', { name: 'Improvement suggestions' })).toContainText(
    'Most students who start this lesson do not finish it',
  );

  await openTab(page, 'Learning Velocity');
  const four = page.getByRole('group', { name: course.students[3]!.name });
  await expect(four).toContainText('Low activity');
  await expect(four).toContainText('Struggling with content');
  await expect(four).toContainText('No pace yet');
  await expect(four).toContainText('4 lessons left');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/analytics/students.csv');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv).toContain(course.students[3]!.name.split(' ')[1]!);
  // One action reminds the students at risk; the confirmation names them, and the reminder is mailed.
  const since = new Date();
  await page.getByRole('button', { name: 'Remind At-Risk Students' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('list', { name: 'Students to remind' })).toContainText(course.students[3]!.name);
  await confirm.getByRole('button', { name: 'Send Reminders' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /reminders? queued/ })).toBeVisible();
  await waitForMail(course.students[3]!.email, { since, test: (m) => /are waiting/.test(m.raw) });

  await openTab(page, 'Predictions');
  for (const label of ['Student Growth', 'Course Completion Rate', 'Weekly Active Students'])
    await expect(page.getByRole('region', { name: label })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Weekly Active Students' })).toContainText('High confidence (80%)');

  await openTab(page, 'Weekly Trends');
  await expect(page.getByRole('figure', { name: 'New enrollments per week' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Weekly activity' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Enrollments' })).toBeVisible();

  // The range refetches what depends on time and keeps the tab.
  const asked = page.waitForRequest((r) => r.url().includes('/api/admin/analytics?range=7d'));
  await page.getByLabel('Time range').selectOption('7d');
  await asked;
  await expect(page.getByText(/^Last 7 days:$/)).toBeVisible();
  await expect(page).toHaveURL(/range=7d/);
  await expect(page.getByRole('tab', { name: 'Weekly Trends' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await course.dispose();
  await admin.dispose();
});

test('the exercise table names the failing test by its input, says "Not tried yet", and opens the students\' code; joined today is new', async ({
  page,
  context,
  browser,
  playwright,
}) => {
  test.setTimeout(150_000);
  const admin = await adminRequest(playwright);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const title = `Analytics Exercises ${tag}`;
  const sum = await failedSumSubmission(browser, admin, { title, lessons: ['Sums', 'Products'], studentName: 'Nia' });
  const untried = await admin.post(`/api/admin/lessons/${sum.lessonIds[1]}/exercises`, {
    data: {
      title: `Product ${tag}`,
      language: 'c',
      statement: 'Print the product.',
      referenceSolution: SUM_REFERENCE.replace('a + b', 'a * b'),
      tests: [{ input: '2 3\n', expectedOutput: '6\n' }],
    },
  });
  expect(untried.status(), await untried.text()).toBe(201);
  // Two students who join today and have done nothing yet: new, never inactive.
  const joined = await Promise.all(
    ['Ola', 'Pia'].map(async (firstName) => {
      const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      const email = uniqueEmail(`joined-${firstName.toLowerCase()}`);
      const user = await apiRegister(api, { firstName, lastName: `Joined${tag.replace(/\d/g, 'x')}`, email });
      await apiSetStatus(admin, user.id, 'approved');
      expect((await admin.post(`/api/admin/students/${user.id}/enrollments`, { data: { courseId: sum.courseId } })).status()).toBe(201);
      await api.dispose();
      return user.id;
    }),
  );
  const csv = await (await admin.get('/api/admin/analytics/students.csv')).text();
  const statusOf = (lastName: string) =>
    csv
      .split('\r\n')
      .find((line) => line.includes(lastName))
      ?.split(',')[6];
  expect(statusOf(`Joined${tag.replace(/\d/g, 'x')}`)).toBe('new');
  expect(joined).toHaveLength(2);

  await adminSession(context);
  await page.goto('/admin/analytics?tab=content');
  const table = page.getByRole('table', { name: 'Figures per exercise' });
  const failed = table.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Sum of two numbers' });
  await expect(failed).toContainText('Test 1: input “2 3” (1 failure)');
  const notTried = table.getByRole('row').filter({ hasText: `Product ${tag}` });
  await expect(notTried).toContainText('Not tried yet');
  await expect(notTried.getByRole('button', { name: /Students' Code/ })).toHaveCount(0);
  await expect(page.getByText(/none failed/i)).toHaveCount(0);

  await failed.getByRole('button', { name: "Students' Code: Sum of two numbers" }).click();
  const dialog = page.getByRole('dialog', { name: "Students' code: Sum of two numbers" });
  await expect(dialog).toContainText(sum.student.fullName);
  await expectAccessible(page, "the students' code dialog, 1280px");
  await lookAt(page, 'analytics', 'students-code-1280-light');
  await dialog.getByRole('button', { name: `View the code of ${sum.student.fullName}` }).click();
  await expect(page.getByRole('dialog', { name: `${sum.student.fullName}: Sum of two numbers` })).toContainText('a * b');
  await lookAt(page, 'analytics', 'student-work-1280-light');
  await page.keyboard.press('Escape');

  for (const [width, theme] of [
    [390, 'dark'],
    [1280, 'dark'],
    [390, 'light'],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/admin/analytics?tab=content');
    await expect(failed).toBeVisible();
    await failed.scrollIntoViewIfNeeded();
    await lookAt(page, 'analytics', `exercise-table-${width}-${theme}`);
    await page.goto('/admin/analytics');
    await expect(page.getByTestId('engagement-new-count')).toBeVisible();
    await page.getByTestId('engagement-new-count').scrollIntoViewIfNeeded();
    await lookAt(page, 'analytics', `overview-${width}-${theme}`);
  }
  await sum.context.close();
  await admin.dispose();
});

for (const [width, height, theme] of [
  [1280, 800, 'light'],
  [390, 844, 'dark'],
  [1280, 800, 'dark'],
  [390, 844, 'light'],
] as const) {
  test(`every tab has no serious accessibility violation at ${width} px, ${theme}`, async ({ browser }) => {
    // Seven tabs with charts, each scanned by axe: room for a busy machine.
    test.setTimeout(180_000);
    const context = await browser.newContext({ colorScheme: theme, viewport: { width, height } });
    const page = await context.newPage();
    await adminSession(context);
    await page.goto('/admin/analytics');
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await accessibleOnEveryTab(page, `${width}px, ${theme}`);
    await expectNoSidewaysScroll(page, `${width}px, ${theme}`);
    await context.close();
  });
}

// ---- An empty platform: a server of this test's own, without the demo courses and test students ----

async function emptyServer() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-e2e-analytics-'));
  await fs.chmod(root, 0o755);
  const mailbox = path.join(root, 'mailbox');
  const smtp = await startSmtpSink(mailbox);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(process.env.DIST_DIR ?? 'dist', 'server', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // No test students, hence no demo courses either: only the tutor.
      DEV_TOOLS: 'off',
      // Nothing is graded on an empty platform: no workers to warm up before it answers.
      GRADING_WORKERS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ADMIN_EMAIL: 'admin@example.com',
      APP_URL: url,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    await smtp.close();
    await fs.rm(root, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the empty server exited with ${child.exitCode}`);
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 240) throw new Error('the empty server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const since = Date.now();
    const sent = await fetch(`${url}/api/auth/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', purpose: 'login' }),
    });
    expect(sent.status).toBe(202);
    let code: string | undefined;
    while (!code) {
      if (Date.now() - since > 10_000) throw new Error('no sign-in code from the empty server');
      for (const f of await fs.readdir(mailbox)) {
        if (f.endsWith('.json')) code ??= (await fs.readFile(path.join(mailbox, f), 'utf8')).match(/Subject: (\d{6}) is your/)?.[1];
      }
      if (!code) await new Promise((r) => setTimeout(r, 150));
    }
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', code }),
    });
    const sid = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0]
      ?.slice(4);
    expect(sid, await res.text()).toBeTruthy();
    return { url, sid: sid!, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function signedInPage(browser: Browser, server: { url: string; sid: string }, theme: 'light' | 'dark', width: number) {
  const context = await browser.newContext({ baseURL: server.url, colorScheme: theme, viewport: { width, height: 844 } });
  await context.addCookies([{ name: 'sid', value: server.sid, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  return { context, page: await context.newPage() };
}

test('an empty platform shows each empty state, at 390 and 1280 px', async ({ browser }) => {
  test.setTimeout(90_000);
  const server = await emptyServer();
  try {
    // Every empty text at both widths; axe on every tab once (phone, dark), the rest of the matrix being the tests above.
    for (const [width, theme] of [
      [390, 'dark'],
      [1280, 'light'],
    ] as const) {
      const { context, page } = await signedInPage(browser, server, theme, width);
      await page.goto('/admin/analytics');
      await expect(page.getByRole('heading', { level: 1, name: AnalyticsMessages.title })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: /^Average Progress/ })).toContainText('No data yet');
      await expect(page.getByText(AnalyticsMessages.topCoursesEmpty)).toBeVisible();
      await openTab(page, 'Learning Paths');
      await expect(page.getByText(AnalyticsMessages.learningPathsEmpty)).toBeVisible();
      await openTab(page, 'Content Engagement');
      await expect(page.getByText('No lesson has a tutorial PDF yet.')).toBeVisible();
      await openTab(page, 'Dropoff Analysis');
      await expect(page.getByText(AnalyticsMessages.dropoffEmpty)).toBeVisible();
      await openTab(page, 'Learning Velocity');
      await expect(page.getByText(AnalyticsMessages.velocityEmpty)).toBeVisible();
      await openTab(page, 'Predictions');
      await expect(page.getByText(AnalyticsMessages.predictionsEmpty)).toBeVisible();
      await openTab(page, 'Weekly Trends');
      await expect(page.getByText(AnalyticsMessages.topCoursesEmpty)).toBeVisible();
      await expect(page.getByText(AnalyticsMessages.recentEnrollmentsEmpty)).toBeVisible();
      if (theme === 'dark') await accessibleOnEveryTab(page, `empty, ${width}px, ${theme}`);
      await expectNoSidewaysScroll(page, `empty, ${width}px, ${theme}`);
      await context.close();
    }
  } finally {
    await server.stop();
  }
});
