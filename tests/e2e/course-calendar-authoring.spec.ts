import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatInZone } from '../../src/common/calendar-time';
import { adminRequest, adminSession, apiSignIn, enrolledStudent, expectAccessible, holdSchoolZone, lookAt, setTheme } from './fixtures';

/*
 * The course calendar as the tutor writes it (decision 034): the school's time zone on the course list, a chapter's
 * release and due date typed on the school's clock in the course editor, and the course's late rule. Then a student
 * finds the chapter listed with the moment it opens, and cannot open it (the server refuses too).
 */

const ZONE = 'Asia/Tokyo'; // UTC+9 all year: a wall time there is 9 hours ahead of the same figures in UTC.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A published course of two chapters of one video lesson each. */
async function course(admin: APIRequestContext, title: string) {
  const created = await admin.post('/api/admin/courses', { data: { title, description: 'Made by the course calendar e2e test.' } });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const lessonIds: string[] = [];
  for (const [chapterTitle, lessonTitle, summary] of [
    ['Week 1', 'Welcome', 'Read this first.'],
    ['Week 2', 'Pointers', 'Secret notes'],
  ]) {
    const chapter = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: chapterTitle } });
    const chapterId = ((await chapter.json()) as { chapter: { id: string } }).chapter.id;
    const lesson = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, {
      data: { title: lessonTitle, lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0', summary },
    });
    expect(lesson.status(), await lesson.text()).toBe(201);
    lessonIds.push(((await lesson.json()) as { lesson: { id: string } }).lesson.id);
  }
  expect((await admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } })).status()).toBe(200);
  return { courseId, lessonIds, remove: () => admin.delete(`/api/admin/courses/${courseId}`) };
}

/** The figures of a day `days` from now, at hh:mm, as a datetime-local field takes them ('2027-01-10T09:00'). */
function wallTime(days: number, hhmm: string) {
  return `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T${hhmm}`;
}
/** The moment a Tokyo wall time names: the same figures read as UTC, less 9 hours. */
const tokyoMoment = (wall: string) => new Date(Date.parse(`${wall}:00Z`) - 9 * HOUR);

/** axe at 1280 and 390, light and dark, with a screenshot of each in /tmp/shots/course-calendar; then desktop and light. */
async function scanEverywhere(page: Page, label: string, show?: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await show?.();
      await expectAccessible(page, `${label} (${width}, ${theme})`);
      await lookAt(page, 'course-calendar', `${label.replace(/\W+/g, '-')}-${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await setTheme(page, 'light');
}

test('the tutor sets the school time zone, a chapter release and due date, and the late rule; a student sees when it opens', async ({
  page,
  browser,
  playwright,
}) => {
  test.slow(); // a dozen axe scans
  const admin = await adminRequest(playwright);
  const before = ((await (await admin.get('/api/admin/school-settings')).json()) as { timeZone: string }).timeZone;
  const { courseId, lessonIds, remove } = await course(admin, `E2E Calendar ${Date.now().toString(36)}`);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  let zoneLock: { release: () => void } | undefined;
  try {
    await adminSession(page.context());
    // ---- The screens first, looked at and scanned before the school's zone changes: it is the whole school's, and
    // other tests read their dates in it, so it is changed only for the few steps below that need it.
    await page.goto('/admin/courses');
    const zone = page.getByLabel('School Time Zone');
    await zone.fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Save Time Zone' }).click();
    await expect(page.getByText('Choose a time zone from the list, such as Europe/Berlin.')).toBeVisible();
    await zone.fill('asia/tokyo');
    await expect(page.getByTestId('school-clock')).toContainText('Now there:');
    await scanEverywhere(page, 'the school time zone', () => zone.scrollIntoViewIfNeeded());

    await page.goto(`/admin/courses/${courseId}/edit?tab=content`);
    const week2 = page.getByRole('region', { name: 'Chapter 2: Week 2' });
    await expect(week2.getByTestId('chapter-dates')).toHaveText('Open from the start');
    const datesButton = week2.getByRole('button', { name: 'Release and Due Date of chapter “Week 2”' });
    await datesButton.click();
    const form = page.getByRole('form', { name: 'Release and Due Date of “Week 2”' });
    await form.getByLabel('On a Date').check();
    await form.getByLabel('Release Date').fill(wallTime(10, '09:00'));
    await form.getByLabel('Due Date').fill(wallTime(9, '09:00'));
    // A due date before the release is said before anything is sent.
    await form.getByRole('button', { name: 'Save Dates' }).click();
    await expect(form.getByRole('alert')).toHaveText('The due date is before the chapter opens. Choose a due date after its release.');
    await scanEverywhere(page, 'the chapter dates form', () => form.scrollIntoViewIfNeeded());
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(datesButton).toBeFocused();

    // ---- The late rule, with its own button.
    await page.getByRole('tab', { name: 'Course Details' }).click();
    const late = page.getByRole('form', { name: 'Late Work and Grading' });
    await late.getByLabel('Accept With a Penalty').check();
    await late.getByLabel('Penalty per Day (%)').fill('20');
    await late.getByLabel('Penalty Cap (%)').fill('60');
    await late.getByLabel('Show Hidden Tests After the Due Date').check();
    await late.getByLabel('Quizzes Weight').fill('25');
    await late.getByLabel('Exercises Weight').fill('75');
    await scanEverywhere(page, 'the late rule', () => late.scrollIntoViewIfNeeded());
    await late.getByRole('button', { name: 'Save Late Work and Grading' }).click();
    await expect(late.getByRole('status')).toHaveText('');
    const courseNow = async () =>
      ((await (await admin.get(`/api/admin/courses/${courseId}`)).json()) as { course: Record<string, unknown> }).course;
    await expect.poll(courseNow).toMatchObject({
      latePolicy: 'penalty',
      latePenaltyPerDay: 20,
      latePenaltyCap: 60,
      hiddenTestsAfterDue: true,
      exercisesWeight: 75,
      quizzesWeight: 25,
    });

    // ---- The school's zone: Tokyo, while no other test reads dates in it.
    zoneLock = await holdSchoolZone();
    await page.goto('/admin/courses');
    await zone.fill('asia/tokyo');
    await page.getByRole('button', { name: 'Save Time Zone' }).click();
    // Every screen reads it from the public configuration, at once.
    await expect.poll(async () => ((await (await admin.get('/api/public-config')).json()) as { timeZone: string }).timeZone).toBe(ZONE);
    await expect(page.getByRole('button', { name: 'Save Time Zone' })).toBeDisabled();

    // Week 2 opens in 10 days at 09:00 school time, due a week later at 23:59, typed on the school's clock.
    const release = wallTime(10, '09:00');
    const due = wallTime(17, '23:59');
    const opensText = formatInZone(tokyoMoment(release), ZONE);
    const dueText = formatInZone(tokyoMoment(due), ZONE);
    await page.goto(`/admin/courses/${courseId}/edit?tab=content`);
    await datesButton.click();
    await form.getByLabel('On a Date').check();
    await form.getByLabel('Release Date').fill(release);
    await form.getByLabel('Due Date').fill(due);
    await expect(form.getByText(`In the school's time zone, ${ZONE}.`).first()).toBeVisible();
    await form.getByRole('button', { name: 'Save Dates' }).click();
    // The tutor's outline shows each chapter's release and due date; the form closes once saved.
    await expect(week2.getByTestId('chapter-dates')).toHaveText(`Opens ${opensText} · Due ${dueText}`);
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Chapter 1: Week 1' }).getByTestId('chapter-dates')).toHaveText('Open from the start');
    await lookAt(page, 'course-calendar', 'tutor-outline-1280-light');
    const editor = (await (await admin.get(`/api/admin/courses/${courseId}`)).json()) as {
      chapters: { releaseAt: string | null; dueAt: string | null }[];
    };
    // Stored in UTC: the school's 09:00 is 00:00 UTC.
    expect(editor.chapters[1]).toMatchObject({
      releaseAt: tokyoMoment(release).toISOString(),
      dueAt: tokyoMoment(due).toISOString(),
    });

    // ---- A student: Week 2 listed with the moment it opens, and it does not open.
    const student = await enrolledStudent(context.request, admin, courseId, 'Rhea');
    await apiSignIn(context.request, student.email);
    const sp = await context.newPage();
    await sp.goto(`/course/${courseId}`);
    await expect(sp.getByRole('heading', { level: 2, name: 'Welcome' })).toBeVisible();
    const outline = sp.getByRole('complementary');
    await outline.getByRole('button', { name: /Week 2/ }).click();
    const pointers = outline.getByRole('button', { name: /Pointers/ });
    await expect(pointers).toContainText(`Opens ${opensText}`);
    await pointers.click();
    await expect(sp.getByRole('heading', { level: 2, name: 'Pointers' })).toBeVisible();
    await expect(sp.getByTestId('lesson-not-open')).toContainText(`This chapter opens ${opensText}.`);
    await expect(sp.getByText('Secret notes')).toHaveCount(0);
    await expect(sp.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
    await lookAt(sp, 'course-calendar', 'student-lesson-not-open-1280-light');
    // The server refuses it whatever the page does, and gives nothing of the lesson away before it opens.
    const refused = await context.request.put(`/api/lessons/${lessonIds[1]}/progress`, { data: { status: 'in_progress' } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(`This chapter opens ${opensText}.`);
    expect(await (await context.request.get(`/api/courses/${courseId}/learn`)).text()).not.toContain('Secret notes');
    // On a phone, the outline sheet says when it opens too.
    await sp.setViewportSize({ width: 390, height: 844 });
    await sp.getByRole('button', { name: /Course Content/ }).click();
    await expect(sp.getByRole('dialog').getByRole('button', { name: /Pointers/ })).toContainText(`Opens ${opensText}`);
    await lookAt(sp, 'course-calendar', 'outline-sheet-390-light');

    // ---- The zone back as it was; the student's screens scanned (their dates now read in it).
    await admin.put('/api/admin/school-settings', { data: { timeZone: before } });
    zoneLock.release();
    await expectAccessible(sp, 'the outline sheet with a lesson not open yet (390, light)');
    await sp.keyboard.press('Escape');
    await sp.reload();
    await expect(sp.getByTestId('lesson-not-open')).toContainText(`This chapter opens ${formatInZone(tokyoMoment(release), before)}.`);
    await scanEverywhere(sp, 'a lesson not open yet');
  } finally {
    // The zone is the whole school's: other tests read dates in it.
    await admin.put('/api/admin/school-settings', { data: { timeZone: before } });
    zoneLock?.release();
    await context.close();
    await remove();
  }
});
