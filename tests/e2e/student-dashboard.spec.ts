import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { GradebookMessages } from '../../src/common/gradebook';
import { previewCompletedLessons, progressPercent, type DashboardResponse } from '../../src/common/learning';
import {
  adminRequest,
  adminSession,
  apiRegister,
  apiSetStatus,
  apiSignIn,
  atBothWidths,
  collectErrors,
  expectAccessible,
  firstPageAnswer,
  uniqueEmail,
} from './fixtures';

// Tests run in parallel on one shared server: each makes its own students and courses and only
// asserts about those (the seeded students are shared with other specs, so their progress is not changed here).

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Course = { id: string; title: string; lessonIds: string[]; remove: () => Promise<unknown> };

/** A course of this test's own with one chapter of `lessons` video lessons, published unless told otherwise. */
async function makeCourse(admin: APIRequestContext, title: string, lessons: number, published = true): Promise<Course> {
  const created = await admin.post('/api/admin/courses', {
    data: { title, description: `${title}: made by the student dashboard e2e test.` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { course } = (await created.json()) as { course: { id: string } };
  const ch = await admin.post(`/api/admin/courses/${course.id}/chapters`, { data: { title: 'Basics' } });
  expect(ch.status(), await ch.text()).toBe(201);
  const { chapter } = (await ch.json()) as { chapter: { id: string } };
  const lessonIds: string[] = [];
  for (let i = 1; i <= lessons; i++) {
    const res = await admin.post(`/api/admin/chapters/${chapter.id}/lessons`, {
      data: { title: `Lesson ${i}`, lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(res.status(), await res.text()).toBe(201);
    lessonIds.push(((await res.json()) as { lesson: { id: string } }).lesson.id);
  }
  if (published) {
    const res = await admin.patch(`/api/admin/courses/${course.id}/publish`, { data: { isPublished: true } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { id: course.id, title, lessonIds, remove: () => admin.delete(`/api/admin/courses/${course.id}`) };
}

/** A freshly registered student, approved by the tutor, with `request` signed in as them. */
async function approvedStudent(request: APIRequestContext, admin: APIRequestContext, firstName: string) {
  const lastName = `Dash${unique().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const email = uniqueEmail('dashboard');
  const user = await apiRegister(request, { firstName, lastName, email });
  await apiSetStatus(admin, user.id, 'approved');
  await apiSignIn(request, email);
  return { id: user.id, email, fullName: `${firstName} ${lastName}` };
}

async function enroll(admin: APIRequestContext, studentId: string, courseId: string) {
  const res = await admin.post(`/api/admin/students/${studentId}/enrollments`, { data: { courseId } });
  expect(res.status(), await res.text()).toBe(201);
}

async function complete(student: APIRequestContext, lessonId: string) {
  const res = await student.put(`/api/lessons/${lessonId}/progress`, { data: { status: 'completed' } });
  expect(res.status(), await res.text()).toBe(200);
}

async function dashboardApi(request: APIRequestContext): Promise<DashboardResponse> {
  const res = await request.get('/api/student/dashboard');
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

const statCard = (page: Page, label: string) =>
  page.locator('[data-slot="stat-card"]').filter({ has: page.getByText(label, { exact: true }) });
const courseCards = (page: Page) => page.getByTestId('dashboard-course');
const courseCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true }).and(courseCards(page));
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The dashboard's stat cards show these figures (label first in the DOM, then the figure). */
async function expectStats(page: Page, d: DashboardResponse) {
  await expect(statCard(page, 'Total Courses')).toHaveText(`Total Courses${d.stats.totalCourses}`);
  await expect(statCard(page, 'Completed')).toHaveText(`Completed${d.stats.completed}`);
  await expect(statCard(page, 'In Progress')).toHaveText(`In Progress${d.stats.inProgress}`);
  await expect(statCard(page, 'Lessons Done')).toHaveText(`Lessons Done${d.stats.lessonsDone} of ${d.stats.totalLessons}`);
}

/** Light and dark, desktop and phone: no serious accessibility violation, and nothing wider than the screen. */
async function expectAccessibleEverywhere(page: Page, label: string, ready: (page: Page) => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await atBothWidths(page, async (width) => {
      await page.reload();
      await ready(page);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expectAccessible(page, `${label} at ${width}px, ${theme}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${label} at ${width}px, ${theme} scrolls sideways`).toBeLessThanOrEqual(0);
    });
  }
  await page.emulateMedia({ colorScheme: null });
}

async function expectCourseCard(card: Locator, c: DashboardResponse['courses'][number], label: string) {
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(c.title);
  await expect(
    card.getByText({ completed: 'Completed', in_progress: 'In Progress', not_started: 'Not Started' }[c.status], { exact: true }),
  ).toBeVisible();
  await expect(card.getByRole('img', { name: `${c.title}: ${c.percent}% complete` })).toBeVisible();
  await expect(card.getByRole('progressbar', { name: `Progress in ${c.title}` })).toHaveAttribute('aria-valuenow', String(c.percent));
  await expect(card).toContainText(`${c.completedLessons} of ${c.totalLessons} lessons completed`);
  await expect(card).toContainText(`${c.totalLessons} lesson${c.totalLessons === 1 ? '' : 's'}`);
  await expect(card.locator('time')).toHaveAttribute('datetime', c.enrolledAt);
  const button = card.getByRole('link', { name: `${label} ${c.title}` });
  await expect(button).toHaveAttribute('href', `/course/${c.id}`);
}

test('a student sees their own courses with the figures of the API, in its order, and buttons that follow progress', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(playwright);
  const tag = unique();
  const [done, half, fresh, other] = await Promise.all([
    makeCourse(admin, `Dashboard Done ${tag}`, 2),
    makeCourse(admin, `Dashboard Half ${tag}`, 4),
    makeCourse(admin, `Dashboard Fresh ${tag}`, 3),
    makeCourse(admin, `Dashboard Other ${tag}`, 1),
  ]);
  try {
    const student = await approvedStudent(page.request, admin, 'Dana');
    // Another student, enrolled in a course the first one is not in.
    const otherApi = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const someoneElse = await approvedStudent(otherApi, admin, 'Omar');
    await enroll(admin, someoneElse.id, other.id);
    await complete(otherApi, other.lessonIds[0]!);

    for (const c of [fresh, half, done]) await enroll(admin, student.id, c.id);
    await complete(page.request, half.lessonIds[0]!);
    for (const id of done.lessonIds) await complete(page.request, id);

    const d = await dashboardApi(page.request);
    // What the server says (the UI below must show exactly this).
    expect(d.preview).toBe(false);
    expect(d.courses.map((c) => c.id)).toEqual([half.id, done.id, fresh.id]);
    expect(d.courses.map((c) => c.percent)).toEqual([25, 100, 0]);
    expect(d.stats).toEqual({ totalCourses: 3, completed: 1, inProgress: 1, lessonsDone: 3, totalLessons: 9 });
    expect(d.overallProgress).toBe(42);
    expect(d.insights.lessonsThisWeek).toBe(3);
    // Completed today (UTC); a run across midnight UTC makes it two days.
    expect(d.insights.streakDays).toBeGreaterThanOrEqual(1);

    await page.goto('/student/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My Learning Dashboard' })).toBeVisible();
    await expect(page).toHaveTitle(/^My Learning Dashboard · /);
    await expect(page.getByText('Admin Student View Mode')).toHaveCount(0);
    await expectStats(page, d);

    const overall = page.getByRole('region', { name: 'Overall Progress' });
    await expect(overall.getByTestId('overall-percent')).toHaveText('42%');
    await expect(overall.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute('aria-valuenow', '42');
    await expect(overall).toContainText('1 completed');
    await expect(overall).toContainText('1 in progress');
    const insights = page.getByRole('region', { name: 'Learning Insights' });
    await expect(insights).toContainText(`Learning streak${d.insights.streakDays} day${d.insights.streakDays === 1 ? '' : 's'}`);
    await expect(insights).toContainText('This week3 lessons');

    // Only the in-progress course is in the strip.
    const strip = page.getByRole('region', { name: 'Continue Learning' });
    await expect(strip.getByRole('article')).toHaveCount(1);
    await expect(strip.getByRole('link', { name: `Continue Learning ${half.title}` })).toHaveAttribute('href', `/course/${half.id}`);

    // My Courses: only this student's three, in the server's order, each labelled by its percent.
    await expect(courseCards(page)).toHaveCount(3);
    await expect(courseCards(page).getByRole('heading', { level: 3 })).toHaveText(d.courses.map((c) => c.title));
    await expect(page.getByText(other.title)).toHaveCount(0);
    const labels: Record<string, string> = { [half.id]: 'Continue Learning', [done.id]: 'Review Course', [fresh.id]: 'Start Course' };
    for (const c of d.courses) await expectCourseCard(courseCard(page, c.title), c, labels[c.id]!);

    // And the other student sees only theirs.
    const theirs = await dashboardApi(otherApi);
    expect(theirs.courses.map((c) => c.id)).toEqual([other.id]);

    // The figures follow new progress when the page is visited again.
    await complete(page.request, half.lessonIds[1]!);
    await page.reload();
    await expect(courseCard(page, half.title).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await expect(statCard(page, 'Lessons Done')).toHaveText('Lessons Done4 of 9');

    await courseCard(page, fresh.title)
      .getByRole('link', { name: `Start Course ${fresh.title}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/course/${fresh.id}$`));

    await page.goto('/student/dashboard');
    await expectAccessibleEverywhere(page, 'the student dashboard', (p) => expect(courseCards(p)).toHaveCount(3));
    // On a phone the grid is one column: the cards are stacked, full width.
    await page.setViewportSize({ width: 390, height: 844 });
    const boxes = await Promise.all((await courseCards(page).all()).map((c) => c.boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.x))).size).toBe(1);
    for (const b of boxes) expect(b!.width).toBeGreaterThan(330);
    await otherApi.dispose();
  } finally {
    await Promise.all([done, half, fresh, other].map((c) => c.remove()));
  }
});

test('a newly approved student without enrolments sees the empty state', async ({ page, playwright }) => {
  const admin = await adminRequest(playwright);
  await approvedStudent(page.request, admin, 'Emil');
  await page.goto('/student/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Learning Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Courses Yet' })).toBeVisible();
  await expect(page.getByText("You haven't been enrolled in any courses yet. Contact your instructor to get started.")).toBeVisible();
  await expectStats(page, {
    stats: { totalCourses: 0, completed: 0, inProgress: 0, lessonsDone: 0, totalLessons: 0 },
  } as DashboardResponse);
  await expect(page.getByRole('region', { name: 'Overall Progress' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Learning Insights' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Continue Learning' })).toHaveCount(0);
  await expectAccessibleEverywhere(page, 'the empty student dashboard', (p) =>
    expect(p.getByRole('heading', { name: 'No Courses Yet' })).toBeVisible(),
  );
});

test.describe('when the dashboard cannot be loaded', () => {
  // The app's service worker would fetch the API itself, out of reach of page.route.
  test.use({ serviceWorkers: 'block' });

  test('a failed load shows the error state and toast, and Try Again recovers', async ({ page, playwright }) => {
    const admin = await adminRequest(playwright);
    await approvedStudent(page.request, admin, 'Fay');
    let failing = true;
    await page.route('**/api/student/dashboard', (route) =>
      failing ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }) : route.fallback(),
    );
    // The first page of a visit carries its answers (the server writes them into it), so the dashboard
    // is opened from another page of the app, whose request page.route answers.
    await page.goto('/contact');
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    const error = page.getByRole('alert').filter({ hasText: 'Unable to Load Courses' });
    await expect(error).toBeVisible({ timeout: 15_000 });
    await expect(error).toContainText('Failed to load dashboard data. Please try again.');
    await expect(toast(page, 'Failed to load your courses. Please refresh the page.')).toBeVisible();
    failing = false;
    await error.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'No Courses Yet' })).toBeVisible();
    await expect(error).toHaveCount(0);
  });
});

test("the tutor's student view previews every published course with simulated progress and writes nothing", async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(playwright);
  const tag = unique();
  const [published, draft] = await Promise.all([
    makeCourse(admin, `Preview Published ${tag}`, 4),
    makeCourse(admin, `Preview Draft ${tag}`, 2, false),
  ]);
  // Session 3 is this test's own: it switches to student view and back.
  await adminSession(context, 3);
  try {
    const me = (await (await page.request.get('/api/session')).json()) as { session: { user: { id: string } } };
    const adminId = me.session.user.id;
    const viewMode = await page.request.put('/api/me/view-mode', { data: { viewMode: 'student' } });
    expect(viewMode.status(), await viewMode.text()).toBe(200);

    // Other tests publish and delete courses meanwhile: compare the page with the answer it got, which
    // the server wrote into the page (the first page of a visit carries the answers it waits for).
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/student/dashboard' && r.status() === 200);
    await page.goto('/student/dashboard');
    const d = firstPageAnswer<DashboardResponse>(await (await answer).text(), '/api/student/dashboard');
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Student Dashboard Preview' })).toBeVisible();
    await expect(page.getByTestId('student-view-banner')).toContainText('Admin Student View Mode');
    await expect(page.getByTestId('student-view-banner')).toContainText('simulated');

    expect(d.preview).toBe(true);
    await expectStats(page, d);
    expect(d.courses.map((c) => c.id)).toContain(published.id);
    expect(d.courses.map((c) => c.id)).not.toContain(draft.id);
    // Whole simulated lessons, and the percent is that count over the lessons (as a student's would be).
    for (const c of d.courses) {
      expect(c.completedLessons).toBe(previewCompletedLessons(c.id, c.totalLessons));
      expect(c.percent).toBe(progressPercent(c.completedLessons, c.totalLessons));
    }
    expect(d.insights.streakDays).toBeGreaterThanOrEqual(1);
    expect(d.insights.streakDays).toBeLessThanOrEqual(10);
    expect(d.insights.lessonsThisWeek).toBeGreaterThanOrEqual(5);
    expect(d.insights.lessonsThisWeek).toBeLessThanOrEqual(19);

    // Every published course is there, and every button is 'Preview Course'.
    await expect(courseCards(page)).toHaveCount(d.courses.length);
    await expect(page.getByText(draft.title)).toHaveCount(0);
    const mine = d.courses.find((c) => c.id === published.id)!;
    await expectCourseCard(courseCard(page, published.title), mine, 'Preview Course');
    for (const label of ['Start Course', 'Continue Learning', 'Review Course']) {
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${label} `) })).toHaveCount(0);
    }
    await expect(page.getByRole('main').getByRole('link', { name: /^Preview Course / })).toHaveCount(
      d.courses.length + d.courses.filter((c) => c.status === 'in_progress').slice(0, 2).length,
    );
    await expectAccessibleEverywhere(page, "the tutor's student view", (p) => expect(courseCards(p).first()).toBeVisible());

    // Nothing of the preview was written: no enrolment or progress for the tutor or in the new course.
    for (const [table, filter] of [
      ['enrollments', `studentId=${adminId}`],
      ['lesson_progress', `studentId=${adminId}`],
      ['enrollments', `courseId=${published.id}`],
      ['lesson_progress', `lessonId=${published.lessonIds[0]}`],
    ] as const) {
      const res = await admin.get(`/api/admin/tables/${table}/items?${filter}`);
      expect(res.status(), await res.text()).toBe(200);
      expect((await res.json()).items, `${table} ${filter}`).toEqual([]);
    }
  } finally {
    await page.request.put('/api/me/view-mode', { data: { viewMode: 'admin' } });
    await Promise.all([published.remove(), draft.remove()]);
  }
});

test('a newly enrolled student is welcomed, not welcomed back, and the page leads with the course to start', async ({
  page,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const course = await makeCourse(admin, `First visit ${unique()}`, 2);
  const student = await approvedStudent(page.request, admin, 'Noor');
  await enroll(admin, student.id, course.id);
  await page.goto('/student/dashboard');
  await expect(page.getByText('Welcome, Noor. Your first lesson is ready: start below.')).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  const start = page.getByRole('region', { name: 'Start Here' });
  await expect(start.getByRole('heading', { name: course.title })).toBeVisible();
  // The first button of the page's content is the course's, above the figures; the data download comes last.
  const main = page.locator('main');
  await expect(main.getByRole('link').or(main.getByRole('button')).first()).toHaveText(/Start Course/);
  await expect(main.getByRole('link', { name: 'Download My Data' })).toBeVisible();
  await expectAccessibleEverywhere(page, 'a first visit to the student dashboard', (p) =>
    expect(p.getByRole('region', { name: 'Start Here' })).toBeVisible(),
  );
  await course.remove();
});

test("the student's dashboard, grades and course arrive rendered by the server, and the app takes them over as they are", async ({
  page,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const course = await makeCourse(admin, `Rendered <first> ${unique()}`, 2);
  const student = await approvedStudent(page.request, admin, 'Imre');
  await enroll(admin, student.id, course.id);
  const errors = collectErrors(page);

  for (const [path, heading] of [
    ['/student/dashboard', 'My Learning Dashboard'],
    [`/course/${course.id}/grades`, GradebookMessages.myGradesTitle],
    [`/course/${course.id}`, course.title],
  ] as const) {
    // The HTML itself holds the page: the course's title (escaped) and the page's heading, before any script has run.
    const html = await (await page.request.get(path)).text();
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script data-entry/.exec(html)?.[1] ?? '';
    expect(root, `${path} is rendered by the server`).toContain(course.title.replace('<', '&lt;').replace('>', '&gt;'));
    expect(root).toContain('Imre');

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The app has taken the page over: its controls work (the root's mark is gone) and nothing was rendered anew.
    await expect(page.locator('#root')).not.toHaveAttribute('aria-disabled', 'true');
  }
  // Its buttons answer: Next opens the second lesson.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Lesson 2' })).toBeVisible();
  // A lesson named in the address is the one the server renders, and the one the app takes over.
  const lessonPath = `/course/${course.id}?lesson=${course.lessonIds[1]}`;
  const lessonHtml = await (await page.request.get(lessonPath)).text();
  expect(/<h2 id="lesson-title"[^>]*>([^<]*)</.exec(lessonHtml)?.[1]).toBe('Lesson 2');
  await page.goto(lessonPath);
  await expect(page.getByRole('heading', { level: 2, name: 'Lesson 2' })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('aria-disabled', 'true');
  expect(errors, 'no hydration mismatch, no error').toEqual([]);
  await course.remove();
});
