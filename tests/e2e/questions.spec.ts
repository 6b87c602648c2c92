import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import {
  ADMIN_EMAIL,
  adminRequest,
  adminSession,
  apiSignIn,
  atEveryLook,
  enrolledStudent,
  expectAccessible,
  failedSumSubmission,
  lookAt,
  uniqueSurname,
  videoCourse,
} from './fixtures';

/*
 * 'Ask Your Tutor': a student fails an exercise and asks the tutor from beside the failed result;
 * the tutor sees the count in the navigation, opens the question on the Questions page, replies
 * quoting a line of the attached code and marks it resolved; the student reads the reply on the
 * lesson and gets the e-mail.
 */

const QUESTION = 'Why does my program print the wrong number?';

test('a student asks the tutor from a failed result; the tutor replies quoting a line and resolves; the student reads it', async ({
  page,
  browser,
  playwright,
}) => {
  test.slow(); // a first compile in a fresh grading worker, and a dozen axe scans
  const admin = await adminRequest(playwright);
  const title = `E2E Questions ${Date.now().toString(36)}`;

  // ---- The student fails the exercise and asks from beside the failed result.
  const {
    courseId,
    lessonIds,
    context,
    student,
    studentPage: sp,
  } = await failedSumSubmission(browser, admin, {
    title,
    lessons: ['Adding Numbers'],
    studentName: uniqueSurname('Quinn'),
  });

  const exercise = sp.getByTestId('exercise');
  const ask = exercise.getByRole('button', { name: 'Ask Your Tutor' });
  await atEveryLook(sp, async ({ width, theme }) => {
    await ask.click();
    const dialog = sp.getByRole('dialog', { name: 'Ask Your Tutor' });
    await expect(dialog.getByLabel('Your Question')).toBeVisible();
    await expectAccessible(sp, `the Ask Your Tutor dialog (${width}, ${theme})`);
    await lookAt(sp, 'questions', `ask-dialog-${width}-${theme}`);
    await sp.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
  await sp.setViewportSize({ width: 1280, height: 800 });

  const sentAt = new Date();
  await ask.click();
  const dialog = sp.getByRole('dialog', { name: 'Ask Your Tutor' });
  // An empty question is refused with the reason, and nothing is sent.
  await dialog.getByRole('button', { name: 'Send Question' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Write your message first.');
  await dialog.getByLabel('Your Question').fill(QUESTION);
  await dialog.getByRole('button', { name: 'Send Question' }).click();
  await expect(dialog).toBeHidden();
  const mine = sp.getByTestId('lesson-questions');
  await expect(mine.getByTestId('question-thread')).toContainText(QUESTION);
  await expect(mine.getByTestId('question-thread')).toContainText('Waiting for your tutor');

  // ---- The tutor is told by e-mail, and sees the count in the navigation.
  await waitForMail(ADMIN_EMAIL, { since: sentAt, test: (m) => m.raw.includes('asked a question'), timeoutMs: 30_000 });
  await adminSession(page.context());
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const questionsLink = nav.getByRole('link', { name: /^Questions\s*\d+\s*\(\d+ unanswered questions?\)$/ });
  await expect(questionsLink).toBeVisible();
  await expect(page.getByText('Unanswered Questions', { exact: true })).toBeVisible();
  await questionsLink.click();
  await expect(page).toHaveURL(/\/admin\/questions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();
  const row = page.getByTestId('question-row').filter({ hasText: student.fullName });
  await expect(row).toContainText('Unanswered');
  await row.click();

  const thread = page.getByTestId('question-thread-detail');
  await expect(thread.getByText(QUESTION)).toBeVisible();
  await expect(thread.getByTestId('attached-code')).toContainText('a * b');
  await expect(thread.getByTestId('attached-result')).toContainText(/0 of 1 tests? passed/);

  await atEveryLook(page, async ({ width, theme }) => {
    await expect(thread.getByTestId('attached-code')).toBeVisible();
    await expectAccessible(page, `the Questions page with a thread (${width}, ${theme})`);
    await lookAt(page, 'questions', `questions-thread-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/questions');
  await expect(row).toBeVisible();
  await expectAccessible(page, 'the Questions list on a phone');
  await lookAt(page, 'questions', 'questions-list-390-light');
  await page.setViewportSize({ width: 1280, height: 800 });
  await row.click();

  // The reply quotes line 6 of the attached code, the one with the mistake.
  const lineSix = thread.getByRole('button', { name: 'Line 6', exact: true });
  await lineSix.click();
  await expect(lineSix).toHaveAttribute('aria-pressed', 'true');
  await thread.getByRole('button', { name: 'Quote Selected Lines' }).click();
  const reply = thread.getByLabel('Your Reply');
  await expect(reply).toHaveValue(/Line 6:\n\n> ```c\n> {5}printf\("%d\\n", a \* b\);\n> ```/);
  await reply.press('End');
  await reply.pressSequentially('You multiply here: add the numbers instead.');
  const repliedAt = new Date();
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(thread.getByRole('listitem').filter({ hasText: 'You multiply here' })).toBeVisible();
  await expect(thread).toContainText('Answered');
  await thread.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect(thread.getByRole('button', { name: 'Resolved' })).toBeDisabled();
  await expect(page.getByTestId('question-row').filter({ hasText: student.fullName })).toContainText('Resolved');

  // ---- The student reads the reply on the lesson, and the e-mail arrives with the link to it.
  const mail = await waitForMail(student.email, {
    since: repliedAt,
    test: (m) => m.raw.includes('replied to your question'),
    timeoutMs: 30_000,
  });
  // The link to the lesson, with the quoted-printable soft breaks and escapes undone.
  const flat = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(flat).toContain(`/course/${courseId}?lesson=${lessonIds[0]}`);
  await sp.reload();
  const answered = sp.getByTestId('lesson-questions').getByTestId('question-thread');
  await expect(answered).toContainText('You multiply here: add the numbers instead.');
  await expect(answered.locator('blockquote pre')).toContainText('a * b');
  await expect(answered).toContainText('Resolved');
  await atEveryLook(sp, async ({ width, theme }) => {
    await answered.scrollIntoViewIfNeeded();
    await expectAccessible(sp, `the student's questions on the lesson (${width}, ${theme})`);
    await lookAt(sp, 'questions', `lesson-questions-${width}-${theme}`);
  });

  // A follow-up reopens the thread for the tutor.
  await answered.getByLabel('Write a Follow-up').fill('Thank you, it passes now!');
  await answered.getByRole('button', { name: 'Send Follow-up' }).click();
  await expect(answered).toContainText('Waiting for your tutor');
  await context.close();
});

test('a student out of quiz attempts asks the tutor for another one from the quiz', async ({ page, playwright }) => {
  const admin = await adminRequest(playwright);
  const { courseId, lessonIds } = await videoCourse(admin, `E2E Quiz Question ${Date.now().toString(36)}`, 'Checks', ['One Try']);
  const quiz = await admin.put(`/api/admin/lessons/${lessonIds[0]}/quiz`, {
    data: {
      attemptsAllowed: 1,
      questions: [{ kind: 'single', prompt: 'What is 2 + 2?', choices: [{ text: '4', correct: true }, { text: '5' }] }],
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(200);
  const student = await enrolledStudent(page.request, admin, courseId, uniqueSurname('Ollie'));
  await apiSignIn(page.request, student.email);
  // The one attempt, with the question left out: wrong.
  const attempt = await page.request.post(`/api/lessons/${lessonIds[0]}/quiz/attempts`, { data: { answers: [] } });
  expect(attempt.status(), await attempt.text()).toBe(200);

  await page.goto(`/course/${courseId}?lesson=${lessonIds[0]}`);
  const ask = page.getByTestId('quiz-ask-tutor');
  await expect(ask).toContainText('Ask your tutor for another attempt.');
  await ask.getByRole('button', { name: 'Ask Your Tutor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask Your Tutor' });
  // The request is written for the student, naming the course and the lesson; they may change it before sending.
  await expect(dialog.getByLabel('Your Question')).toHaveValue(/used all my attempts at the quiz of the lesson "One Try"/);
  await dialog.getByRole('button', { name: 'Send Question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('lesson-questions').getByTestId('question-thread')).toContainText('Could I have another attempt?');

  const list = (await (await admin.get('/api/admin/questions')).json()) as { threads: { studentName: string; status: string }[] };
  expect(list.threads.find((t) => t.studentName === student.fullName)).toMatchObject({ status: 'unanswered' });
});
