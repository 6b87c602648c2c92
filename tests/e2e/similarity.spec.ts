import { expect, test } from '@playwright/test';
import { ORIGINAL, PLANTED, UNRELATED } from '../support/fixtures/similar-programs';
import { adminRequest, adminSession, atEveryLook, e2eDatabase, enrolledStudent, expectAccessible, lookAt, videoCourse } from './fixtures';

/*
 * Similarity checks: three students handed in the exercise, one a renamed and reordered copy of another's code. The
 * tutor opens the exercise's Similarity view, checks, finds that one pair, and opens it: both programs side by side
 * with the matching fragments marked, and a fragment brought into view from the keyboard.
 */

test('the tutor checks an exercise for similar code and opens the pair side by side', async ({ page, playwright }) => {
  test.slow(); // the reference solution's first compile, and many axe scans
  const admin = await adminRequest(playwright);
  const title = `E2E Similarity ${Date.now().toString(36)}`;
  const { courseId, lessonIds } = await videoCourse(admin, title, 'Arrays', ['Median and Mean']);
  const created = await admin.post(`/api/admin/lessons/${lessonIds[0]}/exercises`, {
    data: {
      title: 'Median and mean',
      language: 'c',
      statement: 'Read a count and that many whole numbers; print their median and their mean.',
      starterCode: '#include <stdio.h>\n\nint main(void) {\n  return 0;\n}\n',
      referenceSolution: ORIGINAL,
      tests: [{ input: '3\n3 1 2\n', expectedOutput: 'median 2.0\nmean 2.00\n' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const exerciseId = ((await created.json()) as { id: string }).id;

  // Three students' last submissions, written straight into the database: the check reads code, it never runs it.
  const students = [];
  for (const [name, code] of [
    ['Ada', ORIGINAL],
    ['Bram', PLANTED],
    ['Cy', UNRELATED],
  ] as const) {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    students.push({ ...(await enrolledStudent(request, admin, courseId, name)), code });
    await request.dispose();
  }
  const db = await e2eDatabase();
  try {
    for (const [i, s] of students.entries()) {
      await db.query(
        `insert into exercise_submissions (exercise_id, lesson_id, user_id, purpose, code, status, created_at)
         values ($1, $2, $3, 'submit', $4, 'done', now() - make_interval(mins => $5))`,
        [exerciseId, lessonIds[0], s.id, s.code, 30 - i],
      );
    }
  } finally {
    await db.end();
  }

  // ---- The tutor: the lesson's exercises → Similarity → Check Similarity.
  await adminSession(page.context());
  await page.goto(`/admin/courses/${courseId}/edit`);
  await page.getByRole('tab', { name: 'Course Content' }).click();
  await page.getByRole('button', { name: /Exercises \(1\) of lesson “Median and Mean”/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Similarity of exercise “Median and mean”' }).click();
  await expect(dialog.getByRole('heading', { name: 'Similarity: Median and mean' })).toBeVisible();
  await expect(dialog.getByText('No similarity check of this exercise yet.')).toBeVisible();
  await expect(dialog.getByLabel('Threshold')).toHaveValue('50');
  await dialog.getByRole('button', { name: 'Check Similarity' }).click();
  const rows = dialog.getByTestId('similarity-pair');
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  await expect(rows.first()).toContainText('Ada Learner');
  await expect(rows.first()).toContainText('Bram Learner');
  await expect(rows.first()).not.toContainText('Cy Learner');
  await expect(dialog.getByText(/3 students' last submissions compared, 1 pair at or above 50%/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Check Again' })).toBeEnabled();

  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `the similarity pairs (${width}, ${theme})`);
    await lookAt(page, 'similarity', `pairs-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // ---- The pair, side by side.
  await dialog.getByRole('button', { name: 'Compare the code of Ada Learner and Bram Learner' }).click();
  await expect(dialog.getByRole('heading', { name: /Ada Learner and Bram Learner: \d+% matching code/ })).toBeVisible();
  const adaPane = dialog.getByRole('region', { name: 'Submitted code of Ada Learner' });
  const bramPane = dialog.getByRole('region', { name: 'Submitted code of Bram Learner' });
  await expect(adaPane).toContainText('sort_values');
  await expect(bramPane).toContainText('average(data, n)');
  // Marked in both, and not by colour alone: a mark element and the fragment's number beside its first line.
  await expect(adaPane.locator('mark').first()).toBeVisible();
  await expect(bramPane.locator('mark').first()).toBeVisible();
  await expect(adaPane.getByText('Fragment 1 starts')).toHaveCount(1);

  // A fragment chosen from the keyboard is brought into view in both programs.
  const fragments = dialog.getByRole('navigation', { name: 'Matching fragments' }).getByRole('button');
  expect(await fragments.count()).toBeGreaterThan(1);
  const last = fragments.last();
  await last.focus();
  await page.keyboard.press('Enter');
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  const lastNumber = (await fragments.count()).toString();
  await expect(bramPane.locator(`[data-fragment-start~="${lastNumber}"]`)).toBeInViewport();
  await expect(adaPane.locator(`[data-fragment-start~="${lastNumber}"]`)).toBeInViewport();
  // The chosen fragment is marked as itself where it overlaps another.
  await expect(adaPane.locator(`mark[data-fragment="${lastNumber}"]`).first()).toBeVisible();
  await expect(bramPane.locator(`mark[data-fragment="${lastNumber}"]`).first()).toBeVisible();
  // The code panes scroll from the keyboard too.
  await adaPane.focus();
  await expect(adaPane).toBeFocused();

  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `the similar pair side by side (${width}, ${theme})`);
    await lookAt(page, 'similarity', `pair-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: 'Back to the pairs' }).click();
  await expect(rows).toHaveCount(1);
  await admin.delete(`/api/admin/courses/${courseId}`);
});
