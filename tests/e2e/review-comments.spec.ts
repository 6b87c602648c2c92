import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { adminRequest, adminSession, atEveryLook, expectAccessible, failedSumSubmission, lookAt, setCode, SUM_REFERENCE } from './fixtures';

/*
 * Review with line comments: a student submits a failing exercise; the tutor opens the student's submission history,
 * comments on a line and sends the feedback; the student is e-mailed, sees the lesson marked in the outline, and reads
 * the comment beside that line in the lesson's editor (and, once their code has moved on, on the reviewed code).
 */

const COMMENT = 'You **multiply** here: the task asks for the sum.';

test('the tutor comments on a line of a failed submission; the student reads it beside that line', async ({
  page,
  browser,
  playwright,
}) => {
  test.slow(); // a first compile in a fresh grading worker, and many axe scans
  const admin = await adminRequest(playwright);
  const title = `E2E Review ${Date.now().toString(36)}`;

  // ---- The student submits code that fails.
  const {
    courseId,
    lessonIds,
    context,
    student,
    studentPage: sp,
  } = await failedSumSubmission(browser, admin, {
    title,
    lessons: ['Adding Numbers', 'What Comes Next'],
    studentName: 'Rue',
  });

  // ---- The tutor: the exercise's students → the student's work → Submission History → a comment on line 6.
  await adminSession(page.context());
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/admin/courses/${courseId}/edit`);
  await page.getByRole('tab', { name: 'Course Content' }).click();
  await page.getByRole('button', { name: /Exercises \(1\) of lesson “Adding Numbers”/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Students of exercise “Sum of two numbers”' }).click();
  await dialog.getByRole('button', { name: `View the code of ${student.fullName}` }).click();
  await dialog.getByRole('button', { name: 'Submission History' }).click();
  const review = dialog.getByTestId('submission-review');
  await expect(review.getByTestId('review-line')).toHaveCount(8);
  await review.getByRole('button', { name: 'Add Comment on line 6' }).click();
  await review.getByLabel('Comment on line 6 (Markdown)').fill(COMMENT);
  await expect(review.getByTestId('same-code-reach')).toHaveText('No other student’s latest submission is the same code.');
  await review.getByRole('button', { name: 'Save to Saved Comments' }).click();
  await review.getByRole('button', { name: 'Add Comment', exact: true }).click();
  const comment = review.locator('[data-testid="review-line"][data-line="6"]').getByTestId('review-comment');
  await expect(comment).toContainText('You multiply here');
  await expect(comment).toContainText('Draft');
  await expect(review.getByTestId('review-status')).toContainText('not sent');
  // Nothing reaches the student before 'Send Feedback'.
  const before = await context.request.get(`/api/lessons/${lessonIds[0]}/feedback`);
  expect((await before.json()).reviews).toEqual([]);

  // The review screen, with a comment being written and the saved comments open, at every look.
  await review.getByRole('button', { name: 'Add Comment on line 5' }).click();
  await expect(review.getByLabel('Saved Comments', { exact: true })).toBeVisible();
  await review.getByRole('button', { name: 'Saved Comments', exact: true }).click();
  await expect(review.getByTestId('saved-comments')).toContainText('You multiply here');
  await atEveryLook(page, async ({ width, theme }) => {
    await review.getByTestId('review-comment').first().scrollIntoViewIfNeeded();
    await expectAccessible(page, `the tutor's review (${width}, ${theme})`);
    await lookAt(page, 'reviews', `tutor-review-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await review.getByRole('button', { name: 'Cancel' }).click();

  const since = new Date();
  await review.getByLabel('Overall comment (Markdown)').fill('Close! One operator to fix.');
  await review.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(review.getByTestId('review-status')).toContainText('Sent');
  await expect(comment).toContainText('Sent');

  // ---- The e-mail reaches the student, with the link to the lesson.
  const mail = await waitForMail(student.email, { since, test: (m) => /commented on your code/i.test(m.raw), timeoutMs: 30_000 });
  expect(mail.raw).toContain('Sum of two numbers');

  // ---- The student: the lesson is marked in the outline while the feedback is unseen.
  await sp.goto(`/course/${courseId}?lesson=${lessonIds[1]}`);
  const outline = sp.getByRole('complementary');
  const marked = outline.getByRole('button', { name: /Adding Numbers/ });
  await expect(marked.getByTestId('feedback-mark')).toHaveText('New feedback from your tutor');
  await expectAccessible(sp, 'the outline with a feedback mark');
  await lookAt(sp, 'reviews', 'student-outline-mark-1280-light');
  await marked.click();

  // The comment sits under line 6 of the code the student submitted, and the overall comment above the editor.
  const widget = sp.getByTestId('line-comment');
  await expect(widget).toHaveAttribute('data-line', '6');
  await expect(widget).toContainText('You multiply here: the task asks for the sum.');
  const lineAbove = await widget.evaluate((el) => el.closest('.cm-line-widget')?.previousElementSibling?.textContent);
  expect(lineAbove).toBe('    printf("%d\\n", a * b);');
  const panel = sp.getByTestId('tutor-feedback');
  await expect(panel).toContainText("Your tutor's feedback");
  await expect(panel).toContainText('Close! One operator to fix.');
  // Opening the lesson marked it seen: the mark is gone.
  await expect(outline.getByTestId('feedback-mark')).toHaveCount(0);
  await atEveryLook(sp, async ({ width, theme }) => {
    await panel.scrollIntoViewIfNeeded();
    await expectAccessible(sp, `the feedback in the lesson (${width}, ${theme})`);
    await widget.scrollIntoViewIfNeeded();
    await lookAt(sp, 'reviews', `student-editor-comment-${width}-${theme}`);
  });
  await sp.setViewportSize({ width: 1280, height: 800 });

  // Once the code moves on, the comments leave the editor and the reviewed code opens on demand, read only.
  await setCode(sp, /Code editor for Sum of two numbers/, SUM_REFERENCE);
  await expect(sp.getByTestId('line-comment')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Show Reviewed Code' }).click();
  await expect(panel.getByRole('textbox', { name: 'Reviewed code of Sum of two numbers' })).toBeVisible();
  await expect(panel.getByTestId('line-comment')).toHaveAttribute('data-line', '6');
  await atEveryLook(sp, async ({ width, theme }) => {
    await panel.scrollIntoViewIfNeeded();
    await expectAccessible(sp, `the reviewed code (${width}, ${theme})`);
    await lookAt(sp, 'reviews', `student-reviewed-code-${width}-${theme}`);
  });

  await context.close();
  await admin.delete(`/api/admin/courses/${courseId}`);
});
