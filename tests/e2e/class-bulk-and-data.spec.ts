import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { unzipArchive } from '../../src/server/platform/storage/zip';
import { waitForMail } from '../support/mailbox';
import {
  adminRequest,
  adminSession,
  apiSetStatus,
  apiSignIn,
  atBothWidths,
  enrolledStudent,
  expectAccessible,
  lookAt,
  pendingStudent,
  publishedCourse,
  uniqueSurname,
} from './fixtures';

// Bulk actions on Student Management and the student's data rights (download, deletion).
// Tests run in parallel on one shared server: every step is scoped to this test's own students
// (unique e-mail and surname) and course; "select all" is never used to act, only to look.

const results = (page: Page) => page.getByTestId('bulk-results');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function enrolledCourseIds(admin: APIRequestContext, studentId: string): Promise<string[]> {
  const res = await admin.get('/api/admin/students');
  const body = (await res.json()) as { approved: { id: string; enrolledCourseIds: string[] }[] };
  return body.approved.find((s) => s.id === studentId)?.enrolledCourseIds ?? [];
}

test('the tutor approves two pending students at once, then enrols and unenrols them in a course, with a result line per student', async ({
  page,
  context,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const ada = await pendingStudent(page.request, 'Ada', 'Bulk');
  const bob = await pendingStudent(page.request, 'Bob', 'Bulk');
  const course = await publishedCourse(admin, `E2E Bulk ${ada.lastName}`);

  await adminSession(context);
  await page.goto('/admin/students');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Management' })).toBeVisible();
  const bar = page.getByRole('group', { name: 'Actions on the selected pending students' });
  await expect(bar.getByRole('button', { name: 'Approve Selected' })).toBeDisabled();

  // Each checkbox names its student.
  await page.getByRole('checkbox', { name: `Select ${ada.fullName}` }).check();
  await page.getByRole('checkbox', { name: `Select ${bob.fullName}` }).check();
  await expect(bar).toContainText('2 selected');
  const since = new Date();
  await bar.getByRole('button', { name: 'Approve Selected' }).click();
  await expect(results(page)).toContainText(`${ada.fullName}: approved`);
  await expect(results(page)).toContainText(`${bob.fullName}: approved`);
  await expect(page.getByRole('row').filter({ hasText: ada.email })).toHaveCount(0);
  // Both are mailed (through the outbox and its background job).
  for (const s of [ada, bob]) await waitForMail(s.email, { since, test: (m) => /has been approved/.test(m.raw), timeoutMs: 20_000 });

  // Approved tab: enrol both in the course. Only the actions that change someone are offered.
  await page.getByRole('tab', { name: /^Approved/ }).click();
  const approvedBar = page.getByRole('group', { name: 'Actions on the selected approved students' });
  const enrollButton = approvedBar.getByRole('button', { name: 'Enroll Selected', exact: true });
  const unenrollButton = approvedBar.getByRole('button', { name: 'Unenroll Selected' });
  await page.getByRole('checkbox', { name: `Select ${ada.fullName}` }).check();
  await page.getByRole('checkbox', { name: `Select ${bob.fullName}` }).check();
  await approvedBar.getByLabel('Course').selectOption({ label: course.title });
  await expect(approvedBar).toContainText(`In ${course.title}: 2 of the selected not enrolled, 0 enrolled.`);
  await expect(unenrollButton).toHaveCount(0);
  await enrollButton.click();
  await expect(results(page)).toContainText(`${ada.fullName}: enrolled`);
  await expect(results(page)).toContainText(`${bob.fullName}: enrolled`);
  expect(await enrolledCourseIds(admin, ada.id)).toEqual([course.id]);
  expect(await enrolledCourseIds(admin, bob.id)).toEqual([course.id]);
  await waitForMail(ada.email, { since, test: (m) => m.raw.includes(course.title), timeoutMs: 20_000 });

  // Unenrolling asks first (it deletes progress).
  await page.getByRole('checkbox', { name: `Select ${bob.fullName}` }).check();
  await expect(enrollButton).toHaveCount(0);
  await unenrollButton.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Unenroll 1 student from ${course.title}?`);
  await dialog.getByRole('button', { name: 'Unenroll Selected' }).click();
  await expect(results(page)).toContainText(`${bob.fullName}: unenrolled`);
  expect(await enrolledCourseIds(admin, bob.id)).toEqual([]);

  // Both again: Bob is enrolled, Ada is told she already was.
  await page.getByRole('checkbox', { name: `Select ${ada.fullName}` }).check();
  await page.getByRole('checkbox', { name: `Select ${bob.fullName}` }).check();
  await expect(approvedBar).toContainText('1 of the selected not enrolled, 1 enrolled.');
  await enrollButton.click();
  await expect(results(page)).toContainText(`${ada.fullName}: already enrolled`);
  await expect(results(page)).toContainText(`${bob.fullName}: enrolled`);
  expect(await enrolledCourseIds(admin, bob.id)).toEqual([course.id]);
  expect(await enrolledCourseIds(admin, ada.id)).toEqual([course.id]);
  await admin.dispose();
});

test('a student downloads all their data from their dashboard: a ZIP of the JSON and a page a person reads', async ({
  page,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const course = await publishedCourse(admin, `E2E My Data ${uniqueSurname('Data')}`);
  const student = await enrolledStudent(page.request, admin, course.id, 'Dana');
  await apiSignIn(page.request, student.email);

  await page.goto('/student/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Learning Dashboard' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download My Data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipArchive(await fs.readFile((await download.path())!));
  const data = JSON.parse(files.get('data.json')!.toString('utf8')) as {
    profile: { id: string; email: string; registeredAt: string };
    enrolments: { courseId: string; courseTitle: string; enrolledAt: string }[];
  };
  expect(data.profile).toMatchObject({ id: student.id, email: student.email });
  expect(data.enrolments).toEqual([expect.objectContaining({ courseId: course.id, courseTitle: course.title })]);
  // One date format throughout: ISO 8601 in UTC.
  for (const at of [data.profile.registeredAt, data.enrolments[0]!.enrolledAt])
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

  // The readable half, opened as a person would: a page with their name, their course and times in UTC.
  const summary = files.get('summary.html')!.toString('utf8');
  // A blank tab of its own, as a browser opens a file: none of the app's scripts around it.
  const reader = await page.context().newPage();
  await reader.setContent(summary);
  await expect(reader.getByRole('heading', { level: 1, name: `Data of ${student.fullName}` })).toBeVisible();
  await expect(reader.getByRole('cell', { name: course.title, exact: true })).toBeVisible();
  await expect(reader.getByText(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/).first()).toBeVisible();
  for (const [width, theme] of [
    [1280, 'light'],
    [390, 'dark'],
  ] as const) {
    await reader.setViewportSize({ width, height: 844 });
    await reader.emulateMedia({ colorScheme: theme });
    await expectAccessible(reader, `the readable summary of a data export, ${width}px, ${theme}`);
    await lookAt(reader, 'students-data', `export-summary-${width}-${theme}`);
  }
  await reader.close();
  await admin.dispose();
});

test('the tutor deletes a student after confirming; the student is gone and cannot sign in', async ({ page, context, playwright }) => {
  const admin = await adminRequest(playwright);
  const eve = await pendingStudent(page.request, 'Eve', 'Delete');
  await apiSetStatus(admin, eve.id, 'approved');

  await adminSession(context);
  await page.goto('/admin/students?tab=approved');
  const row = page.getByRole('row').filter({ hasText: eve.email });
  await row.getByRole('button', { name: `Delete Student ${eve.fullName}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${eve.fullName}?` });
  await expect(dialog).toContainText(eve.email);
  await expect(dialog).toContainText('This cannot be undone.');
  // Cancelling keeps them.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);

  // The dialog offers their data first: the same ZIP they would download themself.
  await row.getByRole('button', { name: `Delete Student ${eve.fullName}` }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('alertdialog')
      .getByRole('link', { name: `Download Their Data (${eve.fullName})` })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^student-data-[a-z0-9-]+-\d{4}-\d\d-\d\d\.zip$/);
  const exported = unzipArchive(await fs.readFile((await download.path())!));
  expect(JSON.parse(exported.get('data.json')!.toString('utf8')).profile.email).toBe(eve.email);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Student' }).click();
  await expect(toast(page, `${eve.fullName} and their data were deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const list = (await (await admin.get('/api/admin/students')).json()) as { approved: { id: string }[] };
  expect(list.approved.map((s) => s.id)).not.toContain(eve.id);
  // Their address is unknown now: a sign-in code is refused as for any unknown address.
  const fresh = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await fresh.post('/api/auth/login', { data: { email: eve.email, code: '000000' } });
  expect(login.status()).toBeGreaterThanOrEqual(400);
  await fresh.dispose();
  await admin.dispose();
});

for (const theme of ['light', 'dark'] as const) {
  test(`bulk actions, their results, the delete dialog and Download My Data have no serious accessibility violation at 1280 and 390 (${theme})`, async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const admin = await adminRequest(playwright);
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    const course = await publishedCourse(admin, `E2E Bulk A11y ${uniqueSurname('Ally')}`);
    const students: Awaited<ReturnType<typeof pendingStudent>>[] = [];
    for (const name of ['Ivy', 'Jay', 'Kai', 'Lou']) students.push(await pendingStudent(page.request, name, `Ally${theme}`));
    await adminSession(context);
    const shot = async (name: string) => {
      const path = test.info().outputPath(`${name}.png`);
      await page.screenshot({ path, fullPage: false });
      await test.info().attach(name, { path, contentType: 'image/png' });
    };

    await atBothWidths(page, async (width) => {
      const label = (what: string) => `${what}, ${width}px, ${theme}`;
      const [first, second] = width === 1280 ? [students[0]!, students[1]!] : [students[2]!, students[3]!];
      await page.goto('/admin/students');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await page.getByRole('checkbox', { name: `Select ${first.fullName}` }).check();
      await page.getByRole('button', { name: 'Approve Selected' }).click();
      await expect(results(page)).toContainText(`${first.fullName}: approved`);
      await page.getByRole('checkbox', { name: `Select ${second.fullName}` }).check();
      await expectAccessible(page, label('pending tab with a selection and results'));
      await shot(`pending-${width}-${theme}`);

      await page.getByRole('tab', { name: /^Approved/ }).click();
      await page.getByRole('checkbox', { name: `Select ${first.fullName}` }).check();
      await page.getByLabel('Course').selectOption({ label: course.title });
      await page.getByRole('button', { name: 'Enroll Selected', exact: true }).click();
      await expect(results(page)).toContainText(`${first.fullName}: enrolled`);
      await expectAccessible(page, label('approved tab with results'));
      await shot(`approved-${width}-${theme}`);

      // The toast of the action above would lie under the dialog's overlay: closed first, as a person would.
      // A toast may leave on its own while it is being closed: that click is not needed then.
      for (const close of await page.locator('[data-sonner-toast] [data-close-button]').all())
        await close.click({ timeout: 2000 }).catch(() => {});
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      await page
        .getByRole('row')
        .filter({ hasText: first.email })
        .getByRole('button', { name: `Delete Student ${first.fullName}` })
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectAccessible(page, label('delete dialog'));
      await shot(`delete-dialog-${width}-${theme}`);
      await lookAt(page, 'students-data', `delete-dialog-${width}-${theme}`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    });
    await context.close();

    // The student's dashboard with Download My Data.
    const studentContext = await browser.newContext({ colorScheme: theme });
    const studentPage = await studentContext.newPage();
    await apiSignIn(studentPage.request, students[0]!.email);
    await atBothWidths(studentPage, async (width) => {
      await studentPage.goto('/student/dashboard');
      await expect(studentPage.getByRole('link', { name: 'Download My Data' })).toBeVisible();
      await expectAccessible(studentPage, `student dashboard with Download My Data, ${width}px, ${theme}`);
      const path = test.info().outputPath(`dashboard-${width}-${theme}.png`);
      await studentPage.screenshot({ path });
    });
    await studentContext.close();
    await admin.dispose();
  });
}
