import { expect, test, type APIRequestContext } from '@playwright/test';
import { CalendarMessages as M, formatInZone } from '../../src/common/calendar';
import {
  adminRequest,
  holdSchoolZoneInEachTest,
  schoolZone,
  apiSignIn,
  atEveryLook,
  e2eDatabase,
  enrolledStudent,
  expectAccessible,
  lookAt,
  setCode,
  uniqueSurname,
  videoCourse,
} from './fixtures';

// The dates checked here are shown in the school's time zone, which another test changes for a while.
holdSchoolZoneInEachTest();

/*
 * Due dates and late work as a student meets them: 'Due This Week' on the dashboard, the due date in the lesson, the
 * warning beside Submit before a late Submit, and the penalty on the result. The course's late rule and due dates are
 * written straight into the database (the tutor's screens for them have browser tests of their own); each test has its
 * own course and student, as the server is shared with tests running in parallel.
 */

const SUM_JS = `const [a, b] = readline().split(' ').map(Number);\nconsole.log(a + b);\n`;

/** A published course with one lesson holding a JavaScript exercise and a quiz; the late rule: 10% a day, at most 50%. */
async function courseWithWork(admin: APIRequestContext, title: string) {
  const { courseId, lessonIds } = await videoCourse(admin, title, 'Week 1', ['Adding Numbers']);
  const lessonId = lessonIds[0]!;
  const exercise = await admin.post(`/api/admin/lessons/${lessonId}/exercises`, {
    data: {
      title: 'Sum in JavaScript',
      language: 'javascript',
      statement: 'Read two numbers and print their **sum**.',
      referenceSolution: SUM_JS,
      tests: [
        { input: '2 3\n', expectedOutput: '5\n' },
        { input: '40 2\n', expectedOutput: '42\n', hidden: true },
      ],
      limits: { timeMs: 2000, memoryMb: 64, outputKb: 8 },
    },
  });
  expect(exercise.status(), await exercise.text()).toBe(201);
  const quiz = await admin.put(`/api/admin/lessons/${lessonId}/quiz`, {
    data: {
      passMark: 50,
      questions: [
        {
          kind: 'single',
          prompt: 'What does `2 + 3` print?',
          choices: [
            { text: '5', correct: true },
            { text: '23', correct: false },
          ],
        },
      ],
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(200);
  return { courseId, lessonId, exerciseId: ((await exercise.json()) as { id: string }).id };
}

/** The late rule and due dates, relative to the database's clock; the moments they were set to, as ISO strings. */
async function setDueDates(courseId: string, lessonId: string, exerciseDue: string, quizDue: string) {
  const db = await e2eDatabase();
  try {
    await db.query(`update courses set late_policy = 'penalty', late_penalty_per_day = 10, late_penalty_cap = 50 where id = $1`, [
      courseId,
    ]);
    const x = await db.query<{ due_at: Date }>(`update exercises set due_at = now() + $2::interval where lesson_id = $1 returning due_at`, [
      lessonId,
      exerciseDue,
    ]);
    const q = await db.query<{ due_at: Date }>(`update quizzes set due_at = now() + $2::interval where lesson_id = $1 returning due_at`, [
      lessonId,
      quizDue,
    ]);
    return { exercise: x.rows[0]!.due_at.toISOString(), quiz: q.rows[0]!.due_at.toISOString() };
  } finally {
    await db.end();
  }
}

test('a student sees what is due, is warned before a late Submit, submits late and sees the penalty', async ({ browser, playwright }) => {
  test.slow(); // a grading and a dozen axe scans
  const admin = await adminRequest(playwright);
  const title = `E2E Due ${uniqueSurname('Late')}`;
  const { courseId, lessonId } = await courseWithWork(admin, title);
  // A day and two hours past due: two started days, 20% off. The quiz is due in two days.
  const due = await setDueDates(courseId, lessonId, '-1 day -2 hours', '2 days');

  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const student = await enrolledStudent(context.request, admin, courseId, 'Dana');
  await apiSignIn(context.request, student.email);
  const zone = await schoolZone(context.request);
  const page = await context.newPage();

  // ---- The dashboard: 'Due This Week', the late exercise first.
  await page.goto('/student/dashboard');
  const card = page.getByTestId('due-this-week');
  await expect(card.getByRole('heading', { name: M.dueThisWeek })).toBeVisible();
  const items = card.getByTestId('due-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Sum in JavaScript');
  await expect(items.nth(0)).toContainText(`${title} · Adding Numbers`);
  await expect(items.nth(0)).toContainText(M.dueOn(formatInZone(due.exercise, zone)));
  await expect(items.nth(0)).toContainText(`${M.overdue}: 20% Off`);
  await expect(items.nth(1)).toContainText('Quiz: Adding Numbers');
  await expect(items.nth(1)).toContainText(M.dueOn(formatInZone(due.quiz, zone)));
  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `Due This Week on the dashboard (${width}, ${theme})`);
    await lookAt(page, 'due-dates', `dashboard-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // ---- The lesson: the due date, marked past, and the warning beside Submit before anything is sent.
  await items.nth(0).getByRole('link', { name: 'Sum in JavaScript' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Adding Numbers' })).toBeVisible();
  const exercise = page.getByTestId('exercise');
  await expect(exercise.getByTestId('due-line')).toContainText(M.dueOn(formatInZone(due.exercise, zone)));
  await expect(exercise.getByTestId('due-line')).toContainText(M.duePassed);
  const warning = M.lateWarning(formatInZone(due.exercise, zone), 20);
  await expect(exercise.getByTestId('late-warning')).toHaveText(warning);
  const submit = exercise.getByRole('button', { name: 'Submit', exact: true });
  await expect(submit).toHaveAccessibleDescription(warning);
  // The quiz due ahead shows its date, unmarked, and no warning.
  const quiz = page.getByRole('region', { name: 'Quiz' });
  await expect(quiz.getByTestId('due-line')).toHaveText(M.dueOn(formatInZone(due.quiz, zone)));
  await expect(quiz.getByTestId('late-warning')).toHaveCount(0);
  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `an exercise past its due date, before Submit (${width}, ${theme})`);
    await exercise.getByTestId('late-warning').scrollIntoViewIfNeeded();
    await lookAt(page, 'due-dates', `warning-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // ---- Submitted late: the result says how late and what it cost, the score after the penalty beside the one before.
  await setCode(page, /Code editor for Sum in JavaScript/, SUM_JS);
  await submit.click();
  await expect(exercise.getByText('All tests passed')).toBeVisible({ timeout: 60_000 });
  const late = exercise.getByTestId('late-result');
  await expect(late).toContainText(M.lateBy(2, 20));
  await expect(late).toContainText(M.scoreAfterPenalty(80, 100));
  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `a late submission's penalty (${width}, ${theme})`);
    await late.scrollIntoViewIfNeeded();
    await lookAt(page, 'due-dates', `penalty-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Read again, the penalty stays with the submission; passed, the exercise leaves 'Due This Week'.
  await page.reload();
  await expect(page.getByTestId('exercise').getByTestId('late-result')).toContainText(M.lateBy(2, 20));
  await page.goto('/student/dashboard');
  await expect(page.getByTestId('due-this-week').getByTestId('due-item')).toHaveCount(1);
  await expect(page.getByTestId('due-this-week').getByTestId('due-item')).toContainText('Quiz: Adding Numbers');
  await context.close();
  await admin.dispose();
});

test("'Due This Week' says plainly when nothing is due", async ({ browser, playwright }) => {
  const admin = await adminRequest(playwright);
  const { courseId } = await videoCourse(admin, `E2E Due ${uniqueSurname('None')}`, 'Week 1', ['Reading']);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const student = await enrolledStudent(context.request, admin, courseId, 'Noor');
  await apiSignIn(context.request, student.email);
  const page = await context.newPage();
  await page.goto('/student/dashboard');
  const card = page.getByTestId('due-this-week');
  await expect(card.getByTestId('due-this-week-empty')).toHaveText(M.dueThisWeekEmpty);
  await expect(card.getByTestId('due-item')).toHaveCount(0);
  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `Due This Week with nothing due (${width}, ${theme})`, '[data-testid="due-this-week"]');
  });
  await context.close();
  await admin.dispose();
});
