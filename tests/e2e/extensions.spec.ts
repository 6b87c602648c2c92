import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatInZone, zonedWallTimeToIso } from '../../src/common/calendar-time';
import {
  adminRequest,
  holdSchoolZoneInEachTest,
  schoolZone,
  adminSession,
  atEveryLook,
  e2eDatabase,
  enrolledStudent,
  expectAccessible,
  lookAt,
  uniqueSurname,
  videoCourse,
} from './fixtures';

// The dates checked here are shown in the school's time zone, which another test changes for a while.
holdSchoolZoneInEachTest();

/*
 * 'Extend Deadline': the tutor gives one student more time from the student's page (an exercise), and several
 * students at once from Student Management's selection (a whole chapter); the dates are typed and read in the school's
 * time zone. Each test has its own course and students (the server is shared with tests running in parallel).
 */

type Extension = { itemTitle: string; kind: string; dueAt: string; reason: string };

/** A published course of one chapter, due next month, whose lesson holds the exercise 'Sum a list', due a week later. */
async function dueCourse(admin: APIRequestContext, title: string) {
  const { courseId, lessonIds } = await videoCourse(admin, title, 'Week 1', ['Loops']);
  const db = await e2eDatabase();
  try {
    await db.query(`update chapters set due_at = now() + interval '30 days' where course_id = $1`, [courseId]);
    // Straight into the database: an extension needs an exercise with a due date, not its grading.
    await db.query(
      `insert into exercises (lesson_id, position, title, language, reference_solution, due_at)
       values ($1, 1, 'Sum a list', 'javascript', 'console.log(1)', now() + interval '37 days')`,
      [lessonIds[0]],
    );
  } finally {
    await db.end();
  }
  return courseId;
}

async function extensionsOf(admin: APIRequestContext, studentId: string): Promise<Extension[]> {
  const res = await admin.get(`/api/admin/students/${studentId}/extensions`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { extensions: Extension[] }).extensions;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test("the tutor extends one student's deadline for an exercise from the student's page, and removes it", async ({
  page,
  context,
  playwright,
}) => {
  test.slow(); // sixteen axe scans and their screenshots
  const admin = await adminRequest(playwright);
  const title = `E2E Extend ${uniqueSurname('One')}`;
  const courseId = await dueCourse(admin, title);
  const student = await enrolledStudent(page.request, admin, courseId, 'Ezra');

  await adminSession(context);
  await page.goto(`/admin/students/${student.id}`);
  const section = page.getByTestId('student-extensions');
  await expect(section.getByRole('heading', { name: 'Extended Deadlines' })).toBeVisible();
  await section.getByRole('button', { name: `Extend Deadline in ${title}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Extend Deadline' })).toBeVisible();
  await expect(dialog).toContainText(`For ${student.fullName} in ${title}.`);
  await dialog.getByLabel('Chapter, Exercise or Quiz').selectOption({ label: 'Sum a list' });
  await expect(dialog.getByText(/^Usually due /)).toBeVisible();
  const zone = await schoolZone(admin);
  await dialog.getByLabel('New Due Date').fill('2031-05-02T09:30');
  await dialog.getByLabel('Reason (Optional)').fill('Was ill for a week');

  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `the Extend Deadline dialog for one student (${width}, ${theme})`);
    await lookAt(page, 'extensions', `dialog-one-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: 'Extend Deadline' }).click();
  await expect(toast(page, 'Deadline extended for 1 student.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const dueAt = zonedWallTimeToIso('2031-05-02T09:30', zone)!;
  expect(await extensionsOf(admin, student.id)).toEqual([
    expect.objectContaining({ itemTitle: 'Sum a list', kind: 'exercise', dueAt, reason: 'Was ill for a week' }),
  ]);
  const list = section.getByRole('list', { name: `Extended deadlines in ${title}` });
  await expect(list).toContainText('Sum a list');
  await expect(list).toContainText(`Due ${formatInZone(dueAt, zone)}`);
  await expect(list).toContainText('Was ill for a week');

  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `the student's extended deadlines (${width}, ${theme})`);
    await lookAt(page, 'extensions', `student-page-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  await list.getByRole('button', { name: 'Remove the extension of Sum a list' }).click();
  await expect(toast(page, 'Extension removed')).toBeVisible();
  await expect(list).toBeHidden();
  expect(await extensionsOf(admin, student.id)).toEqual([]);
  await admin.dispose();
});

test("the tutor extends several students' chapter deadline at once from Student Management", async ({ page, context, playwright }) => {
  test.slow(); // twelve axe scans and their screenshots
  const admin = await adminRequest(playwright);
  const title = `E2E Extend ${uniqueSurname('Many')}`;
  const courseId = await dueCourse(admin, title);
  const ada = await enrolledStudent(page.request, admin, courseId, `Ada${uniqueSurname('x')}`);
  const bob = await enrolledStudent(page.request, admin, courseId, `Bob${uniqueSurname('x')}`);

  await adminSession(context);
  await page.goto('/admin/students?tab=approved');
  const bar = page.getByRole('group', { name: 'Actions on the selected approved students' });
  const extend = bar.getByRole('button', { name: 'Extend Deadline' });
  await expect(extend).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${ada.fullName}` }).check();
  await page.getByRole('checkbox', { name: `Select ${bob.fullName}` }).check();
  await bar.getByLabel('Course').selectOption({ label: title });
  await expect(extend).toBeEnabled();
  await extend.click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`For 2 students (${ada.fullName}, ${bob.fullName}) in ${title}.`);
  await dialog.getByLabel('Chapter, Exercise or Quiz').selectOption({ label: 'Whole chapter: Week 1' });
  const zone = await schoolZone(admin);
  await dialog.getByLabel('New Due Date').fill('2031-06-01T18:00');

  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `the Extend Deadline dialog for several students (${width}, ${theme})`);
    await lookAt(page, 'extensions', `dialog-many-${width}-${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: 'Extend Deadline' }).click();
  await expect(toast(page, 'Deadline extended for 2 students.')).toBeVisible();
  const dueAt = zonedWallTimeToIso('2031-06-01T18:00', zone)!;
  for (const s of [ada, bob])
    expect(await extensionsOf(admin, s.id)).toEqual([expect.objectContaining({ itemTitle: 'Week 1', kind: 'chapter', dueAt })]);
  // The selection is cleared once granted.
  await expect(bar).toContainText('None selected');

  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `Student Management after extending (${width}, ${theme})`);
  });
  await admin.dispose();
});
