import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminRequest, adminSession, enrolledStudent, expectAccessible, apiSignIn } from './fixtures';

// The media and web helpers against the in-test providers the global setup starts
// (tests/support/fake-media.ts): thumbnails generated and chosen in the course editor, lessons and
// answers read aloud, spoken questions, web sources under the tutor's answers.

// Chromium's fake microphone (a beep) and no permission prompt: MediaRecorder records for real.
test.use({
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

const fakeMedia = process.env.E2E_FAKE_MEDIA_URL!;
type MediaRequest = { kind: string; body: Record<string, unknown>; query: Record<string, string> };
const mediaRequests = async (request: APIRequestContext, kind: string) =>
  ((await (await request.get(`${fakeMedia}/__fake/requests`)).json()) as MediaRequest[]).filter((r) => r.kind === kind);

/** A published course of one chapter with these lessons; its id and the lessons' ids. */
async function makeCourse(admin: APIRequestContext, title: string, lessons: { title: string; summary: string }[]) {
  const created = await admin.post('/api/admin/courses', { data: { title, description: 'Made by the media helpers test.' } });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const chapter = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: 'Start' } });
  const chapterId = ((await chapter.json()) as { chapter: { id: string } }).chapter.id;
  const lessonIds: string[] = [];
  for (const l of lessons) {
    const res = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, {
      data: { title: l.title, lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0', summary: l.summary },
    });
    expect(res.status(), await res.text()).toBe(201);
    lessonIds.push(((await res.json()) as { lesson: { id: string } }).lesson.id);
  }
  expect((await admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } })).status()).toBe(200);
  return { courseId, lessonIds };
}

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Replaces the browser's speech synthesis with a recorder that 'speaks' each piece in 50 ms (headless Chromium has no voices). */
async function recordBrowserSpeech(page: Page) {
  await page.addInitScript(() => {
    const spoken: string[] = [];
    (window as unknown as { spokenPieces: string[] }).spokenPieces = spoken;
    const queue: SpeechSynthesisUtterance[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      const u = queue.shift();
      if (!u) return;
      spoken.push(u.text);
      u.onstart?.(new Event('start') as SpeechSynthesisEvent);
      timer = setTimeout(() => {
        u.onend?.(new Event('end') as SpeechSynthesisEvent);
        next();
      }, 50);
    };
    const synth = {
      speak(u: SpeechSynthesisUtterance) {
        queue.push(u);
        if (queue.length === 1 && !timer) next();
      },
      cancel() {
        clearTimeout(timer);
        timer = undefined;
        for (const u of queue.splice(0)) u.onerror?.({ error: 'canceled' } as SpeechSynthesisErrorEvent);
      },
      getVoices: () => [],
      speaking: false,
      pending: false,
      paused: false,
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  });
}
const spokenPieces = (page: Page) => page.evaluate(() => (window as unknown as { spokenPieces: string[] }).spokenPieces);

async function shoot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

test('the tutor generates thumbnails in the course editor, sees the rules and failures, and chooses one', async ({
  page,
  context,
  playwright,
}) => {
  test.setTimeout(90_000);
  await adminSession(context);
  const admin = await adminRequest(playwright);
  const { courseId } = await makeCourse(admin, `Thumbnails ${tag()}`, [{ title: 'One', summary: 'x' }]);

  await page.goto(`/admin/courses/${courseId}/edit`);
  await page.getByRole('button', { name: 'Generate thumbnail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate thumbnail' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the thumbnail dialog');

  // Prompt required: said next to the field, nothing sent.
  const prompt = dialog.getByLabel('Prompt');
  await prompt.fill('   ');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog.getByText('Prompt is required: describe the image you want.')).toBeVisible();
  await expect(prompt).toBeFocused();
  await expect(prompt).toHaveAttribute('aria-invalid', 'true');

  // A provider refusing the key: the authentication message.
  await prompt.fill('A robot [[media:fail:401]]');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Authentication with the image service failed');

  // Two images from the alternative model; choose the second.
  const before = (await mediaRequests(admin, 'image')).length;
  await prompt.fill(`Pointers as arrows between boxes ${tag()}`);
  await dialog.getByLabel('Number of images').selectOption('2');
  await dialog.getByLabel('Model').selectOption('flux-schnell');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  const choices = dialog.getByRole('radio');
  await expect(choices).toHaveCount(2);
  const images = dialog.getByRole('img', { name: /Generated image/ });
  await expect(images).toHaveCount(2);
  for (const img of await images.all())
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const sent = (await mediaRequests(admin, 'image')).slice(before);
  expect(sent.map((r) => r.body.model)).toEqual(['flux-schnell', 'flux-schnell']);
  await expect(dialog.getByText('images left today')).toBeVisible();

  const use = dialog.getByRole('button', { name: 'Use as thumbnail' });
  await expect(use).toBeDisabled();
  await images.nth(1).click();
  await expect(choices.nth(1)).toBeChecked();
  await expectAccessible(page, 'the thumbnail dialog with images');
  await use.click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Thumbnail updated' })).toBeVisible();

  // The field shows the stored image, its preview loads, the course list shows it, nothing is left to save.
  const field = page.getByLabel('Thumbnail URL');
  await expect(field).toHaveValue(/^\/api\/images\/[0-9a-f-]{36}$/);
  const url = await field.inputValue();
  const preview = page.getByRole('img', { name: 'Thumbnail preview' });
  await expect(preview).toHaveAttribute('src', url);
  await expect.poll(() => preview.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(page.getByText('You have unsaved changes')).toBeHidden();
  const stored = await admin.get(`/api/admin/courses/${courseId}`);
  expect(((await stored.json()) as { course: { thumbnailUrl: string } }).course.thumbnailUrl).toBe(url);
  const image = await page.request.get(url);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');

  await page.goto('/admin/courses');
  const card = page.getByRole('img', { name: /^Thumbnail of Thumbnails / }).and(page.locator(`[src="${url}"]`));
  await expect(card).toBeVisible();
  await admin.delete(`/api/admin/courses/${courseId}`);
});

test('a student listens to the lesson summary (the server’s voice) and stops it', async ({ page, playwright, request }) => {
  const admin = await adminRequest(playwright);
  const summary = Array.from(
    { length: 8 },
    (_, i) => `Sentence ${i + 1} of the summary explains pointers and the memory they point to, one small step at a time.`,
  ).join(' ');
  const { courseId } = await makeCourse(admin, `Listen ${tag()}`, [{ title: 'Pointers', summary }]);
  const student = await enrolledStudent(request, admin, courseId, 'Listener');
  await apiSignIn(page.request, student.email);

  await page.goto(`/course/${courseId}`);
  const listen = page.getByRole('button', { name: 'Listen to the lesson summary', exact: true });
  await expect(listen).toBeVisible();
  // Other tests run beside this one and use the same fake provider: only this summary's pieces count.
  const summaryPieces = async () =>
    (await mediaRequests(admin, 'speech'))
      .map((r) => String(r.body.input))
      .filter((input) => input.includes('of the summary explains pointers'));
  const before = (await summaryPieces()).length;
  await listen.click();
  // Playing: the button says Stop; the summary went to the server in pieces (~600 characters), the first one spoken first.
  const stop = page.getByRole('button', { name: 'Stop: Listen to the lesson summary' });
  await expect(stop).toBeVisible();
  await expect.poll(async () => (await summaryPieces()).length - before).toBeGreaterThanOrEqual(1);
  const first = (await summaryPieces())[before]!;
  expect(first).toMatch(/^Sentence 1 of the summary/);
  expect(first.length).toBeLessThanOrEqual(600);
  // Played to the end, it comes back to Listen by itself.
  await expect(listen).toBeVisible({ timeout: 15_000 });
  const pieces = (await summaryPieces()).slice(before);
  expect(pieces.length).toBeGreaterThanOrEqual(2);
  expect(pieces.join(' ')).toBe(summary);

  // Stop at once.
  await listen.click();
  await expect(stop).toBeVisible();
  await stop.click();
  await expect(listen).toBeVisible();
  await expect(listen).toBeFocused();
  await admin.delete(`/api/admin/courses/${courseId}`);
});

test("when the server's voice fails, the browser's own reads the summary, and answers can be listened to", async ({
  page,
  playwright,
  request,
}) => {
  await recordBrowserSpeech(page);
  const admin = await adminRequest(playwright);
  const { courseId } = await makeCourse(admin, `Fallback ${tag()}`, [
    { title: 'Arrays', summary: 'Arrays hold values side by side. [[media:fail:500]] Their names decay to pointers.' },
  ]);
  const student = await enrolledStudent(request, admin, courseId, 'Fallback');
  await apiSignIn(page.request, student.email);

  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: 'Listen to the lesson summary', exact: true }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: "Reading with your browser's voice" })).toBeVisible();
  await expect
    .poll(() => spokenPieces(page))
    .toEqual(['Arrays hold values side by side. [[media:fail:500]] Their names decay to pointers.']);

  // A tutor answer has its own Listen button; the answer is read without its Markdown.
  await page.getByRole('button', { name: 'Open AI Tutor' }).click();
  const panel = page.getByRole('dialog', { name: 'AI Tutor' });
  const box = panel.getByRole('textbox', { name: 'Your question' });
  await box.fill('What is an array? [[fake:reply]]An **array** holds `int` values in a row.');
  await box.press('Enter');
  const answer = panel.locator('li[data-role="assistant"]').last();
  await expect(answer).toContainText('holds int values in a row');
  // Only this answer's requests (other tests use the same fake provider): read once, without its Markdown.
  const answerPieces = async () =>
    (await mediaRequests(admin, 'speech')).map((r) => String(r.body.input)).filter((input) => input.includes('values in a row'));
  const before = (await answerPieces()).length;
  await answer.getByRole('button', { name: 'Listen to this answer' }).click();
  await expect.poll(async () => (await answerPieces()).slice(before)).toEqual(['An array holds int values in a row.']);
  await admin.delete(`/api/admin/courses/${courseId}`);
});

test('the tutor cites web sources under an answer, as links', async ({ page, playwright, request }) => {
  const admin = await adminRequest(playwright);
  const { courseId } = await makeCourse(admin, `Sources ${tag()}`, [{ title: 'Heap', summary: 'The heap.' }]);
  const student = await enrolledStudent(request, admin, courseId, 'Curious');
  await apiSignIn(page.request, student.email);
  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: 'Open AI Tutor' }).click();
  const panel = page.getByRole('dialog', { name: 'AI Tutor' });
  const box = panel.getByRole('textbox', { name: 'Your question' });
  await box.fill('How does glibc malloc work? [[fake:reply]]It keeps bins of free chunks [2], and grows the heap with brk [1].');
  await box.press('Enter');
  const sources = panel.getByRole('list', { name: 'Web sources' });
  await expect(sources).toBeVisible();
  const links = sources.getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.first()).toHaveAttribute('href', 'https://example.org/page-1');
  await expect(links.first()).toHaveAttribute('target', '_blank');
  await expect(links.first()).toHaveAttribute('rel', /noopener/);
  await expect(links.nth(1)).toContainText('Result 2 about How does glibc malloc work?');
  // Still there after a reload: stored with the answer.
  await page.reload();
  await page.getByRole('button', { name: 'Open AI Tutor' }).click();
  await expect(page.getByRole('dialog', { name: 'AI Tutor' }).getByRole('list', { name: 'Web sources' }).getByRole('link')).toHaveCount(2);
  await admin.delete(`/api/admin/courses/${courseId}`);
});

test.describe('spoken questions', () => {
  test('a student records a question; the words land in the box to check, nothing is sent', async ({
    page,
    context,
    playwright,
    request,
    baseURL,
  }) => {
    await context.grantPermissions(['microphone'], { origin: baseURL! });
    const admin = await adminRequest(playwright);
    const { courseId } = await makeCourse(admin, `Voice ${tag()}`, [{ title: 'Pointers', summary: 'Pointers.' }]);
    const student = await enrolledStudent(request, admin, courseId, 'Speaker');
    await apiSignIn(page.request, student.email);
    await page.goto(`/course/${courseId}`);
    await page.getByRole('button', { name: 'Open AI Tutor' }).click();
    const panel = page.getByRole('dialog', { name: 'AI Tutor' });
    const box = panel.getByRole('textbox', { name: 'Your question' });
    await box.fill('Please explain:');
    const before = (await mediaRequests(admin, 'transcription')).length;

    await panel.getByRole('button', { name: 'Ask by voice' }).click();
    const stop = panel.getByRole('button', { name: 'Stop recording' });
    await expect(stop).toBeVisible();
    await expect(panel.getByText(/^Recording 0:0\d of 1:00/)).toBeVisible();
    await page.waitForTimeout(1500);
    await stop.click();
    await expect(box).toHaveValue('Please explain: How do pointers work in C?');
    await expect(box).toBeFocused();
    await expect(panel.getByText('Press Enter to send')).toBeVisible();
    const [sent] = (await mediaRequests(admin, 'transcription')).slice(before);
    expect(sent!.body).toMatchObject({ model: 'fake-ears', file: { filename: expect.stringMatching(/^question\.(webm|ogg|m4a)$/) } });
    // Not sent to the tutor: no question in the conversation.
    await expect(panel.locator('li[data-role="user"]')).toHaveCount(0);
    await admin.delete(`/api/admin/courses/${courseId}`);
  });
});

test('screenshots of the tutor panel with its listen and microphone buttons, light and dark, desktop and phone', async ({
  browser,
  playwright,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await adminRequest(playwright);
  const { courseId } = await makeCourse(admin, `Panel ${tag()}`, [
    { title: 'Pointers', summary: 'A pointer holds the address of a value.' },
  ]);
  const student = await enrolledStudent(request, admin, courseId, 'Viewer');
  for (const theme of ['light', 'dark'] as const) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const context = await (browser as Browser).newContext({ colorScheme: theme, viewport: { width, height } });
      const page = await context.newPage();
      await apiSignIn(page.request, student.email);
      await page.goto(`/course/${courseId}`);
      await expect(page.getByRole('button', { name: 'Listen to the lesson summary', exact: true })).toBeVisible();
      if (width === 1280) {
        await page.getByRole('region', { name: 'Lesson summary' }).scrollIntoViewIfNeeded();
        await shoot(page, `course-summary-listen-${width}-${theme}`);
      }
      await page.getByRole('button', { name: 'Open AI Tutor' }).click();
      const panel = page.getByRole('dialog', { name: 'AI Tutor' });
      await expect(panel.getByRole('button', { name: 'Ask by voice' })).toBeVisible();
      if (!(await panel.locator('li[data-role="assistant"]').nth(1).count())) {
        const box = panel.getByRole('textbox', { name: 'Your question' });
        await box.fill('What is a pointer? [[fake:reply]]A **pointer** stores an address [1]. Try `int *p = &x;` yourself.');
        await box.press('Enter');
      }
      await expect(panel.getByRole('button', { name: 'Listen to this answer' }).first()).toBeVisible();
      await expectAccessible(page, `the tutor panel at ${width}px, ${theme}`);
      await shoot(page, `tutor-panel-${width}-${theme}`);
      await context.close();

      // The tutor's thumbnail dialog with two images offered, the second chosen.
      const adminContext = await (browser as Browser).newContext({ colorScheme: theme, viewport: { width, height } });
      await adminSession(adminContext);
      const adminPage = await adminContext.newPage();
      await adminPage.goto(`/admin/courses/${courseId}/edit`);
      await adminPage.getByRole('button', { name: 'Generate thumbnail' }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Generate thumbnail' });
      await dialog.getByLabel('Number of images').selectOption('2');
      await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
      await expect(dialog.getByRole('radio')).toHaveCount(2);
      await dialog.getByRole('img', { name: 'Generated image 2 of 2' }).click();
      await expectAccessible(adminPage, `the thumbnail dialog at ${width}px, ${theme}`);
      await shoot(adminPage, `thumbnail-dialog-${width}-${theme}`);
      await adminContext.close();
    }
  }
  await admin.delete(`/api/admin/courses/${courseId}`);
});
