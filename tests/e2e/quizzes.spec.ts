import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminRequest, adminSession, apiSignIn, enrolledStudent, expectAccessible, lookAt, setTheme } from './fixtures';

/*
 * Quizzes and progression, as the tutor and a student use them: the tutor writes a quiz in the
 * course editor and asks for lessons in order; a student finds the next lesson locked (the server
 * refuses it too), fails the quiz, tries again offline and online, passes, and the next lesson
 * opens. Then a video that must be watched resumes where the student left it.
 */

const VIDEO = 'https://www.youtube.com/watch?v=KJgsSFOSQv0';

/** A published course of this test's own: one chapter of video lessons. */
async function course(admin: APIRequestContext, title: string, lessons: string[]) {
  const created = await admin.post('/api/admin/courses', { data: { title, description: 'A course made by the quizzes e2e test.' } });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const chapter = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: 'Memory' } });
  const chapterId = ((await chapter.json()) as { chapter: { id: string } }).chapter.id;
  const ids: string[] = [];
  for (const lesson of lessons) {
    const res = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, {
      data: { title: lesson, lessonType: 'VIDEO', videoUrl: VIDEO },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { lesson: { id: string } }).lesson.id);
  }
  expect((await admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } })).status()).toBe(200);
  return { courseId, lessonIds: ids };
}

/** axe at 1280 and 390, light and dark (and a screenshot of each in /tmp/shots/quizzes when `shot` names it); then desktop and light. */
async function scanEverywhere(page: Page, label: string, shot?: { name: string; show?: () => Promise<void> }) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await expectAccessible(page, `${label} (${width}, ${theme})`);
      if (shot) {
        await shot.show?.();
        await lookAt(page, 'quizzes', `${shot.name}-${width}-${theme}`);
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await setTheme(page, 'light');
}

/** Screenshots only (the scans are elsewhere), at 1280 and 390, light and dark, into /tmp/shots/quizzes. */
async function shootEverywhere(page: Page, name: string, show: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await show();
      await lookAt(page, 'quizzes', `${name}-${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await setTheme(page, 'light');
}

test('the tutor writes a quiz and asks for lessons in order; a student is locked out, fails, passes, and the next lesson opens', async ({
  page,
  browser,
  playwright,
}) => {
  test.slow(); // a dozen axe scans
  const admin = await adminRequest(playwright);
  const { courseId, lessonIds } = await course(admin, `E2E Quizzes ${Date.now().toString(36)}`, ['Pointers', 'Arrays']);

  // ---- The tutor: Course Content → Add Quiz on "Pointers".
  await adminSession(page.context());
  await page.goto(`/admin/courses/${courseId}/edit`);
  await page.getByRole('tab', { name: 'Course Content' }).click();
  await page.getByRole('button', { name: /Add Quiz of lesson “Pointers”/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  // Markdown: the backticks show as code to the student.
  await dialog.getByLabel('Question').fill('Which operator gives the address of `x` in `int x;`?');
  await dialog.getByRole('button', { name: 'Add Choice' }).click();
  await dialog.getByRole('button', { name: 'Add Choice' }).click();
  await dialog.getByRole('button', { name: 'Add Choice' }).click();
  await dialog.getByLabel('Choice 1').fill('*');
  await dialog.getByLabel('Choice 2').fill('&');
  await dialog.getByLabel('Choice 3').fill('`->`');
  await dialog.getByLabel('Correct').nth(1).check();
  await dialog.getByLabel('Explanation (optional)').fill('The ampersand takes the address; the star follows it.');
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await dialog.getByLabel('Answer type').nth(1).selectOption('short');
  await dialog.getByLabel('Question').nth(1).fill('What is a variable holding an address called?');
  await dialog.getByLabel('Accepted Answers').fill('pointer\na pointer');
  await dialog.getByLabel('Pass Mark').fill('100');
  await dialog.getByLabel('Shuffle the order for each attempt').check();
  // Explanations wait, unless the tutor chooses otherwise.
  await expect(dialog.getByLabel('Once the student passed or used every attempt')).toBeChecked();
  await expect(dialog.getByText('Shown to the student once they pass the quiz or have used every attempt.').first()).toBeVisible();

  // Questions move and are duplicated from the keyboard; the focus stays with the question moved.
  const prompts = dialog.getByLabel('Question', { exact: true });
  await dialog.getByRole('button', { name: 'Move question 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(prompts.first()).toHaveValue('What is a variable holding an address called?');
  await expect(dialog.getByRole('button', { name: 'Move question 1 down' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(prompts.first()).toHaveValue(/Which operator/);
  await expect(dialog.getByRole('button', { name: 'Move question 2 up' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Duplicate question 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(prompts).toHaveCount(3);
  await expect(prompts.nth(1)).toBeFocused();
  await expect(prompts.nth(1)).toHaveValue(/Which operator/);
  await expect(dialog.getByLabel('Choice 3').nth(1)).toHaveValue('`->`');
  // A number question: 'Correct Number' and 'Tolerance' side by side, their boxes on one line.
  await dialog.getByLabel('Answer type').nth(1).selectOption('number');
  const correctNumber = dialog.getByLabel('Correct Number');
  const tolerance = dialog.getByLabel('Tolerance');
  await correctNumber.fill('42');
  const [a, b] = [await correctNumber.boundingBox(), await tolerance.boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(1);
  expect(Math.abs(a!.height - b!.height)).toBeLessThan(1);
  await shootEverywhere(page, 'editor-settings', () => dialog.getByLabel('Pass Mark').scrollIntoViewIfNeeded());
  await scanEverywhere(page, 'the quiz editor', { name: 'editor', show: () => correctNumber.scrollIntoViewIfNeeded() });
  await dialog.getByRole('button', { name: 'Remove question 2' }).click();
  await expect(prompts).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Save Quiz' }).click();
  await expect(page.getByText('Quiz saved')).toBeVisible();
  await expect(page.getByRole('button', { name: /Edit Quiz of lesson “Pointers”/ })).toBeVisible();

  // ---- Course settings: lessons in order.
  await page.getByRole('tab', { name: 'Course Details' }).click();
  // Checked once the server took it (the box follows the saved setting), hence a click, not check().
  await page.getByLabel('Lessons must be completed in order').click();
  await expect(page.getByLabel('Lessons must be completed in order')).toBeChecked();
  await expect(page.getByText('Lessons now open in order')).toBeVisible();
  await expect(page.getByLabel('Videos must be watched')).not.toBeChecked();
  const settings = (await (await admin.get(`/api/admin/courses/${courseId}`)).json()) as { course: { lessonsInOrder: boolean } };
  expect(settings.course.lessonsInOrder).toBe(true);

  // ---- A student: the quiz in the lesson, the next lesson locked.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const student = await enrolledStudent(context.request, admin, courseId, 'Quinn');
  await apiSignIn(context.request, student.email);
  const sp = await context.newPage();
  await sp.goto(`/course/${courseId}`);
  await expect(sp.getByRole('heading', { level: 2, name: 'Pointers' })).toBeVisible();
  await expect(sp.getByText('Pass the quiz in this lesson to complete it.').filter({ visible: true })).toHaveCount(1);
  await expect(sp.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
  const outline = sp.getByRole('complementary');
  await expect(outline.getByRole('button', { name: /Arrays/ })).toContainText('Complete "Pointers" first.');
  // The server refuses progress on the locked lesson, whatever the page shows.
  const refused = await context.request.put(`/api/lessons/${lessonIds[1]}/progress`, { data: { status: 'completed' } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Complete "Pointers" first.');
  // The quiz as sent to the browser says nothing of what is right.
  const sent = await (await context.request.get(`/api/lessons/${lessonIds[0]}/quiz`)).text();
  expect(sent).not.toContain('pointer');
  expect(sent).not.toContain('"correct"');

  // Next stops at the first locked lesson, which says why.
  await sp.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(sp.getByRole('heading', { level: 2, name: 'Arrays' })).toBeVisible();
  await expect(sp.getByText('This lesson is locked')).toBeVisible();
  await expect(sp.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await scanEverywhere(sp, 'a locked lesson');
  // On a phone, the outline sheet shows the lock and its reason too.
  await sp.setViewportSize({ width: 390, height: 844 });
  await sp.getByRole('button', { name: /Course Content/ }).click();
  await expect(sp.getByRole('dialog').getByRole('button', { name: /Arrays/ })).toContainText('Complete "Pointers" first.');
  await sp.keyboard.press('Escape');
  await sp.setViewportSize({ width: 1280, height: 800 });
  await sp.getByRole('button', { name: 'Go to “Pointers”' }).click();
  await expect(sp.getByRole('heading', { level: 2, name: 'Pointers' })).toBeVisible();

  const quiz = sp.getByRole('region', { name: 'Quiz' });
  // Markdown in questions and choices: code from backticks, a '*' that stays a star.
  await expect(quiz.locator('code', { hasText: 'int x;' })).toBeVisible();
  await expect(quiz.getByText('`int x;`')).toHaveCount(0);
  await expect(quiz.locator('label code', { hasText: '->' })).toBeVisible();
  await expect(quiz.getByLabel('*', { exact: true })).toBeVisible();
  // The order this attempt shows (shuffled), to find it again in the results.
  const groups = quiz.getByRole('group', { name: /^Question \d/ });
  await expect(groups).toHaveCount(2);
  const shownFirst = (await groups.first().getAttribute('aria-labelledby'))!;
  const firstIsChoice = /Which operator/.test((await sp.locator(`[id="${shownFirst}"]`).textContent())!);
  const shortNumber = firstIsChoice ? 2 : 1;

  // Submit Answers with nothing answered spends no attempt: the screen names the questions and asks first.
  await quiz.getByRole('button', { name: 'Submit Answers' }).click();
  const ask = quiz.getByTestId('quiz-unanswered');
  await expect(ask).toContainText('Submit anyway?');
  await expect(ask).toContainText('No question is answered. Unanswered questions count as wrong.');
  await expect(ask).toBeFocused();
  await quiz.getByLabel('*', { exact: true }).check();
  await expect(ask).toContainText(`Question ${shortNumber} is not answered.`);
  await scanEverywhere(sp, 'a quiz asking before an attempt is spent', {
    name: 'unanswered',
    show: () => groups.first().scrollIntoViewIfNeeded(),
  });
  await ask.getByRole('button', { name: `Answer Question ${shortNumber}` }).click();
  await expect(quiz.getByLabel('Your answer')).toBeFocused();
  await expect(ask).toHaveCount(0);
  const untouched = (await (await context.request.get(`/api/lessons/${lessonIds[0]}/quiz`)).json()) as { quiz: { attemptsUsed: number } };
  expect(untouched.quiz.attemptsUsed).toBe(0);
  // Still one unanswered: asked again, and sent when the student says so.
  await quiz.getByRole('button', { name: 'Submit Answers' }).click();
  await ask.getByRole('button', { name: 'Submit Anyway' }).click();

  // A wrong attempt: 'N of M correct', the score, each question in the order shown with "Your answer",
  // right or wrong; the explanations wait for a pass (the tutor's default), and Try Again.
  await expect(quiz.getByText('0 of 2 correct')).toBeVisible();
  await expect(quiz.getByText('Score 0%')).toBeVisible();
  await expect(quiz.getByText('Wrong')).toHaveCount(2);
  await expect(quiz.getByText('The ampersand takes the address; the star follows it.')).toHaveCount(0);
  await expect(quiz.getByText('The explanations show once you pass the quiz.')).toBeVisible();
  const graded = quiz.getByRole('list', { name: 'Your answers, graded' }).locator(':scope > li');
  const choiceResult = graded.nth(firstIsChoice ? 0 : 1);
  await expect(choiceResult).toContainText(`Question ${firstIsChoice ? 1 : 2}`);
  await expect(choiceResult).toContainText('Which operator gives the address of x in int x;?');
  await expect(choiceResult).toContainText(/Your answer\s*\*\s*Wrong/);
  await expect(graded.nth(shortNumber - 1)).toContainText(`Question ${shortNumber}`);
  await expect(graded.nth(shortNumber - 1)).toContainText(/What is a variable holding an address called\?\s*Your answer\s*Not answered/);
  await scanEverywhere(sp, 'a failed quiz', { name: 'failed', show: () => quiz.getByText('0 of 2 correct').scrollIntoViewIfNeeded() });

  // Offline: the answers are kept and Submit waits for the connection.
  await quiz.getByRole('button', { name: 'Try Again' }).click();
  await quiz.getByLabel('&', { exact: true }).check();
  await quiz.getByLabel('Your answer').fill('  Pointer ');
  await context.setOffline(true);
  await expect(quiz.getByText('You are offline. Your answers are kept; submit them when you are back online.')).toBeVisible();
  await expect(quiz.getByRole('button', { name: 'Submit Answers' })).toBeDisabled();
  const kept = await sp.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('quiz-answers:')).length);
  expect(kept).toBe(1);
  await context.setOffline(false);

  await quiz.getByRole('button', { name: 'Submit Answers' }).click();
  await expect(quiz.getByText('2 of 2 correct')).toBeVisible();
  await expect(quiz.getByText('You passed')).toBeVisible();
  // Passed: the explanations show, beside the student's own answers.
  await expect(quiz.getByText('The ampersand takes the address; the star follows it.')).toBeVisible();
  await expect(quiz.getByText('Pointer', { exact: true })).toBeVisible();
  await expect(quiz.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
  await expect(sp.getByText('1 of 2 lessons completed')).toBeVisible();
  await expect(outline.getByRole('button', { name: /Arrays/ })).not.toContainText('first.');
  await expect(outline.getByRole('button', { name: /Pointers/ })).toContainText('Completed');
  // The 'Lesson Completed!' toast fades out first: a toast half-faded fails any contrast check.
  await expect(sp.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await scanEverywhere(sp, 'a passed quiz', { name: 'passed', show: () => quiz.getByText('2 of 2 correct').scrollIntoViewIfNeeded() });

  // The tutor's figures come from the real attempts.
  const figures = (await (await admin.get(`/api/admin/lessons/${lessonIds[0]}/quiz`)).json()) as {
    quiz: { stats: { attempts: number; passRate: number; averageScore: number } };
  };
  expect(figures.quiz.stats).toMatchObject({ attempts: 2, passRate: 100, averageScore: 50 });
  await context.close();
});

test('a video that must be watched resumes where the student left it, and Mark Complete waits for the watching', async ({
  browser,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const { courseId, lessonIds } = await course(admin, `E2E Video ${Date.now().toString(36)}`, ['Watching']);
  expect((await admin.patch(`/api/admin/courses/${courseId}`, { data: { videoWatchShare: 90 } })).status()).toBe(200);

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const student = await enrolledStudent(context.request, admin, courseId, 'Vera');
  await apiSignIn(context.request, student.email);
  // Another device left the video at 1:35; the server kept it.
  const report = await context.request.put(`/api/lessons/${lessonIds[0]}/video-progress`, {
    data: { positionSeconds: 95, playedSeconds: 10, durationSeconds: 300 },
  });
  expect(report.status(), await report.text()).toBe(200);

  const sp = await context.newPage();
  await sp.goto(`/course/${courseId}`);
  await expect(sp.getByRole('heading', { level: 2, name: 'Watching' })).toBeVisible();
  const complete = sp.getByRole('button', { name: 'Mark Complete' });
  await expect(complete).toBeDisabled();
  await expect(sp.getByText('Watch at least 90% of the video first.').filter({ visible: true })).toHaveCount(1);
  const refused = await context.request.put(`/api/lessons/${lessonIds[0]}/progress`, { data: { status: 'completed' } });
  expect(refused.status()).toBe(409);
  await scanEverywhere(sp, 'a video lesson waiting to be watched');

  // Pressing play loads the player at the saved position (the host itself is out of reach here).
  await sp.getByRole('button', { name: /Watching\. Play video/ }).click();
  const src = await sp.locator('iframe[title="Video: Watching"]').getAttribute('src');
  expect(new URL(src!).searchParams.get('start')).toBe('95');
  expect(new URL(src!).searchParams.get('enablejsapi')).toBe('1');
  await context.close();
});
