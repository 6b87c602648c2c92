import fs from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminRequest,
  adminSession,
  apiRegister,
  apiSetStatus,
  apiSignIn,
  enrolledStudent,
  expectAccessible,
  lookAt,
  setTheme,
  SUM_REFERENCE,
  uniqueEmail,
  uploadPdf,
} from './fixtures';
import { waitForCode } from '../support/mailbox';
import { LearningMessages, previewCompletedLessons } from '../../src/common/learning';

// The newest toast comes first; an older one with the same text may still be leaving.
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** A published course of this test's own: a video lesson, a PDF lesson with a tutorial, then a mixed lesson in chapter 2. */
async function learningCourse(admin: APIRequestContext, title: string) {
  const created = await admin.post('/api/admin/courses', {
    data: { title, description: 'A course made by the course-learning e2e test.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const chapter = async (chapterTitle: string) => {
    const res = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: chapterTitle } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { chapter: { id: string } }).chapter.id;
  };
  const lesson = async (chapterId: string, data: object) => {
    const res = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, { data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { lesson: { id: string } }).lesson.id;
  };
  const first = await chapter('Getting Started');
  const second = await chapter('Going Further');
  const video = 'https://www.youtube.com/watch?v=KJgsSFOSQv0';
  const lessons = [
    await lesson(first, { title: 'Welcome Video', lessonType: 'VIDEO', videoUrl: video, summary: 'What this course covers.' }),
    await lesson(first, {
      title: 'Reading Notes',
      lessonType: 'PDF',
      pdfFileId: await uploadPdf(admin, 'pdf', 'notes.pdf', 'notes.pdf: loops and arrays'),
      tutorialFileId: await uploadPdf(admin, 'tutorial', 'exercises.pdf', 'exercises.pdf: loops and arrays'),
      summary: 'Read the notes, then try the exercises.',
    }),
    await lesson(second, {
      title: 'Watch and Read',
      lessonType: 'MIXED',
      videoUrl: video,
      pdfFileId: await uploadPdf(admin, 'pdf', 'mixed.pdf', 'mixed.pdf: loops and arrays'),
    }),
  ];
  const published = await admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } });
  expect(published.status(), await published.text()).toBe(200);
  return { id: courseId, title, lessons };
}

async function statuses(request: APIRequestContext, courseId: string) {
  const res = await request.get(`/api/courses/${courseId}/learn`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { chapters: { lessons: { title: string; status: string }[] }[] };
  return Object.fromEntries(body.chapters.flatMap((c) => c.lessons.map((l) => [l.title, l.status])));
}

/** A horizontal swipe over the lesson heading, through Chromium's touch input. */
async function swipe(page: Page, dx: number) {
  const box = (await page.locator('#lesson-title').boundingBox())!;
  const y = box.y + box.height / 2;
  const x = dx < 0 ? 300 : 60;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (const step of [0.33, 0.66, 1]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx * step, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

// Video hosts are not reachable from the test machine; their frames stay empty instead of waiting.
test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com\//, (route) => route.abort());
});

test('an enrolled student signs in with a mailed code, works through a course, and gets a real certificate', async ({
  page,
  context,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const course = await learningCourse(admin, `E2E Learning ${Date.now().toString(36)}`);
  const student = await enrolledStudent(page.request, admin, course.id, 'Grace');
  // No share sheet on this browser: Share falls back to the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  // The whole journey runs under the server's Content-Security-Policy: nothing it needs is refused.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });

  await page.goto(`/course/${course.id}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(student.email);
  const since = new Date();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification Code').fill(await waitForCode(student.email, since));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));

  // The first unfinished lesson opens with its chapter expanded, and opening it is recorded.
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(page.getByText('0 of 3 lessons completed')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome Video' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lesson', exact: true }).getByText('Lesson 1 of 3')).toBeVisible();
  // Nothing loads from the video host until the student presses play.
  await expect(page.getByTitle('Video: Welcome Video')).toHaveCount(0);
  await page.getByRole('button', { name: 'Welcome Video. Play video' }).click();
  await expect(page.getByTitle('Video: Welcome Video')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/KJgsSFOSQv0\?enablejsapi=1&origin=.*&autoplay=1$/,
  );
  const outline = page.getByRole('complementary');
  await expect(outline.getByRole('button', { name: /Getting Started/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(outline.getByRole('button', { name: /Going Further/ })).toHaveAttribute('aria-expanded', 'false');
  await expect
    .poll(() => statuses(page.request, course.id))
    .toMatchObject({ 'Welcome Video': 'in_progress', 'Reading Notes': 'not_started' });
  await expectAccessible(page, 'course-learning screen (desktop)');

  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(toast(page, 'Lesson Completed!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reading Notes' })).toBeVisible();
  await expect(page.getByText('1 of 3 lessons completed')).toBeVisible();
  await expect(page.getByText('33% complete')).toBeVisible();
  await expect(outline.getByRole('button', { name: /Welcome Video/ })).toContainText('Completed');
  await expect(page.getByTitle('PDF: Reading Notes')).toHaveAttribute('src', /^\/api\/files\//);
  const tutorial = page.getByRole('link', { name: 'Download Tutorial PDF' });
  const tutorialRes = await page.request.get((await tutorial.getAttribute('href'))!);
  expect(tutorialRes.headers()['content-type']).toBe('application/pdf');

  // Completing is idempotent on the server and never downgrades: reopening a completed lesson keeps it completed.
  await outline.getByRole('button', { name: /Welcome Video/ }).click();
  await expect(page.getByText('Lesson completed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Watch and Read' })).toBeVisible();
  await expect(outline.getByRole('button', { name: /Going Further/ })).toHaveAttribute('aria-expanded', 'true');
  expect(await statuses(page.request, course.id)).toEqual({
    'Welcome Video': 'completed',
    'Reading Notes': 'completed',
    'Watch and Read': 'in_progress',
  });

  // The step to 100% opens the completion dialog.
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(dialog.getByText('Course Completed!')).toBeVisible();
  await expect(dialog.getByText(student.fullName)).toBeVisible();
  await expect(dialog.getByText(course.title)).toBeVisible();
  await expect(dialog.getByText('Certificate Earned')).toBeVisible();
  await expect(page.getByText('100% complete')).toBeVisible();
  await expectAccessible(page, 'completion dialog');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download Certificate' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^certificate-.+\.pdf$/);
  const bytes = await fs.readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const certificatePdf = await PDFDocument.load(bytes, { updateMetadata: false });
  expect(certificatePdf.getTitle()).toContain(student.fullName);
  expect(certificatePdf.getTitle()).toContain(course.title);

  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page, 'Copied to Clipboard')).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  const verifyUrl = /(https?:\/\/\S+\/certificates\/[\w-]+)/.exec(shared)?.[1];
  expect(verifyUrl, shared).toBeTruthy();

  // The public verification page names the student and the course, for anyone with the link.
  const visitor = await context.browser()!.newPage();
  await visitor.goto(verifyUrl!);
  await expect(visitor.getByText(student.fullName)).toBeVisible();
  await expect(visitor.getByText(course.title)).toBeVisible();
  await expect(visitor.getByText(student.email)).toHaveCount(0);
  await visitor.close();

  await dialog.getByRole('button', { name: 'Continue Learning' }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  expect(refused).toEqual([]);
});

test('on a 390-pixel phone the student navigates by the course content list, the bottom bar and swipes', async ({
  browser,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const course = await learningCourse(admin, `E2E Phone ${Date.now().toString(36)}`);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    baseURL: process.env.E2E_BASE_URL,
  });
  const page = await context.newPage();
  await page.route(/^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com\//, (route) => route.abort());
  const student = await enrolledStudent(page.request, admin, course.id, 'Linus');
  await apiSignIn(page.request, student.email);

  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome Video' })).toBeVisible();
  await expect(page.getByText('Swipe left/right to navigate lessons')).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Lesson navigation' }).filter({ visible: true });
  await expect(bar.getByText('Lesson 1 of 3')).toBeVisible();
  // The desktop outline is hidden; the phone opens the 'Course Content' list instead.
  await expect(page.getByRole('complementary')).toBeHidden();
  await expectAccessible(page, 'course-learning screen (phone)');

  await page.getByRole('button', { name: 'Course Content' }).click();
  const drawer = page.getByRole('dialog', { name: 'Course Content' });
  await expect(drawer.getByText('0 of 3 completed · 0%')).toBeVisible();
  await expect(drawer.getByText('0 of 2 completed')).toBeVisible();
  await drawer.getByRole('button', { name: /Going Further/ }).click();
  await expect(drawer.getByText('0 of 1 completed')).toBeVisible();
  await expectAccessible(page, 'course content drawer (phone)');
  await drawer.getByRole('button', { name: /Reading Notes/ }).click();
  await expect(drawer).toBeHidden();
  await expect(bar.getByText('Lesson 2 of 3')).toBeVisible();

  // A swipe right goes back, a swipe left goes forward; a short move does nothing.
  await swipe(page, 120);
  await expect(bar.getByText('Lesson 1 of 3')).toBeVisible();
  await swipe(page, -30);
  await page.waitForTimeout(300);
  await expect(bar.getByText('Lesson 1 of 3')).toBeVisible();
  await swipe(page, -120);
  await expect(bar.getByText('Lesson 2 of 3')).toBeVisible();
  await swipe(page, -120);
  await expect(bar.getByText('Lesson 3 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Watch and Read' })).toBeVisible();

  await bar.getByRole('button', { name: 'Complete' }).click();
  await expect(toast(page, 'Lesson Completed!')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  expect(await statuses(page.request, course.id)).toMatchObject({ 'Watch and Read': 'completed', 'Welcome Video': 'in_progress' });

  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await expectAccessible(page, 'course-learning screen (phone, dark)');
  await context.close();
});

test('a student who is not enrolled is sent away, and cannot write progress; an unpublished course is not available', async ({
  page,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const course = await learningCourse(admin, `E2E Refused ${Date.now().toString(36)}`);
  const email = uniqueEmail('outsider');
  const outsider = await apiRegister(page.request, { firstName: 'Otto', lastName: 'Outsider', email });
  await apiSetStatus(admin, outsider.id, 'approved');
  await apiSignIn(page.request, email);

  await page.goto(`/course/${course.id}`);
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Access Denied' }).filter({ hasText: 'You are not enrolled in this course.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  const write = await page.request.put(`/api/lessons/${course.lessons[0]}/progress`, { data: { status: 'completed' } });
  expect(write.status()).toBe(403);

  const hidden = await learningCourse(admin, `E2E Draft ${Date.now().toString(36)}`);
  await admin.post(`/api/admin/students/${outsider.id}/enrollments`, { data: { courseId: hidden.id } });
  await admin.patch(`/api/admin/courses/${hidden.id}/publish`, { data: { isPublished: false } });
  await page.goto(`/course/${hidden.id}`);
  await expect(page.getByRole('heading', { name: 'Course Not Available' })).toBeVisible();
  await expectAccessible(page, 'course not available');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
});

test("the tutor's preview of a course shows the banner and saves nothing", async ({ page, context, playwright }) => {
  const admin = await adminRequest(playwright);
  // The preview opens a course with its simulated lessons done (as its dashboard card shows it):
  // this test needs at least one lesson left to mark complete.
  let course = await learningCourse(admin, `E2E Preview ${Date.now().toString(36)}`);
  while (previewCompletedLessons(course.id, 3) === 3) {
    await admin.delete(`/api/admin/courses/${course.id}`);
    course = await learningCourse(admin, `E2E Preview ${Date.now().toString(36)}`);
  }
  const simulated = previewCompletedLessons(course.id, 3);
  const titles = ['Welcome Video', 'Reading Notes', 'Watch and Read'];
  await adminSession(context);
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/progress')) writes.push(r.url());
  });

  await page.goto(`/course/${course.id}`);
  await expect(page.getByText('Admin Preview Mode - Testing student learning experience - progress not saved')).toBeVisible();
  await expect(page.getByText(`${simulated} of 3 lessons completed`).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: titles[simulated] })).toBeVisible();
  await expectAccessible(page, 'admin preview of a course');
  for (const next of titles.slice(simulated + 1)) {
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(toast(page, 'Lesson Completed (Preview Mode)')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: next })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(page.getByRole('dialog').getByText('Preview mode: no certificate is issued and nothing was saved.')).toBeVisible();
  expect(writes).toEqual([]);

  // The completions lived on the page only: a reload starts again from the simulated lessons.
  await page.reload();
  await expect(page.getByText(`${simulated} of 3 lessons completed`).first()).toBeVisible();
});

/**
 * A course of four lessons whose contents differ: 'Pointers' (a video), 'Arrays' (a video, two
 * exercises and a quiz), then in a second chapter 'Structs' (a video and one exercise) and 'Unions'
 * (a PDF and a quiz). Lessons may be completed in any order until the tutor says otherwise.
 */
async function mixedCourse(admin: APIRequestContext, title: string) {
  const created = await admin.post('/api/admin/courses', { data: { title, description: 'Lessons in order, turned on mid-course.' } });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const chapter = async (chapterTitle: string) =>
    (
      (await (await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: chapterTitle } })).json()) as {
        chapter: { id: string };
      }
    ).chapter.id;
  const lesson = async (chapterId: string, data: object) => {
    const res = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, { data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { lesson: { id: string } }).lesson.id;
  };
  const exercise = async (lessonId: string, exerciseTitle: string) => {
    const res = await admin.post(`/api/admin/lessons/${lessonId}/exercises`, {
      data: {
        title: exerciseTitle,
        language: 'c',
        statement: 'Read two whole numbers and print their sum.',
        referenceSolution: SUM_REFERENCE,
        tests: [{ input: '2 3\n', expectedOutput: '5\n' }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const quiz = async (lessonId: string) => {
    const res = await admin.put(`/api/admin/lessons/${lessonId}/quiz`, {
      data: { questions: [{ kind: 'short', prompt: 'Say yes', acceptedAnswers: ['yes'] }] },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const video = { lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0' };
  const basics = await chapter('Basics');
  const structures = await chapter('Structures');
  const pointers = await lesson(basics, { title: 'Pointers', ...video });
  const arrays = await lesson(basics, { title: 'Arrays', ...video });
  await exercise(arrays, 'Sum an array');
  await exercise(arrays, 'Reverse an array');
  await quiz(arrays);
  const structs = await lesson(structures, { title: 'Structs', ...video });
  const sum = await exercise(structs, 'Sum of two numbers');
  const unions = await lesson(structures, { title: 'Unions', lessonType: 'PDF', pdfUrl: 'https://example.com/unions.pdf' });
  await quiz(unions);
  expect((await admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } })).status()).toBe(200);
  return { courseId, title, lessons: { pointers, arrays, structs, unions }, sumExercise: sum };
}

test('lessons in order, turned on mid-course: the tutor is told who is mid-course, and what a student completed stays open', async ({
  page,
  browser,
  playwright,
}) => {
  test.slow(); // a C submission graded, and eight axe scans
  const admin = await adminRequest(playwright);
  const course = await mixedCourse(admin, `E2E In Order ${Date.now().toString(36)}`);

  // A student works ahead before the rule exists: "Pointers" completed, then "Structs" by passing
  // its exercise; "Arrays" is left for later.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  await context.route(/^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com\//, (route) => route.abort());
  const student = await enrolledStudent(context.request, admin, course.courseId, 'Ada');
  await apiSignIn(context.request, student.email);
  const done = await context.request.put(`/api/lessons/${course.lessons.pointers}/progress`, { data: { status: 'completed' } });
  expect(done.status(), await done.text()).toBe(200);
  const draft = await context.request.put(`/api/exercises/${course.sumExercise}/draft`, { data: { code: SUM_REFERENCE } });
  expect(draft.status(), await draft.text()).toBe(200);
  const sent = await context.request.post(`/api/exercises/${course.sumExercise}/submissions`, {
    data: { mode: 'submit', code: SUM_REFERENCE },
  });
  expect(sent.status(), await sent.text()).toBe(202);
  const submissionId = ((await sent.json()) as { id: string }).id;
  await expect
    .poll(
      async () =>
        ((await (await context.request.get(`/api/submissions/${submissionId}?waitMs=10000`)).json()) as { lessonCompleted: boolean })
          .lessonCompleted,
      { timeout: 90_000 },
    )
    .toBe(true);

  // ---- The tutor turns the rule on: told first how many students are mid-course; Cancel changes nothing.
  await adminSession(page.context());
  await page.goto(`/admin/courses/${course.courseId}/edit`);
  const inOrder = page.getByLabel('Lessons must be completed in order');
  await inOrder.click();
  const confirm = page.getByRole('alertdialog', { name: LearningMessages.inOrderConfirmTitle });
  await expect(confirm).toContainText('1 student is mid-course.');
  await expectAccessible(page, 'lessons in order confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(inOrder).not.toBeChecked();
  await expect(inOrder).toBeFocused();
  const settings = async () =>
    ((await (await admin.get(`/api/admin/courses/${course.courseId}`)).json()) as { course: { lessonsInOrder: boolean } }).course
      .lessonsInOrder;
  expect(await settings()).toBe(false);
  await inOrder.click();
  await confirm.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText('Lessons now open in order')).toBeVisible();
  await expect(inOrder).toBeChecked();
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  expect(await settings()).toBe(true);

  // ---- The student: the chapter in progress is open, each lesson says what it holds, one line says why.
  const sp = await context.newPage();
  await sp.goto(`/course/${course.courseId}`);
  await expect(sp.getByRole('heading', { level: 2, name: 'Arrays' })).toBeVisible();
  const outline = sp.getByRole('complementary');
  await expect(outline.getByRole('button', { name: /^Chapter 1 Basics/ })).toHaveAttribute('aria-expanded', 'true');
  const structures = outline.getByRole('button', { name: /^Chapter 2 Structures/ });
  await expect(structures).toHaveAttribute('aria-expanded', 'false');
  // Said once, for the chapter, and visible while it is closed.
  await expect(outline.getByTestId('chapter-lock')).toHaveText([LearningMessages.chapterLocked(1, 'Arrays')]);
  await structures.click();
  await expect(outline.getByTestId('lesson-contents')).toHaveText([
    'Video',
    'Video · 2 exercises · Quiz',
    'Video · 1 exercise',
    'PDF · Quiz',
  ]);
  const structs = outline.getByRole('button', { name: /Structs/ });
  await expect(structs).toContainText('Completed');
  await expect(structs).not.toContainText('Locked');
  await expect(outline.getByRole('button', { name: /Unions/ })).toContainText('Locked');

  for (const width of [1280, 390]) {
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(sp, theme);
      await sp.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      if (width < 500) {
        await sp.getByRole('button', { name: 'Course Content' }).click();
        await expect(sp.getByRole('dialog', { name: 'Course Content' }).getByTestId('chapter-lock')).toBeVisible();
      }
      await expectAccessible(sp, `outline with lessons in order (${width}, ${theme})`);
      await lookAt(sp, 'progression', `outline-${width}-${theme}`);
      if (width < 500) {
        await sp.keyboard.press('Escape');
        await expect(sp.getByRole('dialog', { name: 'Course Content' })).toBeHidden();
      }
    }
  }
  await setTheme(sp, 'light');
  await sp.setViewportSize({ width: 1280, height: 800 });

  // The completed lesson opens as it did, with the code the student passed; the locked one is refused.
  await structs.click();
  await expect(sp.getByRole('heading', { level: 2, name: 'Structs' })).toBeVisible();
  await expect(sp.getByText('This lesson is locked')).toHaveCount(0);
  await expect(sp.getByRole('textbox', { name: /Code editor for Sum of two numbers/ })).toContainText('a + b');
  await expect(sp.getByText('Submitted: All tests passed')).toBeVisible();
  const refused = await context.request.put(`/api/lessons/${course.lessons.unions}/progress`, { data: { status: 'in_progress' } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(LearningMessages.lockedBy('Arrays'));
  await context.close();
  await admin.delete(`/api/admin/courses/${course.courseId}`);
});
