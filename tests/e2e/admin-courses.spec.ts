import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminSession, atBothWidths, expectAccessible, lookAt, setTheme } from './fixtures';
import { CourseEditorMessages } from '../../src/common/courses';

// Tests share one server with other specs: every assertion is scoped to a course this test made.

const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** The front toast (one is visible at a time) with this text. */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });

/** A small, well-formed one-page PDF (with a correct cross-reference table), written by hand. */
function minimalPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 24 64 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 320 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

type EditorTree = {
  course: { id: string; title: string; isPublished: boolean };
  chapters: {
    id: string;
    title: string;
    order: number;
    lessons: {
      id: string;
      title: string;
      lessonType: string;
      videoUrl: string | null;
      pdfUrl: string | null;
      pdfFile: { name: string } | null;
      hasTutorial: boolean;
      order: number;
    }[];
  }[];
};

async function getTree(request: APIRequestContext, courseId: string): Promise<EditorTree> {
  const res = await request.get(`/api/admin/courses/${courseId}`);
  expect(res.status()).toBe(200);
  return res.json();
}

const chapter = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^Chapter \\d+: ${title}$`) });
/** The title line of each lesson row, in order. */
const lessonTitles = (section: Locator) => section.getByTestId('lesson-row').locator('p:first-child');

test('the tutor builds a course, fills it, reorders, publishes and deletes it, leaving no files behind', async ({ page, context }) => {
  test.setTimeout(180_000);
  await adminSession(context);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'courses-e2e-'));
  const pdfPath = path.join(dir, 'reading-notes.pdf');
  const tutorialPath = path.join(dir, 'exercises.pdf');
  await fs.writeFile(pdfPath, minimalPdf('Reading notes'));
  await fs.writeFile(tutorialPath, minimalPdf('Exercises'));
  const title = uniqueTitle('E2E Java Basics');

  try {
    // ---- create ----
    await page.goto('/admin/courses');
    await page.getByRole('main').getByRole('link', { name: 'Create Course', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/courses\/new$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Course' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Course Content' })).toBeDisabled();
    await expect(page.getByRole('tab', { name: 'Bulk Upload' })).toBeDisabled();
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(toast(page, 'Course title is required')).toBeVisible();
    await expect(toast(page, 'Validation Error')).toBeVisible();

    await page.getByLabel('Course Title').fill(title);
    await page.getByLabel('Description').fill('Variables, loops and classes, one small program at a time.');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(toast(page, 'Course created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/courses\/[0-9a-f-]{36}\/edit$/);
    const courseId = /courses\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    // 'new' was replaced, not pushed: Back leaves the editor for the list.
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/courses$/);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible();

    // ---- chapters ----
    await page.getByRole('tab', { name: 'Course Content' }).click();
    await expect(page.getByText('No chapters yet')).toBeVisible();
    const newChapter = page.getByLabel('New Chapter');
    await newChapter.press('Enter'); // empty: ignored
    await expect(page.getByTestId('chapter')).toHaveCount(0);
    await newChapter.fill('Basics');
    await newChapter.press('Enter');
    await expect(toast(page, 'Chapter added successfully')).toBeVisible();
    await expect(chapter(page, 'Basics')).toBeVisible();
    await newChapter.fill('Advanced Topcs');
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    await expect(chapter(page, 'Advanced Topcs')).toBeVisible();

    // Rename: Escape cancels, Enter saves.
    await chapter(page, 'Advanced Topcs').getByRole('button', { name: 'Advanced Topcs', exact: true }).click();
    const renameInput = page.getByLabel('Chapter title', { exact: true });
    await expect(renameInput).toBeFocused();
    await renameInput.fill('Thrown away');
    await renameInput.press('Escape');
    await expect(renameInput).toBeHidden();
    await expect(chapter(page, 'Advanced Topcs')).toBeVisible();
    await page.getByRole('button', { name: 'Rename chapter “Advanced Topcs”' }).click();
    await renameInput.fill('   ');
    await renameInput.press('Enter'); // empty: ignored, still editing
    await expect(renameInput).toBeVisible();
    await renameInput.fill('Advanced Topics');
    await renameInput.press('Enter');
    await expect(toast(page, 'Chapter updated successfully')).toBeVisible();
    await expect(chapter(page, 'Advanced Topics')).toBeVisible();

    // ---- a VIDEO lesson ----
    const basics = chapter(page, 'Basics');
    await basics.getByRole('button', { name: 'New Lesson in Basics' }).click();
    const addLesson = basics.getByRole('button', { name: 'Add Lesson' });
    await expect(addLesson).toBeDisabled();
    await basics.getByLabel('Lesson Title').fill('Intro video');
    await expect(addLesson).toBeDisabled();
    await basics.getByLabel('Lesson Type').selectOption('VIDEO');
    await expect(addLesson).toBeEnabled();
    await addLesson.click();
    await expect(toast(page, 'Video URL is required for video lessons')).toBeVisible();
    await basics.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=eIrMbAQSU34');
    await expect(basics.getByText('Will be embedded as https://www.youtube-nocookie.com/embed/eIrMbAQSU34')).toBeVisible();
    await addLesson.click();
    await expect(toast(page, 'Lesson added successfully')).toBeVisible();
    await expect(basics.getByTestId('lesson-row').filter({ hasText: 'Intro video' })).toContainText('VIDEO · Order 1');

    // ---- a PDF lesson with a real upload ----
    await basics.getByLabel('Lesson Title').fill('Reading notes');
    await basics.getByLabel('Lesson Type').selectOption('PDF');
    await addLesson.click();
    await expect(toast(page, 'PDF file is required for PDF lessons')).toBeVisible();
    await basics.getByLabel('PDF File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
    await expect(toast(page, 'Please select a PDF file')).toBeVisible();
    await expect(toast(page, 'Invalid File')).toBeVisible();
    await basics.getByLabel('PDF File').setInputFiles(pdfPath);
    await expect(toast(page, 'PDF uploaded successfully')).toBeVisible();
    await expect(basics.getByTestId('pdf-file-name')).toHaveText('reading-notes.pdf');
    await addLesson.click();
    await expect(basics.getByTestId('lesson-row').filter({ hasText: 'Reading notes' })).toContainText('PDF · Order 2');
    await expect(basics.getByTestId('lesson-row').filter({ hasText: 'Reading notes' })).toContainText('reading-notes.pdf');

    // ---- a MIXED lesson with a tutorial PDF ----
    const advanced = chapter(page, 'Advanced Topics');
    await advanced.getByRole('button', { name: 'New Lesson in Advanced Topics' }).click();
    await advanced.getByLabel('Lesson Title').fill('Build a class');
    await advanced.getByLabel('Lesson Type').selectOption('MIXED');
    await advanced.getByLabel('Video URL').fill('https://youtu.be/eIrMbAQSU34');
    await advanced.getByRole('button', { name: 'Add Lesson' }).click();
    await expect(toast(page, 'Both video URL and PDF file are required for mixed content lessons')).toBeVisible();
    // The server, not only the browser, checks the bytes: a fake .pdf is refused with the spec's errMsg.
    await advanced
      .getByLabel('Tutorial PDF')
      .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
    await expect(toast(page, 'Please select a PDF file for the tutorial')).toBeVisible();
    await expect(toast(page, 'Tutorial Upload Failed')).toBeVisible();
    await advanced.getByLabel('PDF File').setInputFiles(pdfPath);
    await expect(toast(page, 'PDF uploaded successfully')).toBeVisible();
    await advanced.getByLabel('Tutorial PDF').setInputFiles(tutorialPath);
    await expect(toast(page, 'Tutorial PDF uploaded successfully')).toBeVisible();
    await advanced.getByLabel('Summary').fill('Fields, methods and a constructor.');
    await advanced.getByRole('button', { name: 'Add Lesson' }).click();
    await expect(toast(page, 'Lesson added successfully')).toBeVisible();
    const mixedRow = advanced.getByTestId('lesson-row').filter({ hasText: 'Build a class' });
    await expect(mixedRow).toContainText('MIXED · Order 1');
    await expect(mixedRow.getByText('Tutorial', { exact: true })).toBeVisible();

    let tree = await getTree(page.request, courseId);
    const video = tree.chapters[0]!.lessons[0]!;
    expect(video.videoUrl).toBe('https://www.youtube-nocookie.com/embed/eIrMbAQSU34');
    const pdfLesson = tree.chapters[0]!.lessons[1]!;
    expect(pdfLesson.pdfFile?.name).toBe('reading-notes.pdf');
    const pdfUrl = pdfLesson.pdfUrl!;
    expect(pdfUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const pdfRes = await page.request.get(pdfUrl);
    expect(pdfRes.status()).toBe(200);
    expect(pdfRes.headers()['content-type']).toContain('application/pdf');
    expect((await pdfRes.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(tree.chapters[1]!.lessons[0]!.hasTutorial).toBe(true);

    // ---- bulk upload: good rows are written, the bad one fails alone ----
    await page.getByRole('tab', { name: 'Bulk Upload' }).click();
    await page.getByRole('button', { name: 'Upload Lessons' }).click();
    await expect(toast(page, 'Please enter bulk upload data')).toBeVisible();
    await page
      .getByLabel('Lesson Data')
      .fill(
        [
          'chapter,lesson,type,content,summary',
          'basics,Variables,VIDEO,https://youtu.be/eIrMbAQSU34,"Names, types and values"',
          'Basics,Loops,PDF,https://example.com/loops.pdf,',
          'Basics,Broken row,AUDIO,https://example.com/x,',
          'Extra Practice,Exercises,MIXED,https://vimeo.com/76979871|https://example.com/ex.pdf,',
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Upload Lessons' }).click();
    await expect(toast(page, 'Bulk Upload Completed')).toBeVisible();
    await expect(toast(page, '3 lessons created successfully, 1 errors')).toBeVisible();
    const results = page.getByTestId('bulk-result');
    await expect(results).toHaveCount(4);
    await expect(page.locator('[data-testid="bulk-result"][data-status="success"]')).toHaveCount(3);
    const bad = page.locator('[data-testid="bulk-result"][data-status="error"]');
    await expect(bad).toHaveCount(1);
    await expect(bad).toContainText('Row 3: Basics › Broken row');
    await expect(bad).toContainText('Invalid lesson type: AUDIO. Must be VIDEO, PDF, or MIXED');
    await expect(page.getByText('3 successful')).toBeVisible();
    await expect(page.getByText('1 error', { exact: true })).toBeVisible();

    // The content tab shows the new lessons (the existing chapter matched whatever its capitals).
    await page.getByRole('button', { name: 'View Course Content' }).click();
    await expect(page.getByRole('tab', { name: 'Course Content' })).toHaveAttribute('aria-selected', 'true');
    await expect(lessonTitles(basics)).toHaveText(['Intro video', 'Reading notes', 'Variables', 'Loops'].map((t) => new RegExp(`^${t}`)));
    await expect(chapter(page, 'Extra Practice')).toBeVisible();
    await expect(page.getByTestId('chapter')).toHaveCount(3);

    // ---- reorder: a click, then the keyboard (focus stays on the moved lesson) ----
    await basics.getByRole('button', { name: 'Move lesson “Loops” up' }).click();
    await expect(lessonTitles(basics)).toHaveText([/^Intro video/, /^Reading notes/, /^Loops/, /^Variables/]);
    await expect(page.getByRole('button', { name: 'Move lesson “Loops” up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(lessonTitles(basics)).toHaveText([/^Intro video/, /^Loops/, /^Reading notes/, /^Variables/]);
    await expect(basics.getByTestId('lesson-row').filter({ hasText: 'Loops' })).toContainText('Order 2');
    await chapter(page, 'Extra Practice').getByRole('button', { name: 'Move chapter “Extra Practice” up' }).click();
    await expect(page.getByTestId('chapter').nth(1)).toHaveAttribute('aria-label', 'Chapter 2: Extra Practice');
    tree = await getTree(page.request, courseId);
    expect(tree.chapters.map((c) => [c.title, c.order])).toEqual([
      ['Basics', 1],
      ['Extra Practice', 2],
      ['Advanced Topics', 3],
    ]);
    expect(tree.chapters[0]!.lessons.map((l) => [l.title, l.order])).toEqual([
      ['Intro video', 1],
      ['Loops', 2],
      ['Reading notes', 3],
      ['Variables', 4],
    ]);

    // ---- delete a lesson and a chapter, after their confirmations ----
    await basics.getByRole('button', { name: 'Delete lesson “Variables”' }).click();
    let dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to delete this lesson?');
    await dialog.getByRole('button', { name: 'Delete Lesson' }).click();
    await expect(toast(page, 'Lesson deleted successfully')).toBeVisible();
    await expect(basics.getByTestId('lesson-row')).toHaveCount(3);
    await expect(basics).toBeFocused(); // the deleted lesson's button is gone: focus stays in its chapter
    await chapter(page, 'Extra Practice').getByRole('button', { name: 'Delete chapter “Extra Practice”' }).click();
    dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to delete this chapter and all its lessons?');
    await dialog.getByRole('button', { name: 'Delete Chapter' }).click();
    await expect(toast(page, 'Chapter deleted successfully')).toBeVisible();
    await expect(page.getByTestId('chapter')).toHaveCount(2);
    await expect(page.getByLabel('New Chapter')).toBeFocused();
    await expect(chapter(page, 'Advanced Topics')).toHaveAttribute('aria-label', 'Chapter 2: Advanced Topics');

    // ---- publish, and save a detail from another tab ----
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(toast(page, 'Course published successfully.')).toBeVisible();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Course Details' }).click();
    await page.getByLabel('Description').fill('Variables, loops and classes.');
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(toast(page, 'Course updated successfully')).toBeVisible();
    await expect(page.getByText('You have unsaved changes.')).toBeHidden();

    // ---- the list: the card, unpublish, delete ----
    await page.getByRole('link', { name: 'Back to Courses' }).click();
    await expect(page).toHaveURL(/\/admin\/courses$/);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
    await expect(card).toContainText('Variables, loops and classes.');
    await expect(card.getByRole('definition')).toHaveText(['2', '4', '0']); // chapters, lessons, students
    await expect(card.getByRole('listitem')).toHaveText([/Basics\s*3 lessons/, /Advanced Topics\s*1 lesson$/]);
    await card.getByRole('button', { name: `Unpublish ${title}` }).click();
    await expect(toast(page, 'Course unpublished successfully.')).toBeVisible();
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: `Delete ${title}` }).click();
    dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to delete this course? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Course' }).click();
    await expect(toast(page, 'Course deleted successfully.')).toBeVisible();
    await expect(card).toHaveCount(0);

    // Gone on the server, and so are its uploaded files.
    expect((await page.request.get(`/api/admin/courses/${courseId}`)).status()).toBe(404);
    expect((await page.request.get(pdfUrl)).status()).toBe(404);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('the tutor edits a lesson in place: a typo in its title and video link is fixed, and the lesson keeps its id and place', async ({
  page,
  context,
}) => {
  await adminSession(context);
  const admin = page.request;
  const created = await admin.post('/api/admin/courses', { data: { title: uniqueTitle('Edit lesson'), description: 'Edited in place.' } });
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const chapterRes = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: 'Basics' } });
  const chapterId = ((await chapterRes.json()) as { chapter: { id: string } }).chapter.id;
  for (const title of ['Intro to pointrs', 'Arrays']) {
    const res = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, {
      data: { title, lessonType: 'VIDEO', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const before = await getTree(admin, courseId);

  await page.goto(`/admin/courses/${courseId}/edit`);
  await page.getByRole('tab', { name: 'Course Content' }).click();
  const basics = chapter(page, 'Basics');
  await basics.getByRole('button', { name: 'Edit Lesson “Intro to pointrs”' }).click();
  const form = basics.getByRole('form', { name: 'Edit lesson “Intro to pointrs”' });
  await expect(form.getByLabel('Lesson Title')).toHaveValue('Intro to pointrs');
  await expect(form.getByLabel('Lesson Type')).toHaveValue('VIDEO');
  await atBothWidths(page, async (width) => expectAccessible(page, `edit lesson form at ${width}`));

  await form.getByLabel('Lesson Title').fill('Intro to pointers');
  await form.getByLabel('Video URL').fill('https://youtu.be/eIrMbAQSU34');
  await form.getByLabel('Summary').fill('What an address is.');
  await form.getByRole('button', { name: 'Save Lesson' }).click();
  await expect(toast(page, 'Lesson updated')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(lessonTitles(basics)).toHaveText([/^Intro to pointers/, /^Arrays/]);
  await expect(page.getByRole('button', { name: 'Edit Lesson “Intro to pointers”' })).toBeFocused();

  const after = await getTree(admin, courseId);
  const lesson = after.chapters[0]!.lessons[0]!;
  expect(lesson.id).toBe(before.chapters[0]!.lessons[0]!.id);
  expect(lesson).toMatchObject({ title: 'Intro to pointers', order: 1, videoUrl: 'https://www.youtube-nocookie.com/embed/eIrMbAQSU34' });
  await admin.delete(`/api/admin/courses/${courseId}`);
});

test('the course editor saves one way on every tab, says so once, and reads on a phone', async ({ page, context }) => {
  test.setTimeout(120_000);
  await adminSession(context);
  const admin = page.request;
  const created = await admin.post('/api/admin/courses', { data: { title: uniqueTitle('Save model'), description: 'One way of saving.' } });
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const chapterRes = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: 'Memory' } });
  const chapterId = ((await chapterRes.json()) as { chapter: { id: string } }).chapter.id;
  const lessonTitle = 'Understanding pointer arithmetic';
  const res = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, {
    data: { title: lessonTitle, lessonType: 'VIDEO', videoUrl: 'https://youtu.be/eIrMbAQSU34' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const status = page.getByTestId('save-status');

  try {
    await page.goto(`/admin/courses/${courseId}/edit`);
    // Said once, on top of every tab; no button at the top saves a form that is on another tab.
    await expect(page.getByText(CourseEditorMessages.saveModel)).toHaveCount(1);
    await expect(status).toHaveText('All changes saved');
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveText(['Save Details', 'Save Late Work and Grading']);
    await expect(page.getByText('Changes are saved at once')).toHaveCount(0);

    // Typed details wait for their form's button, and the status says so on the other tabs too.
    await page.getByLabel('Description').fill('One way of saving, said once.');
    await expect(status).toHaveText('Course details not saved');
    await page.getByRole('tab', { name: 'Course Content' }).click();
    await expect(status).toHaveText('Course details not saved');
    await expect(page.getByText(CourseEditorMessages.saveModel)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Save/ }).filter({ visible: true })).toHaveCount(0);
    // A move is saved at once, and the status follows it.
    await page.getByLabel('New Chapter').fill('Pointers');
    await page.getByLabel('New Chapter').press('Enter');
    await expect(toast(page, 'Chapter added successfully')).toBeVisible();
    await chapter(page, 'Pointers').getByRole('button', { name: 'Move chapter “Pointers” up' }).click();
    await expect(page.getByTestId('chapter').first()).toHaveAttribute('aria-label', 'Chapter 1: Pointers');
    await expect(status).toHaveText('Course details not saved');
    await page.getByRole('tab', { name: 'Course Details' }).click();
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(toast(page, 'Course updated successfully')).toBeVisible();
    await expect(status).toHaveText('All changes saved');
    await expect(page.getByLabel('Lessons must be completed in order')).toBeVisible();
    // The late work and grading form is a form of its own, and the status names it while it is typed in.
    const weight = page.getByLabel('Exercises Weight', { exact: true });
    const weightBefore = await weight.inputValue();
    await weight.fill('70');
    await expect(status).toHaveText('Late work and grading not saved');
    await weight.fill(weightBefore);
    await expect(status).toHaveText('All changes saved');

    // On a phone the lesson's title keeps its line, and its actions say what they do in words.
    await page.getByRole('tab', { name: 'Course Content' }).click();
    const row = chapter(page, 'Memory').getByTestId('lesson-row');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await atBothWidths(page, async (width) => {
        await expect(row.getByText('Exercises (0)', { exact: true })).toBeVisible();
        await expect(row.getByText('Add Quiz', { exact: true })).toBeVisible();
        await expect(row.getByText('Edit Lesson', { exact: true })).toBeVisible();
        const title = row.getByText(lessonTitle, { exact: true });
        const lines = await title.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
        expect(lines, `lines of the lesson title at ${width}`).toBeLessThan(1.5);
        await expectAccessible(page, `content tab at ${width}px, ${theme}`);
        await lookAt(page, 'course-editor', `content-${width}-${theme}`);
        await page.getByRole('tab', { name: 'Course Details' }).click();
        await expectAccessible(page, `details tab at ${width}px, ${theme}`);
        await lookAt(page, 'course-editor', `details-${width}-${theme}`);
        await page.getByRole('button', { name: 'Save Details' }).scrollIntoViewIfNeeded();
        await lookAt(page, 'course-editor', `details-save-${width}-${theme}`);
        await page.getByRole('tab', { name: 'Course Content' }).click();
      });
    }
    await setTheme(page, 'light');
  } finally {
    await admin.delete(`/api/admin/courses/${courseId}`);
  }
});

test('a student is sent away from the course screens', async ({ page }) => {
  const res = await page.request.post('/api/dev/login', { data: { email: 'bob.student@example.com' } });
  expect(res.ok()).toBe(true);
  for (const target of ['/admin/courses', '/admin/courses/new', '/admin/courses/00000000-0000-4000-8000-000000000000/edit']) {
    await page.goto(target);
    await expect(page, target).toHaveURL(/\/student\/dashboard$/);
  }
  expect((await page.request.get('/api/admin/courses')).status()).toBe(403);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the course list and every editor tab have no serious accessibility violation at 1280 and 390 (${theme})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ colorScheme: theme });
    await adminSession(context);
    const page = await context.newPage();
    const title = uniqueTitle(`A11y ${theme}`);
    const created = await page.request.post('/api/admin/courses', { data: { title, description: 'Checked with axe-core.' } });
    expect(created.status()).toBe(201);
    const courseId: string = (await created.json()).course.id;
    const { chapter: ch } = await (
      await page.request.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: 'Getting Started' } })
    ).json();
    for (const [lessonTitle, body] of [
      ['Welcome', { lessonType: 'VIDEO', videoUrl: 'https://youtu.be/eIrMbAQSU34' }],
      ['Cheat sheet', { lessonType: 'PDF', pdfUrl: 'https://example.com/cheat.pdf', tutorialPdfUrl: 'https://example.com/ex.pdf' }],
    ] as const) {
      const res = await page.request.post(`/api/admin/chapters/${ch.id}/lessons`, { data: { title: lessonTitle, ...body } });
      expect(res.status()).toBe(201);
    }

    try {
      await atBothWidths(page, async (width) => {
        const label = (what: string) => `${what} at ${width}px, ${theme}`;
        await page.goto('/admin/courses');
        await expect(page.getByRole('article', { name: title })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        await expectAccessible(page, label('course list'));
        await page
          .getByRole('article', { name: title })
          .getByRole('button', { name: `Delete ${title}` })
          .click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await expectAccessible(page, label('delete confirmation'));
        await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

        await page.goto('/admin/courses/new');
        await expect(page.getByLabel('Course Title')).toBeVisible();
        await expectAccessible(page, label('new course'));

        await page.goto(`/admin/courses/${courseId}/edit`);
        await expect(page.getByLabel('Course Title')).toHaveValue(title);
        await expectAccessible(page, label('details tab'));

        await page.getByRole('tab', { name: 'Course Content' }).click();
        const section = chapter(page, 'Getting Started');
        await expect(section.getByTestId('lesson-row')).toHaveCount(2);
        await section.getByRole('button', { name: 'New Lesson in Getting Started' }).click();
        await section.getByLabel('Lesson Type').selectOption('MIXED');
        await expect(section.getByLabel('PDF File')).toBeAttached();
        await expectAccessible(page, label('content tab with the lesson form'));
        await section.getByRole('button', { name: 'Rename chapter “Getting Started”' }).click();
        await expect(page.getByLabel('Chapter title', { exact: true })).toBeFocused();
        await expectAccessible(page, label('content tab while renaming'));
        await page.getByLabel('Chapter title', { exact: true }).press('Escape');

        await page.getByRole('tab', { name: 'Bulk Upload' }).click();
        await page.getByLabel('Lesson Data').fill('chapter,lesson,type,content\nGetting Started,Bad,AUDIO,https://example.com/a');
        await page.getByRole('button', { name: 'Upload Lessons' }).click();
        await expect(page.getByTestId('bulk-result')).toHaveCount(1);
        // Check the toast too, once it has finished fading in (mid-animation colours are not what users read).
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
        await expect(toast(page, 'Bulk Upload Completed')).toHaveCSS('opacity', '1');
        await expectAccessible(page, label('bulk upload tab with results'));
      });
    } finally {
      await page.request.delete(`/api/admin/courses/${courseId}`);
      await context.close();
    }
  });
}
