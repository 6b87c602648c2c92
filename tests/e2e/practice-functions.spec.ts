import { expect, test } from '@playwright/test';
import { adminRequest, adminSession, apiSignIn, enrolledStudent, expectAccessible, setCode, setTheme, videoCourse } from './fixtures';

/*
 * Practice as C is taught: the tutor writes a "write a function" exercise whose tests are code calling the student's
 * function, with a hidden support file the tests use; a student reads the tests by name, fails one, fixes the function
 * and passes. On a phone, a swipe that starts in the code editor selects code and never changes the lesson.
 */

const REFERENCE = `int max_of(const int *a, int n) {
    int best = a[0];
    for (int i = 1; i < n; i++)
        if (a[i] > best) best = a[i];
    return best;
}
`;
const WRONG = REFERENCE.replace('a[i] > best', 'a[i] < best');
const HARNESS = `#include <stdio.h>
/* The tests' own check: prints ok or what went wrong. */
static void expect_int(const char *what, int got, int want) {
    if (got == want) printf("ok\\n");
    else printf("%s: expected %d but got %d\\n", what, want, got);
}
`;

test('the tutor writes a C function exercise tested by code; a student reads named results, fixes the function and passes', async ({
  page,
  browser,
  playwright,
}) => {
  test.slow();
  const admin = await adminRequest(playwright);
  const { courseId, lessonIds } = await videoCourse(admin, `E2E Functions ${Date.now().toString(36)}`, 'Functions', [
    'The Largest Number',
    'What Comes Next',
  ]);

  await adminSession(page.context());
  await page.goto(`/admin/courses/${courseId}/edit`);
  await page.getByRole('tab', { name: 'Course Content' }).click();
  await page.getByRole('button', { name: /Exercises \(0\) of lesson “The Largest Number”/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add Exercise' }).click();
  await dialog.getByLabel('Exercise Title').fill('The largest number');
  await dialog.getByLabel('Language').selectOption('c');
  await dialog.getByLabel('Statement').fill('Write `int max_of(const int *a, int n)`: the largest of the `n` numbers at `a`.');
  await setCode(page, 'Starter Code', 'int max_of(const int *a, int n) {\n    return 0;\n}\n');
  await setCode(page, 'Reference Solution', REFERENCE);

  // A hidden harness the tests include.
  await dialog.getByRole('button', { name: 'Add File' }).click();
  await dialog.getByLabel('File Name').fill('check.h');
  await dialog.getByLabel('Student sees it').selectOption('hidden');
  await dialog.getByLabel('Content').fill(HARNESS);

  await dialog.getByLabel('Test Name').first().fill('the largest of 3, 9 and 4 is 9');
  await dialog.getByLabel('Test Code').first().fill('int a[] = {3, 9, 4};\nprintf("%d\\n", max_of(a, 3));');
  await dialog.getByLabel('Expected Output').first().fill('9\n');
  await dialog.getByRole('button', { name: 'Add Test' }).click();
  await dialog.getByLabel('Test Name').nth(1).fill('negative numbers');
  await dialog.getByLabel('Test Code').nth(1).fill('#include "check.h"\nint a[] = {-5, -2, -8};\nexpect_int("max_of", max_of(a, 3), -2);');
  await dialog.getByLabel('Expected Output').nth(1).fill('ok\n');
  await dialog.getByLabel('Points').nth(1).fill('3');
  await dialog.getByLabel('Hidden').nth(1).check();

  // Run Reference tries it before saving.
  await dialog.getByRole('button', { name: 'Run Reference' }).click();
  await expect(dialog.getByTestId('reference-run').getByText('All tests passed')).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'the exercise form with test code and a support file');
  await dialog.getByRole('button', { name: 'Save Exercise' }).click();
  await expect(dialog.getByText('1. The largest number')).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Escape');

  // ---- The student.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const student = await enrolledStudent(context.request, admin, courseId, 'Robin');
  await apiSignIn(context.request, student.email);
  const sp = await context.newPage();
  await sp.goto(`/course/${courseId}`);
  await expect(sp.getByRole('heading', { level: 2, name: 'The Largest Number' })).toBeVisible();
  // The hidden harness is never sent to the student.
  const exercises = await context.request.get(`/api/lessons/${lessonIds[0]}/exercises`);
  expect(await exercises.text()).not.toContain('expect_int(const char');

  await setCode(sp, /Code editor for The largest number/, WRONG);
  await sp.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(sp.getByText('0 of 2 tests passed')).toBeVisible({ timeout: 60_000 });
  await expect(sp.getByTestId('test-outcome').getByText(/the largest of 3, 9 and 4 is 9/)).toBeVisible();
  await expect(sp.getByTestId('result-score')).toHaveText('Score: 0 of 4 points');
  await expect(sp.getByRole('button', { name: 'Ask the AI Tutor' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(sp, theme);
    for (const width of [1280, 390]) {
      await sp.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await expectAccessible(sp, `named results of tests written as code (${width}, ${theme})`);
    }
  }
  await setTheme(sp, 'light');

  await sp.setViewportSize({ width: 1280, height: 800 });
  await setCode(sp, /Code editor for The largest number/, REFERENCE);
  await sp.keyboard.press('Control+Shift+Enter');
  await expect(sp.getByText('All tests passed')).toBeVisible({ timeout: 60_000 });
  await expect(sp.getByText('1 of 2 lessons completed')).toBeVisible();
  // On a phone: a sideways swipe that starts in the code editor selects code and stays in the lesson; the same swipe
  // started on the lesson's heading goes to the next lesson (so the gesture itself works).
  const phone = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    storageState: await context.storageState(),
  });
  const pp = await phone.newPage();
  await pp.goto(`/course/${courseId}?lesson=${lessonIds[0]}`);
  await expect(pp.getByRole('heading', { level: 2, name: 'The Largest Number' })).toBeVisible();
  const bar = pp.getByRole('navigation', { name: 'Lesson navigation' }).filter({ visible: true });
  await expect(bar.getByText('Lesson 1 of 2')).toBeVisible();
  const cdp = await phone.newCDPSession(pp);
  const swipeLeft = async (box: { x: number; y: number; width: number; height: number }) => {
    const y = box.y + Math.min(20, box.height / 2);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 300, y }] });
    for (const step of [0.33, 0.66, 1])
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 300 - 150 * step, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await pp.waitForTimeout(300);
  };
  const editor = pp.locator('.cm-editor').first();
  await editor.scrollIntoViewIfNeeded();
  await swipeLeft((await editor.boundingBox())!);
  await expect(bar.getByText('Lesson 1 of 2')).toBeVisible();
  await expect(pp.getByRole('heading', { level: 2, name: 'The Largest Number' })).toBeVisible();
  const heading = pp.locator('#lesson-title');
  await heading.scrollIntoViewIfNeeded();
  await swipeLeft((await heading.boundingBox())!);
  await expect(bar.getByText('Lesson 2 of 2')).toBeVisible();
  await phone.close();
  await context.close();
});
