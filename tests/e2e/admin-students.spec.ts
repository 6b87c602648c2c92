import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import {
  adminRequest,
  adminSession,
  apiSetStatus,
  apiSignIn,
  atBothWidths,
  expectAccessible,
  pendingStudent,
  publishedCourse,
  uniqueSurname,
} from './fixtures';

// Tests run in parallel on one shared server: every assertion is scoped to this test's own
// students (unique e-mail, unique surname) and course, never to global counts.

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('the tutor approves a student (who is mailed), enrols and unenrols them, then revokes their access', async ({
  page,
  context,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const student = await pendingStudent(page.request, 'Ada', 'Approve');
  const course = await publishedCourse(admin, `E2E Enrolment ${student.lastName}`);
  // The student signs in while pending (a restricted session, decision 002); it must end at revocation.
  const studentApi = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await apiSignIn(studentApi, student.email);

  await adminSession(context);
  await page.goto('/admin/students');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Management' })).toBeVisible();
  for (const label of ['Pending Approval', 'Approved Students', 'Rejected', 'Total Enrollments'])
    await expect(page.getByText(label, { exact: true })).toBeVisible();

  // Pending tab: name, surname, e-mail, registration date; Approve.
  const pendingRow = page.getByRole('row').filter({ hasText: student.email });
  await expect(pendingRow).toContainText(student.firstName);
  await expect(pendingRow).toContainText(student.lastName);
  await expect(pendingRow.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  const since = new Date();
  await pendingRow.getByRole('button', { name: `Approve ${student.fullName}` }).click();
  await expect(toast(page, 'Student approved successfully.')).toBeVisible();
  await expect(pendingRow).toHaveCount(0);
  const mail = await waitForMail(student.email, { since, test: (m) => /has been approved/.test(m.raw) });
  expect(mail.raw).toContain(`Hello ${student.firstName}`);

  // Approved tab: the enrolled-course count and the Approved badge.
  await page.getByRole('tab', { name: /^Approved \(\d+\)$/ }).click();
  const approvedRow = page.getByRole('row').filter({ hasText: student.email });
  await expect(approvedRow).toContainText('0 courses');
  await expect(approvedRow).toContainText('Approved');

  // Manage Enrollments: Enroll, then Unenroll after the confirmation about progress.
  await page.getByRole('tab', { name: 'Manage Enrollments' }).click();
  await page.getByLabel('Filter students').fill(student.email);
  const card = page.getByRole('group', { name: student.fullName });
  await expect(card).toContainText('0 courses enrolled');
  await card.getByRole('button', { name: `Enroll ${student.fullName} in ${course.title}` }).click();
  await expect(toast(page, 'Student enrolled in course successfully.')).toBeVisible();
  await expect(card).toContainText('1 course enrolled');

  await card.getByRole('button', { name: `Unenroll ${student.fullName} from ${course.title}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${student.fullName}'s progress in ${course.title} will be deleted`);
  await dialog.getByRole('button', { name: 'Unenroll' }).click();
  await expect(toast(page, 'Student unenrolled from course successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('0 courses enrolled');

  // Enrolled meanwhile elsewhere: the server's own message (409) is shown, and the list catches up.
  const behindTheBack = await admin.post(`/api/admin/students/${student.id}/enrollments`, { data: { courseId: course.id } });
  expect(behindTheBack.status()).toBe(201);
  await card.getByRole('button', { name: `Enroll ${student.fullName} in ${course.title}` }).click();
  await expect(toast(page, 'The student is already enrolled in this course.')).toBeVisible();
  await expect(card.getByRole('button', { name: `Unenroll ${student.fullName} from ${course.title}` })).toBeVisible();

  // Revoke Access asks first, then sets rejected and ends the student's sessions.
  await page.getByRole('tab', { name: /^Approved \(\d+\)$/ }).click();
  await approvedRow.getByRole('button', { name: `Revoke Access for ${student.fullName}` }).click();
  await expect(dialog).toContainText('signed out on every device');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await studentApi.get('/api/me')).status(), 'cancel changes nothing').toBe(200);

  await approvedRow.getByRole('button', { name: `Revoke Access for ${student.fullName}` }).click();
  await dialog.getByRole('button', { name: 'Revoke Access' }).click();
  await expect(toast(page, 'Student rejected successfully.')).toBeVisible();
  await expect(approvedRow).toHaveCount(0);
  expect((await studentApi.get('/api/me')).status(), "the revoked student's session is gone").toBe(401);

  await course.remove();
  await studentApi.dispose();
  await admin.dispose();
});

test('rejecting a registration asks for confirmation first', async ({ page, context }) => {
  const student = await pendingStudent(page.request, 'Rex', 'Reject');
  await adminSession(context);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/students');
  // Below 768px the rows are stacked cards with the same content and buttons.
  const row = page.getByRole('row').filter({ hasText: student.email });
  await expect(row).toContainText(student.lastName);
  await row.getByRole('button', { name: `Reject ${student.fullName}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Reject ${student.fullName}?` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Reject ${student.fullName}` }).click();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Student rejected successfully.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the database helper finds users by any-case substring, approves a pending one and enrols an approved one in Java', async ({
  page,
  context,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const overview = (await (await admin.get('/api/admin/database-helper?search=')).json()) as {
    javaCourse: { title: string; isPublished: boolean } | null;
  };
  expect(overview.javaCourse?.isPublished, 'the seeded Java course is published').toBe(true);
  const javaTitle = overview.javaCourse!.title;

  const token = uniqueSurname('Helper');
  const pending = await pendingStudent(page.request, 'Penny', `${token}P`);
  const approved = await pendingStudent(page.request, 'Arlo', `${token}A`);
  await apiSetStatus(admin, approved.id, 'approved');

  await adminSession(context);
  await page.goto('/admin/database-helper');
  await expect(page.getByRole('heading', { level: 1, name: 'Database Helper' })).toBeVisible();
  await expect(page.getByRole('region', { name: javaTitle })).toContainText('Published');

  // The surnames share the token; typed in upper case, it still matches both (and nobody else).
  await page.getByLabel('Search by name, surname, or email').fill(token.toUpperCase());
  await expect(page.getByRole('heading', { name: 'Search Results (2 users found)' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`search=${token.toUpperCase()}`));

  const pendingCard = page.getByRole('group', { name: pending.fullName });
  await expect(pendingCard).toContainText('Pending');
  await expect(pendingCard).toContainText(pending.email);
  await expect(pendingCard).toContainText(pending.id);
  await pendingCard.getByRole('button', { name: `Approve ${pending.fullName}` }).click();
  await expect(toast(page, `${pending.fullName} has been approved successfully!`)).toBeVisible();
  await expect(pendingCard).toContainText('Approved');
  await expect(pendingCard.getByRole('button', { name: `Enroll in Java: ${pending.fullName}` })).toBeVisible();

  const approvedCard = page.getByRole('group', { name: approved.fullName });
  await approvedCard.getByRole('button', { name: `Enroll in Java: ${approved.fullName}` }).click();
  await expect(toast(page, `${approved.fullName} has been enrolled in ${javaTitle}!`)).toBeVisible();
  await expect(approvedCard.getByRole('button', { name: `Enrolled in Java: ${approved.fullName}` })).toBeDisabled();

  // The whole e-mail, in upper case, finds only its owner.
  await page.getByLabel('Search by name, surname, or email').fill(approved.email.toUpperCase());
  await expect(page.getByRole('heading', { name: 'Search Results (1 user found)' })).toBeVisible();
  await expect(page.getByRole('group', { name: approved.fullName })).toBeVisible();

  await page.getByLabel('Search by name, surname, or email').fill(`${token}-nobody`);
  await expect(page.getByRole('heading', { name: 'Search Results (0 users found)' })).toBeVisible();
  await expect(page.getByText('No users found matching the search text')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'All Available Courses' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Students' }).click();
  await expect(page).toHaveURL(/\/admin\/students$/);
  await admin.dispose();
});

for (const theme of ['light', 'dark'] as const) {
  test(`student management and the database helper (${theme}) have no serious accessibility violation at 1280 and 390`, async ({
    browser,
  }) => {
    // Ten axe scans of long lists: room for a busy machine.
    test.setTimeout(180_000);
    const context = await browser.newContext({ colorScheme: theme });
    const page = await context.newPage();
    await adminSession(context);
    await atBothWidths(page, async (width) => {
      await page.goto('/admin/students');
      await expect(page.getByRole('tab', { name: /^Pending/ })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expectAccessible(page, `/admin/students, pending, ${width}px, ${theme}`);
      await page.getByRole('tab', { name: /^Approved/ }).click();
      await expectAccessible(page, `/admin/students, approved, ${width}px, ${theme}`);
      await page.getByRole('tab', { name: 'Manage Enrollments' }).click();
      await expect(page.getByLabel('Filter students')).toBeVisible();
      await expectAccessible(page, `/admin/students, enrollments, ${width}px, ${theme}`);
      // The confirmation dialog, opened and cancelled (the seeded students stay enrolled).
      await page
        .getByRole('button', { name: /^Unenroll / })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectAccessible(page, `/admin/students, unenroll dialog, ${width}px, ${theme}`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/admin/database-helper?search=example.com');
      await expect(page.getByRole('heading', { name: 'All Available Courses' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Search Results/ })).toBeVisible();
      await expectAccessible(page, `/admin/database-helper, ${width}px, ${theme}`);
    });
    await context.close();
  });
}
