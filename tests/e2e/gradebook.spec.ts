import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { isoToZonedWallTime } from '../../src/common/calendar-time';
import type { Gradebook } from '../../src/common/gradebook';
import {
  adminRequest,
  holdSchoolZoneInEachTest,
  schoolZone,
  adminSession,
  apiSignIn,
  atEveryLook,
  enrolledStudent,
  expectAccessible,
  lookAt,
  setCode,
  SUM_REFERENCE,
  uniqueSurname,
} from './fixtures';

// The dates checked here are shown in the school's time zone, which another test changes for a while.
holdSchoolZoneInEachTest();

/*
 * The gradebook end to end (decision 034). The tutor gives the chapter a due date two and a half days ago and the
 * course a late rule of 10% a day (the course editor's own fields); a student submits the right answer now, 3 days
 * late, and reads the penalty under the result; the gradebook shows 70%, marked late. 'Extend Deadline' on the
 * student's page takes the penalty away (100%, marked extended); 'Override Score' gives the exercise not handed in
 * 80% with a reason; the student reads the same figures in My Grades. Exercises only: the quizzes' weight drops out,
 * so the course total is the exercises' average.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DIFF_REFERENCE = SUM_REFERENCE.replace('a + b', 'a - b');

async function gradebookOf(admin: APIRequestContext, courseId: string): Promise<Gradebook> {
  const res = await admin.get(`/api/admin/courses/${courseId}/gradebook`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Gradebook;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** axe at 1280 and 390, light and dark, a screenshot of each under /tmp/shots/gradebook; then 1280 and light again. */
async function everyLook(page: Page, label: string, shot: string, show?: (width: number) => Promise<void>) {
  await atEveryLook(page, async ({ width, theme }) => {
    await show?.(width);
    await expectAccessible(page, `${label} (${width}, ${theme})`);
    await lookAt(page, 'gradebook', `${shot}-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the tutor sets a due date and a late rule, grades late work, extends it and overrides a score; the student reads My Grades', async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(420_000); // a grading and two dozen axe scans on a shared machine
  const admin = await adminRequest(playwright);
  const title = `E2E Gradebook ${uniqueSurname('Course')}`;

  // ---- A course of one chapter, 'Week 1', whose lesson holds two C exercises (the first worth 1 + 3 points).
  const created = await admin.post('/api/admin/courses', { data: { title, description: 'Made by the gradebook e2e test.' } });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const chapter = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: 'Week 1' } });
  const chapterId = ((await chapter.json()) as { chapter: { id: string } }).chapter.id;
  const lesson = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, {
    data: { title: 'Arithmetic', lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0' },
  });
  expect(lesson.status(), await lesson.text()).toBe(201);
  const lessonId = ((await lesson.json()) as { lesson: { id: string } }).lesson.id;
  for (const [exerciseTitle, referenceSolution, tests] of [
    [
      'Sum of two numbers',
      SUM_REFERENCE,
      [
        { input: '2 3\n', expectedOutput: '5\n', points: 1 },
        { input: '10 -4\n', expectedOutput: '6\n', points: 3 },
      ],
    ],
    ['Difference of two numbers', DIFF_REFERENCE, [{ input: '5 3\n', expectedOutput: '2\n' }]],
  ] as const) {
    const res = await admin.post(`/api/admin/lessons/${lessonId}/exercises`, {
      data: { title: exerciseTitle, language: 'c', statement: 'Read two whole numbers and print the answer.', referenceSolution, tests },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  expect((await admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } })).status()).toBe(200);

  const studentContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const ada = await enrolledStudent(studentContext.request, admin, courseId, `Ada${uniqueSurname('g')}`);
  const bo = await enrolledStudent(page.request, admin, courseId, `Bo${uniqueSurname('g')}`);
  await apiSignIn(studentContext.request, ada.email);

  try {
    // ---- The tutor, in the course editor: Week 1 was due 60 hours ago (on the school's clock), late work 10% a day.
    await adminSession(page.context());
    await page.goto(`/admin/courses/${courseId}/edit?tab=content`);
    const week1 = page.getByRole('region', { name: 'Chapter 1: Week 1' });
    await week1.getByRole('button', { name: 'Release and Due Date of chapter “Week 1”' }).click();
    const form = page.getByRole('form', { name: 'Release and Due Date of “Week 1”' });
    await form.getByLabel('Due Date', { exact: true }).fill(isoToZonedWallTime(new Date(Date.now() - 60 * HOUR), await schoolZone(admin)));
    await form.getByRole('button', { name: 'Save Dates' }).click();
    await expect(page.getByText('Chapter dates saved')).toBeVisible();
    await page.getByRole('tab', { name: 'Course Details' }).click();
    const late = page.getByRole('form', { name: 'Late Work and Grading' });
    await late.getByLabel('Accept With a Penalty').check();
    await late.getByLabel('Penalty per Day (%)').fill('10');
    await late.getByLabel('Penalty Cap (%)').fill('50');
    await late.getByRole('button', { name: 'Save Late Work and Grading' }).click();
    await expect(page.getByText('Late work and grading saved')).toBeVisible();
    const editor = (await (await admin.get(`/api/admin/courses/${courseId}`)).json()) as { chapters: { dueAt: string | null }[] };
    const dueAt = Date.parse(editor.chapters[0]!.dueAt!);
    // Each started 24 hours after the due date is a day late: about 60 hours is 3 days, 30% off.
    expect(Math.ceil((Date.now() - dueAt) / DAY)).toBe(3);

    // ---- The student submits the right sum, late: warned before, told the penalty after.
    const sp = await studentContext.newPage();
    await sp.goto(`/course/${courseId}?lesson=${lessonId}`);
    const sumCard = sp.getByTestId('exercise').filter({ has: sp.getByRole('heading', { name: /Sum of two numbers/ }) });
    await expect(sp.getByTestId('late-warning').first()).toContainText('Submitting now counts as late: 30% off the score.', {
      timeout: 60_000,
    });
    await setCode(sp, /Code editor for Sum of two numbers/, SUM_REFERENCE);
    await sumCard.getByRole('button', { name: 'Submit', exact: true }).click();
    const lateResult = sumCard.getByTestId('late-result');
    await expect(lateResult).toContainText('Submitted 3 days late: 30% off the score.', { timeout: 90_000 });
    await expect(lateResult).toContainText('Score 70% after the late penalty (100% before).');

    // ---- The gradebook: Ada 70%, late; the second exercise not submitted; Bo nothing. Total (70 + 0) / 2 = 35%.
    await page.goto(`/admin/gradebook?course=${courseId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gradebook' })).toBeVisible();
    await expect(page.getByLabel('Course', { exact: true })).toHaveValue(courseId);
    // No quiz in the course: its weight drops out, and the page says so.
    await expect(page.getByText(/Only exercises count: the course has no quiz\./)).toBeVisible();
    const table = page.getByTestId('gradebook-table');
    const adaRow = table.getByTestId('gradebook-row').filter({ hasText: ada.fullName });
    const sumCell = adaRow.getByRole('button', { name: `${ada.fullName}, Sum of two numbers: 70%. Late by 3 days: 30% off` });
    await expect(sumCell).toBeVisible();
    await expect(sumCell).toContainText('Late −30%');
    await expect(adaRow.getByRole('button', { name: `${ada.fullName}, Difference of two numbers: Not submitted` })).toBeVisible();
    await expect(adaRow.getByRole('cell').last()).toHaveText('35%');
    await expect(table.getByTestId('gradebook-row').filter({ hasText: bo.fullName }).getByRole('cell').last()).toHaveText('0%');
    // 'Late Only' leaves Ada; the name filter finds Bo.
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Late Only' });
    await expect(table.getByTestId('gradebook-row')).toHaveCount(1);
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'All Students' });
    await page.getByLabel('Filter by Name', { exact: true }).fill(bo.fullName.slice(0, 6));
    await expect(table.getByTestId('gradebook-row')).toHaveCount(1);
    await expect(table.getByTestId('gradebook-row')).toContainText(bo.fullName);
    await page.getByLabel('Filter by Name', { exact: true }).fill('');
    await page.getByLabel('Sort By', { exact: true }).selectOption({ label: 'Total, Highest First' });
    await expect(table.getByTestId('gradebook-row').first()).toContainText(ada.fullName);
    // On a phone: a card per student, opened to their items.
    await everyLook(page, 'the gradebook with a late submit', 'late', async (width) => {
      if (width < 500) {
        const card = page.getByTestId('gradebook-list').getByTestId('gradebook-row').filter({ hasText: ada.fullName });
        if (!(await card.locator('details').evaluate((d) => (d as HTMLDetailsElement).open))) await card.locator('summary').click();
        await expect(card.getByRole('button', { name: /Sum of two numbers: 70%/ })).toBeVisible();
      } else await expect(sumCell).toBeVisible();
    });

    // ---- 'Export CSV': the same figures.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^gradebook-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await (await admin.get(`/api/admin/courses/${courseId}/gradebook.csv`)).text()).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe(
      'First name,Last name,Email,Week 1 / Sum of two numbers,Week 1 / Difference of two numbers,Week 1: Total,Course Total',
    );
    expect(csv).toContain(`${ada.fullName.split(' ')[0]},Learner,${ada.email},70,,35,35`);

    // ---- 'Extend Deadline' (the student's page): the penalty goes, the cell says why. Total (100 + 0) / 2 = 50%.
    await page.goto(`/admin/students/${ada.id}`);
    await page
      .getByTestId('student-extensions')
      .getByRole('button', { name: `Extend Deadline in ${title}` })
      .click();
    const extend = page.getByRole('dialog');
    await extend.getByLabel('Chapter, Exercise or Quiz').selectOption({ label: 'Sum of two numbers' });
    await extend.getByLabel('New Due Date').fill(isoToZonedWallTime(new Date(Date.now() + 5 * DAY), await schoolZone(admin)));
    await extend.getByLabel('Reason (Optional)').fill('Was ill that week');
    await extend.getByRole('button', { name: 'Extend Deadline' }).click();
    await expect(toast(page, 'Deadline extended for 1 student.')).toBeVisible();
    await page.goto(`/admin/gradebook?course=${courseId}`);
    await expect(
      adaRow.getByRole('button', { name: new RegExp(`^${ada.fullName}, Sum of two numbers: 100%\\. Deadline extended to `) }),
    ).toBeVisible();
    await expect(adaRow.getByRole('cell').last()).toHaveText('50%');

    // ---- 'Override Score' of the exercise Ada never handed in: a reason is required, then 80%. Total (100 + 80) / 2 = 90%.
    await adaRow.getByRole('button', { name: `${ada.fullName}, Difference of two numbers: Not submitted` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Override Score' })).toBeVisible();
    await expect(dialog).toContainText('Graded score: Not submitted');
    await dialog.getByLabel('Score (%)', { exact: true }).fill('80');
    await dialog.getByRole('button', { name: 'Save Override' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Say why the score is overridden; the reason is kept with it.');
    expect((await gradebookOf(admin, courseId)).students.find((s) => s.studentId === ada.id)!.cells[1]).toEqual({ score: null });
    await dialog.getByLabel('Score (%)', { exact: true }).fill('101');
    await dialog.getByLabel('Reason', { exact: true }).fill('Explained the answer in person.');
    await dialog.getByRole('button', { name: 'Save Override' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('A score is a whole percent from 0 to 100.');
    await dialog.getByLabel('Score (%)', { exact: true }).fill('80');
    await everyLook(page, 'the Override Score dialog', 'override-dialog');
    await dialog.getByRole('button', { name: 'Save Override' }).click();
    await expect(toast(page, 'The score is overridden.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const overridden = adaRow.getByRole('button', {
      name: new RegExp(`^${ada.fullName}, Difference of two numbers: 80%\\. Overridden by .+: Explained the answer in person\\.$`),
    });
    await expect(overridden).toContainText('Ovr.');
    await expect(adaRow.getByRole('cell').last()).toHaveText('90%');
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Overridden' });
    await expect(table.getByTestId('gradebook-row')).toHaveCount(1);
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'All Students' });
    await everyLook(page, 'the gradebook with an extension and an override', 'final', async (width) => {
      if (width < 500) {
        const card = page.getByTestId('gradebook-list').getByTestId('gradebook-row').filter({ hasText: ada.fullName });
        if (!(await card.locator('details').evaluate((d) => (d as HTMLDetailsElement).open))) await card.locator('summary').click();
        await expect(card.getByRole('button', { name: /Difference of two numbers: 80%/ })).toBeVisible();
      } else await expect(overridden).toBeVisible();
    });

    // ---- My Grades: from the course screen, the same figures and every mark in words; nobody else's.
    await sp.goto(`/course/${courseId}?lesson=${lessonId}`);
    await sp.getByRole('link', { name: 'My Grades' }).click();
    await expect(sp.getByRole('heading', { level: 1, name: 'My Grades' })).toBeVisible();
    await expect(sp.getByTestId('my-total')).toHaveText('90%');
    const grades = sp.getByTestId('my-grade');
    await expect(grades.filter({ hasText: 'Sum of two numbers' })).toContainText('100%');
    await expect(grades.filter({ hasText: 'Sum of two numbers' })).toContainText('Deadline extended to');
    await expect(grades.filter({ hasText: 'Difference of two numbers' })).toContainText('80%');
    await expect(grades.filter({ hasText: 'Difference of two numbers' })).toContainText('Explained the answer in person.');
    await expect(sp.getByText(bo.fullName)).toHaveCount(0);
    await everyLook(sp, 'My Grades', 'my-grades');
    await sp.getByRole('link', { name: 'Back to the Course' }).click();
    await expect(sp).toHaveURL(new RegExp(`/course/${courseId}`));
  } finally {
    await studentContext.close();
    await admin.delete(`/api/admin/courses/${courseId}`);
    await admin.dispose();
  }
});
