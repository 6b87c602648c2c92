import { expect, test } from '@playwright/test';
import { adminRequest, adminSession, apiSignIn, enrolledStudent, expectAccessible, setCode, setTheme, videoCourse } from './fixtures';

/*
 * Practice, as the tutor and a student use it: the tutor writes a C exercise in the course editor
 * (its reference solution graded on the server before it is saved); a student fails it, reads the
 * difference, fixes the code and passes; the lesson then counts as complete.
 */

const REFERENCE = `#include <stdio.h>

int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    printf("%d\\n", a + b);
    return 0;
}
`;
const WRONG = REFERENCE.replace('a + b', 'a * b');

test('the tutor writes a C exercise; a student fails it, fixes the code and passes; the lesson counts complete', async ({
  page,
  browser,
  playwright,
}) => {
  test.slow(); // two first compiles in fresh grading workers, and four axe scans
  const admin = await adminRequest(playwright);
  const title = `E2E Practice ${Date.now().toString(36)}`;
  const { courseId, lessonIds } = await videoCourse(admin, title, 'Arithmetic', ['Adding Numbers', 'What Comes Next']);

  // ---- The tutor: Course Content → the lesson's exercises → Add Exercise.
  await adminSession(page.context());
  await page.goto(`/admin/courses/${courseId}/edit`);
  await page.getByRole('tab', { name: 'Course Content' }).click();
  await page.getByRole('button', { name: /Exercises \(0\) of lesson “Adding Numbers”/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add Exercise' }).click();
  await dialog.getByLabel('Exercise Title').fill('Sum of two numbers');
  await dialog.getByLabel('Language').selectOption('c');
  await dialog.getByLabel('Statement').fill('Read two whole numbers and print their **sum**.');
  await setCode(page, 'Starter Code', '#include <stdio.h>\n\nint main(void) {\n    return 0;\n}\n');
  await setCode(page, 'Reference Solution', REFERENCE);
  await dialog.getByLabel('Input').first().fill('2 3\n');
  await dialog.getByLabel('Expected Output').first().fill('5\n');
  await dialog.getByRole('button', { name: 'Add Test' }).click();
  await dialog.getByLabel('Input').nth(1).fill('40 2\n');
  await dialog.getByLabel('Expected Output').nth(1).fill('42\n');
  await dialog.getByLabel('Hidden').nth(1).check();
  await expectAccessible(page, 'the exercise form');
  await dialog.getByRole('button', { name: 'Save Exercise' }).click();
  await expect(dialog.getByText('1. Sum of two numbers')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole('button', { name: 'Add Exercise' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await expectAccessible(page, `the lesson's exercises (${width}, ${theme})`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await setTheme(page, 'light');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /Exercises \(1\) of lesson “Adding Numbers”/ })).toBeVisible();

  // ---- A student, enrolled, on a phone-sized and a desktop screen, light and dark.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const student = await enrolledStudent(context.request, admin, courseId, 'Pat');
  await apiSignIn(context.request, student.email);
  const sp = await context.newPage();
  await sp.goto(`/course/${courseId}`);
  await expect(sp.getByRole('heading', { level: 2, name: 'Adding Numbers' })).toBeVisible();
  // Mark Complete gives way to the exercises.
  await expect(sp.getByText('Pass every exercise in this lesson to complete it.').filter({ visible: true })).toHaveCount(1);
  await expect(sp.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
  await expect(sp.getByText('Read two whole numbers and print their')).toBeVisible();

  await setCode(sp, /Code editor for Sum of two numbers/, WRONG);
  await sp.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(sp.getByText('0 of 2 tests passed')).toBeVisible({ timeout: 60_000 });
  await expect(sp.getByText('First difference: line 1, column 1')).toBeVisible();
  await expect(
    sp
      .getByText('Hidden test 1: failed')
      .or(sp.getByText(/Hidden test .*failed/))
      .first(),
  ).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(sp, theme);
    for (const width of [1280, 390]) {
      await sp.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await expectAccessible(sp, `a failed submission (${width}, ${theme})`);
    }
  }
  await sp.setViewportSize({ width: 1280, height: 800 });
  await setTheme(sp, 'light');

  await setCode(sp, /Code editor for Sum of two numbers/, REFERENCE);
  await sp.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(sp.getByText('All tests passed')).toBeVisible({ timeout: 60_000 });
  await expect(sp.getByText('1 of 2 lessons completed')).toBeVisible();
  await expect(sp.getByRole('complementary').getByRole('button', { name: /Adding Numbers/ })).toContainText('Completed');
  const learn = await context.request.get(`/api/courses/${courseId}/learn`);
  const statuses = ((await learn.json()) as { chapters: { lessons: { title: string; status: string }[] }[] }).chapters[0]!.lessons;
  expect(statuses.map((l) => [l.title, l.status])).toEqual([
    ['Adding Numbers', 'completed'],
    ['What Comes Next', 'not_started'],
  ]);

  // The tutor sees who tried and who passed.
  const report = await page.request.get(`/api/admin/lessons/${lessonIds[0]}/exercises`);
  const exerciseId = ((await report.json()) as { exercises: { id: string }[] }).exercises[0]!.id;
  const figures = await (await admin.get(`/api/admin/exercises/${exerciseId}/report`)).json();
  expect(figures.stats).toMatchObject({ tried: 1, passed: 1, medianSubmissionsToPass: 2 });
  await context.close();
});
