import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AI_TUTOR_MESSAGE_MAX_CHARS, AiTutorMessages, AiTutorOversightMessages, QUICK_QUESTIONS } from '../../src/common/ai-tutor';
import { adminRequest, adminSession, apiSignIn, atEveryLook, enrolledStudent, expectAccessible, setCode, videoCourse } from './fixtures';

// The tutor answers through the in-test OpenAI-compatible server (tests/support/fake-openai.ts),
// steered by directives in the questions. Alice is shared with other specs, so each test here
// talks about lessons no other test of this file uses.

const ALICE = 'alice.student@example.com';

type Lesson = { id: string; title: string };

async function signInAsAlice(page: Page) {
  const res = await page.request.post('/api/dev/login', { data: { email: ALICE } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * One of Alice's enrolled courses (from her dashboard) and its lessons, in order. Courses are taken
 * by title: the dashboard lists the latest activity first, which the parallel tests here change.
 */
async function aliceLessons(page: Page, courseIndex: number): Promise<{ courseId: string; lessons: Lesson[] }> {
  const dashboard = await page.request.get('/api/student/dashboard');
  expect(dashboard.status()).toBe(200);
  const { courses } = (await dashboard.json()) as { courses: { id: string; title: string }[] };
  courses.sort((a, b) => a.title.localeCompare(b.title));
  const courseId = courses[courseIndex]?.id;
  if (!courseId) throw new Error(`Alice has no course number ${courseIndex + 1}`);
  const learn = await page.request.get(`/api/courses/${courseId}/learn`);
  expect(learn.status()).toBe(200);
  const { chapters } = (await learn.json()) as { chapters: { lessons: Lesson[] }[] };
  return { courseId, lessons: chapters.flatMap((c) => c.lessons) };
}

/** The lesson badge's text: the title's first 20 characters (as shown, outer spaces aside). */
const badgeText = (title: string) => Array.from(title).slice(0, 20).join('').trim();

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'AI Tutor' });
const messageList = (panel: Locator) => panel.getByRole('list', { name: 'Messages' });
const answers = (panel: Locator) => messageList(panel).locator('li[data-role="assistant"]');
const questionBox = (panel: Locator) => panel.getByRole('textbox', { name: 'Your question' });
/** The front toast (one is visible at a time) with this text. */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });

/**
 * Records, from inside the page, what the panel shows while an answer comes in: whether 'AI is
 * thinking...' appeared, whether anything was enabled meanwhile, and each partial text of the
 * answer being streamed (polling from the test could miss states that last a few milliseconds).
 */
async function watchTheAnswer(page: Page) {
  await page.evaluate(() => {
    const trace = { thinking: false, inputEnabledWhileWaiting: false, partials: [] as string[] };
    (window as unknown as { answerTrace: typeof trace }).answerTrace = trace;
    const panel = document.querySelector('[data-testid="ai-tutor-panel"]')!;
    const before = panel.querySelectorAll('li[data-role="assistant"]').length;
    new MutationObserver(() => {
      if (panel.querySelector('[data-testid="ai-thinking"]')) {
        trace.thinking = true;
        const controls = [
          ...panel.querySelectorAll<HTMLButtonElement | HTMLTextAreaElement>('textarea, [aria-label="Quick questions"] button'),
        ];
        if (controls.some((c) => !c.disabled)) trace.inputEnabledWhileWaiting = true;
      }
      const answers = panel.querySelectorAll('li[data-role="assistant"]');
      if (answers.length <= before) return;
      const text = answers[answers.length - 1]!.textContent ?? '';
      if (text && trace.partials[trace.partials.length - 1] !== text) trace.partials.push(text);
    }).observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const answerTrace = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { answerTrace: { thinking: boolean; inputEnabledWhileWaiting: boolean; partials: string[] } }).answerTrace,
  );

async function openTutor(page: Page) {
  await page.getByRole('button', { name: 'Open AI Tutor' }).click();
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await expect(messageList(panel)).toBeVisible();
  return panel;
}

async function ask(panel: Locator, question: string) {
  await questionBox(panel).fill(question);
  await questionBox(panel).press('Enter');
}

/** A screenshot kept with the test's results (test-results/.../name.png), to look at the panel as a person would. */
async function snapshot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** An answer a student may well get: Markdown, a C block with a long line, and a word too long for the panel. */
const CODE_ANSWER =
  'Here is a loop to study:\n\n```c\nfor (int i = 0; i < 3; i++) {\n  printf("%d\\n", i); // count from zero up to the bound, one line at a time\n}\n```\n\n' +
  'Try **changing** the bound, and read `sizeof_int_pointer_arithmetic_explained_in_one_identifier_without_spaces` slowly.';

/** Nothing inside the panel's messages is wider than the panel: long lines scroll in their code block, long words wrap. */
async function expectNoSidewaysOverflow(panel: Locator) {
  const overflow = await panel.getByRole('region', { name: 'Conversation' }).evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, 'the conversation scrolls sideways').toBeLessThanOrEqual(0);
}

test('a student asks the tutor about a lesson: streamed, highlighted, safe answers, copy, reload, new chat, lesson change', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signInAsAlice(page);
  const { courseId, lessons } = await aliceLessons(page, 0);
  const [lesson, nextLesson] = lessons;
  if (!lesson || !nextLesson) throw new Error('the first demo course needs two lessons');

  await page.goto(`/course/${courseId}?lesson=${lesson.id}`);
  await expect(page.getByRole('heading', { name: lesson.title })).toBeVisible();

  // ---- open by keyboard: focus moves into the panel ----
  const openButton = page.getByRole('button', { name: 'Open AI Tutor' });
  await openButton.focus();
  await page.keyboard.press('Enter');
  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await expect(questionBox(panel)).toBeFocused();
  await expect(panel.getByRole('heading', { name: 'AI Tutor' })).toBeVisible();
  await expect(panel.getByText(badgeText(lesson.title), { exact: true })).toBeVisible();
  await expect(answers(panel).first()).toContainText(AiTutorMessages.welcome(lesson.title));
  await expect(questionBox(panel)).toHaveAttribute('placeholder', AiTutorMessages.placeholder);
  // Questions are bounded here as on the server (which answers a longer one with 400).
  await expect(questionBox(panel)).toHaveAttribute('maxlength', String(AI_TUTOR_MESSAGE_MAX_CHARS));
  await expect(panel.getByText(AiTutorMessages.hint)).toBeVisible();
  const quick = panel.getByRole('group', { name: 'Quick questions' }).getByRole('button');
  await expect(quick).toHaveCount(3);
  for (const text of await quick.allTextContents()) expect(QUICK_QUESTIONS as readonly string[]).toContain(text);
  const budgetLine = panel.getByText(/\d+ questions? left today/);
  await expect(budgetLine).toBeVisible();
  const budgetBefore = Number((await budgetLine.textContent())!.match(/\d+/)![0]);

  // ---- Shift+Enter breaks the line, Enter sends ----
  await questionBox(panel).pressSequentially('What is a pointer?');
  await questionBox(panel).press('Shift+Enter');
  await questionBox(panel).pressSequentially('Please go slowly. [[fake:slow:300]]');
  await expect(questionBox(panel)).toHaveValue('What is a pointer?\nPlease go slowly. [[fake:slow:300]]');
  await watchTheAnswer(page);
  await questionBox(panel).press('Enter');

  // ---- waiting, then the words arrive in pieces ----
  await expect(messageList(panel).locator('li[data-role="user"]').last()).toContainText('What is a pointer?');
  const streamed = answers(panel).last();
  await expect(streamed).toContainText('Tell me what you find, and I will give you the next hint.', { timeout: 15_000 });
  const seen = await answerTrace(page);
  expect(seen.thinking, "'AI is thinking...' while waiting for the first word").toBe(true);
  expect(seen.inputEnabledWhileWaiting, 'the input and the quick questions are disabled while waiting').toBe(false);
  // The answer grew on screen in several steps: its start was there long before its end.
  expect(seen.partials.length).toBeGreaterThanOrEqual(3);
  expect(seen.partials[0]).toContain("Let's");
  expect(seen.partials[0]).not.toContain('next hint');
  await expect(panel.getByText(AiTutorMessages.thinking)).toHaveCount(0);
  await expect(questionBox(panel)).toHaveValue('');
  await expect(questionBox(panel)).toBeEnabled();
  await expect(questionBox(panel)).toBeFocused();
  // One question less today (or more: other tests ask as Alice too).
  await expect.poll(async () => Number((await budgetLine.textContent())!.match(/\d+/)![0])).toBeLessThanOrEqual(budgetBefore - 1);
  await expect(streamed.locator('time')).toHaveCount(1);
  // Screen readers hear the finished answer once, from the polite live region.
  await expect(panel.locator('[aria-live="polite"]')).toContainText('I will give you the next hint.');

  // ---- Markdown with a highlighted C block ----
  const code = 'for (int i = 0; i < 3; i++) {\n  printf("%d\\n", i); // count\n}';
  await ask(panel, `[[fake:reply]]Here is a loop to study:\n\n\`\`\`c\n${code}\n\`\`\`\n\nTry **changing** the bound.`);
  const markdownAnswer = answers(panel).last();
  await expect(markdownAnswer.locator('strong')).toHaveText('changing');
  const block = markdownAnswer.locator('pre code.hljs.language-c');
  await expect(block).toBeVisible();
  await expect(block.locator('.hljs-keyword').first()).toHaveText('for');
  await expect(block.locator('.hljs-comment')).toHaveText('// count');
  const colours = await block.evaluate((el) => ({
    base: getComputedStyle(el).color,
    keyword: getComputedStyle(el.querySelector('.hljs-keyword')!).color,
    comment: getComputedStyle(el.querySelector('.hljs-comment')!).color,
  }));
  expect(colours.keyword).not.toBe(colours.base);
  expect(colours.comment).not.toBe(colours.base);

  // ---- HTML in an answer is text and runs nothing ----
  await ask(panel, '[[fake:reply]]Careful: <img src=x onerror=alert(1)> and <script>alert(2)</script> are only text here.');
  const xss = answers(panel).last();
  await expect(xss).toContainText('<img src=x onerror=alert(1)> and <script>alert(2)</script> are only text here.');
  await expect(panel.locator('img')).toHaveCount(0);
  await expect(panel.locator('script')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);

  // ---- copy, with a 2-second confirmation ----
  const copied = answers(panel).nth((await answers(panel).count()) - 2);
  // Taken before the click: the confirmation cannot start earlier, so the time it lasted is at least now − clickedAt.
  const clickedAt = Date.now();
  await copied.getByRole('button', { name: 'Copy message' }).click();
  const copiedAt = Date.now();
  await expect(copied.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `Here is a loop to study:\n\n\`\`\`c\n${code}\n\`\`\`\n\nTry **changing** the bound.`,
  );
  // The confirmation lasts 2 seconds: still there after 1.5 s, gone soon after 2 s.
  await page.waitForTimeout(Math.max(0, 1500 - (Date.now() - copiedAt)));
  await expect(copied.getByRole('button', { name: 'Copied' })).toBeVisible({ timeout: 1 });
  await expect(copied.getByRole('button', { name: 'Copy message' })).toBeVisible({ timeout: 2000 });
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1900);

  await expectAccessible(page, 'the course screen with the AI tutor open (light)');

  // ---- a longer answer with a code block: nothing spills out of the panel ----
  await ask(panel, `[[fake:reply]]${CODE_ANSWER}`);
  await expect(answers(panel).last()).toContainText('slowly.');
  await expectNoSidewaysOverflow(panel);
  await snapshot(page, 'desktop-light');

  // ---- Escape closes; focus goes back to the button ----
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(openButton).toBeFocused();

  // ---- after a reload (dark theme) the conversation is still there ----
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  const again = await openTutor(page);
  await expect(messageList(again).locator('li[data-role="user"]').first()).toContainText('What is a pointer?');
  await expect(answers(again).nth(1)).toContainText('I will give you the next hint.');
  await expect(answers(again).nth(3)).toContainText('are only text here.');
  await expect(answers(again).nth(2).locator('pre code.hljs.language-c')).toBeVisible();
  await expect(answers(again).last()).toContainText('slowly.');
  await expectNoSidewaysOverflow(again);
  await snapshot(page, 'desktop-dark');
  await expectAccessible(page, 'the course screen with the AI tutor open (dark)');

  // ---- another lesson has its own chat; coming back shows this one ----
  await page.getByRole('navigation', { name: 'Lesson navigation' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: nextLesson.title })).toBeVisible();
  await expect(again.getByText(badgeText(nextLesson.title), { exact: true })).toBeVisible();
  await expect(answers(again)).toHaveCount(1);
  await expect(answers(again).first()).toContainText(AiTutorMessages.welcome(nextLesson.title));
  await page.getByRole('navigation', { name: 'Lesson navigation' }).getByRole('button', { name: 'Previous' }).click();
  await expect(again.getByText(badgeText(lesson.title), { exact: true })).toBeVisible();
  await expect(answers(again).last()).toContainText('slowly.');

  // ---- New chat: only the welcome; the next question starts a new conversation ----
  await again.getByRole('button', { name: 'New chat' }).click();
  await expect(answers(again)).toHaveCount(1);
  await expect(messageList(again).locator('li[data-role="user"]')).toHaveCount(0);
  const sent = page.waitForRequest((r) => r.url().endsWith(`/api/lessons/${lesson.id}/tutor/messages`));
  await ask(again, 'A fresh start, please.');
  expect((await sent).postDataJSON()).toEqual({ content: 'A fresh start, please.', conversationId: null });
  await expect(answers(again).last()).toContainText('I will give you the next hint.');
  await expect(messageList(again).locator('li[data-role="user"]')).toHaveCount(1);

  // ---- a quick question is asked with one click ----
  const quickAgain = again.getByRole('group', { name: 'Quick questions' }).getByRole('button');
  await expect(quickAgain).toHaveCount(3);
  const picked = (await quickAgain.first().textContent())!;
  await quickAgain.first().click();
  await expect(messageList(again).locator('li[data-role="user"]').last()).toContainText(picked);
  await expect(answers(again).last()).toContainText(`Let's work through "${picked.slice(0, 60)}" step by step.`);
  await expect(messageList(again).locator('li[data-role="user"]')).toHaveCount(2);
  expect(dialogs).toEqual([]);
});

test('on a phone the tutor is a bottom sheet; a failing or stalled model ends in the apology and the toast', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const panelChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/tutor-panel-[^/]*\.js$/.test(r.url())) panelChunks.push(r.url());
  });
  await signInAsAlice(page);
  const { courseId, lessons } = await aliceLessons(page, 1);
  const lesson = lessons[0];
  if (!lesson) throw new Error('the second demo course needs a lesson');
  await page.goto(`/course/${courseId}?lesson=${lesson.id}`);
  await expect(page.getByRole('heading', { name: lesson.title })).toBeVisible();

  // The button sits in the lesson bar at the bottom, floating over nothing.
  await expect(page.getByRole('navigation', { name: 'Lesson navigation' }).getByRole('button', { name: 'Open AI Tutor' })).toBeVisible();

  expect(panelChunks, "the panel's code (Markdown, highlighting) is fetched only when the tutor opens").toEqual([]);

  let panel = await openTutor(page);
  expect(panelChunks).toHaveLength(1);
  const box = (await panel.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBe(390);
  expect(Math.round(box.y + box.height)).toBe(844);
  await expectAccessible(page, 'the AI tutor sheet on a phone');

  // ---- the provider fails ----
  await ask(panel, 'Why does my loop never end? [[fake:fail:503]]');
  await expect(answers(panel).last()).toContainText(AiTutorMessages.apology);
  await expect(toast(page, AiTutorMessages.unavailableTitle)).toBeVisible();
  await expect(toast(page, AiTutorMessages.unavailable)).toBeVisible();
  await expect(panel.getByText(AiTutorMessages.thinking)).toHaveCount(0);
  await expect(questionBox(panel)).toBeEnabled();

  // ---- the provider stalls mid-answer: the server's timeout ends it, never a hung spinner ----
  await ask(panel, 'And what about arrays? [[fake:stall]]');
  await expect(answers(panel).last()).toContainText("Let's", { timeout: 5000 });
  await expect(answers(panel).last()).toContainText(AiTutorMessages.apology, { timeout: 15_000 });
  await expect(questionBox(panel)).toBeEnabled();
  await expect(answers(panel).filter({ hasText: AiTutorMessages.apology })).toHaveCount(2);

  // ---- a Markdown answer with code fits the phone, light and dark ----
  await ask(panel, `[[fake:reply]]${CODE_ANSWER}`);
  await expect(answers(panel).last().locator('pre code.hljs.language-c')).toBeVisible();
  await expect(answers(panel).last()).toContainText('slowly.');
  await expectNoSidewaysOverflow(panel);
  await snapshot(page, 'phone-light');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByRole('heading', { name: lesson.title })).toBeVisible();
  panel = await openTutor(page);
  await expect(answers(panel).last()).toContainText('slowly.');
  await expectNoSidewaysOverflow(panel);
  await snapshot(page, 'phone-dark');
  await expectAccessible(page, 'the AI tutor sheet on a phone (dark)');

  // ---- minimize and close ----
  await panel.getByRole('button', { name: 'Minimize AI Tutor' }).click();
  await expect(questionBox(panel)).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Expand AI Tutor' })).toBeFocused();
  // Minimized, it leaves the lesson navigation at the bottom free to use.
  const minimizedBox = (await panel.boundingBox())!;
  const lessonBar = (await page.getByRole('navigation', { name: 'Lesson navigation' }).boundingBox())!;
  expect(minimizedBox.y + minimizedBox.height).toBeLessThanOrEqual(lessonBar.y);
  await page.getByRole('navigation', { name: 'Lesson navigation' }).getByRole('button', { name: 'Next lesson' }).click({ trial: true });
  await snapshot(page, 'phone-minimized-dark');
  await panel.getByRole('button', { name: 'Expand AI Tutor' }).click();
  await expect(questionBox(panel)).toBeFocused();
  await panel.getByRole('button', { name: 'Close AI Tutor' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open AI Tutor' })).toBeFocused();
});

test('without a configured model, the panel says once that the AI tutor is not set up and asks nothing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAlice(page);
  const { courseId, lessons } = await aliceLessons(page, 1);
  const lesson = lessons[1];
  if (!lesson) throw new Error('the second demo course needs two lessons');
  // This app has a model (the fake one): here the browser sees what a server without OPENAI_BASE_URL
  // or AI_MODEL answers (ai-tutor.test.ts, 'without a configured model', checks that the server does).
  await page.route(`**/api/lessons/${lesson.id}/tutor`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), available: false } });
  });
  const sent: string[] = [];
  await page.route(`**/api/lessons/${lesson.id}/tutor/messages`, (route) => {
    sent.push(route.request().postData() ?? '');
    return route.fulfill({
      status: 503,
      json: { error: { code: 'SERVICE_UNAVAILABLE', message: AiTutorMessages.notConfigured, title: AiTutorMessages.notConfiguredTitle } },
    });
  });
  await page.goto(`/course/${courseId}?lesson=${lesson.id}`);
  await expect(page.getByRole('heading', { name: lesson.title })).toBeVisible();

  const panel = await openTutor(page);
  await expect(panel.getByText('The AI tutor is not set up on this site.')).toHaveCount(1);
  await expect(panel.getByTestId('ai-tutor-not-set-up')).toBeVisible();
  await expect(panel.getByText(AiTutorMessages.welcome(lesson.title))).toHaveCount(0);
  await expect(questionBox(panel)).toBeDisabled();
  for (const quick of await panel.getByRole('group', { name: 'Quick questions' }).getByRole('button').all())
    await expect(quick).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(panel.getByText(AiTutorMessages.apology)).toHaveCount(0);
  await expect(toast(page, AiTutorMessages.unavailableTitle)).toHaveCount(0);
  expect(sent).toEqual([]);
  await expectAccessible(page, 'the AI tutor without a configured model');
});

const OVERSEEN_REFERENCE = `#include <stdio.h>

int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    printf("%d\\n", a + b);
    return 0;
}
`;
const OVERSIGHT_SHOTS = '/tmp/shots/ai-tutor';

test("the tutor oversees the AI tutor: the leak guard, 'More Help', and the student's conversations and limits", async ({
  page,
  browser,
  playwright,
}) => {
  test.slow(); // the reference is graded when the exercise is saved, and many axe scans
  const admin = await adminRequest(playwright);
  const { courseId, lessonIds } = await videoCourse(admin, `E2E Overseen ${Date.now().toString(36)}`, 'Arithmetic', ['Adding Up']);
  const created = await admin.post(`/api/admin/lessons/${lessonIds[0]}/exercises`, {
    data: {
      title: 'Sum of two numbers',
      language: 'c',
      statement: 'Read two whole numbers and print their **sum**.',
      referenceSolution: OVERSEEN_REFERENCE,
      tests: [{ input: '2 3\n', expectedOutput: '5\n' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // ---- The student works on the exercise and asks; the model writes the whole solution, twice.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const student = await enrolledStudent(context.request, admin, courseId, 'Oona');
  await apiSignIn(context.request, student.email);
  const sp = await context.newPage();
  await sp.goto(`/course/${courseId}?lesson=${lessonIds[0]}`);
  await setCode(sp, /Code editor for Sum of two numbers/, '#include <stdio.h>\n\nint main(void) {\n    return 0;\n}\n');
  const panel = await openTutor(sp);
  await expect(panel.getByTestId('ai-tutor-oversight')).toHaveText(AiTutorMessages.oversight);
  await ask(panel, `How do I start? [[fake:reply]]Here it is:\n\n\`\`\`c\n${OVERSEEN_REFERENCE}\`\`\`\n`);
  await expect(answers(panel).last()).toContainText("I can't answer that without giving away the solution");
  // The question quotes the code (it steers the fake model); no answer shown does.
  await expect(answers(panel).filter({ hasText: 'scanf("%d %d"' })).toHaveCount(0);
  // In the refusal's place, and under the conversation: 'Ask Your Tutor'.
  await expect(answers(panel).last().getByRole('button', { name: 'Ask Your Tutor' })).toBeVisible();

  // 'More Help' after an answer in an exercise: one level further, shown with the level reached.
  const moreHelp = panel.getByRole('button', { name: AiTutorMessages.moreHelpLabel });
  await expect(moreHelp).toBeVisible();
  await expect(panel.getByText('Hint level 1 of 3')).toBeVisible();
  await moreHelp.click();
  await expect(messageList(panel).locator('li[data-role="user"]').last()).toContainText(AiTutorMessages.moreHelpQuestion);
  await expect(answers(panel)).toHaveCount(3); // the welcome, the refusal, the new answer
  await expect(panel.getByText('Hint level 2 of 3')).toBeVisible();
  await expect(panel.getByText(/of 50 questions left today in this course/)).toBeVisible();
  await fs.mkdir(OVERSIGHT_SHOTS, { recursive: true });
  await sp.screenshot({ path: `${OVERSIGHT_SHOTS}/panel-more-help-1280.png` });
  await expectAccessible(sp, 'the AI tutor panel with More Help');
  await sp.setViewportSize({ width: 390, height: 844 });
  await sp.screenshot({ path: `${OVERSIGHT_SHOTS}/panel-more-help-390.png` });
  await expectAccessible(sp, 'the AI tutor sheet with More Help on a phone');
  await context.close();

  // ---- The tutor: the student's page, from their name in Student Management.
  await adminSession(page.context());
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/students?tab=approved');
  await page.getByRole('link', { name: student.fullName }).click();
  await expect(page.getByRole('heading', { name: student.fullName, level: 1 })).toBeVisible();
  const conversations = page.getByTestId('ai-tutor-conversations');
  await expect(conversations.getByRole('heading', { name: AiTutorOversightMessages.sectionTitle })).toBeVisible();
  await expect(conversations.getByRole('heading', { name: /Adding Up/ })).toBeVisible();
  await expect(conversations.getByText(AiTutorOversightMessages.guardWithheld)).toBeVisible();
  await expect(conversations.getByText('Hint level 2: Guiding question')).toBeVisible();
  await conversations.getByText(AiTutorOversightMessages.withheldTitle).click();
  await expect(conversations.locator('details').getByText('if (scanf("%d %d", &a, &b) != 2) return 1;').first()).toBeVisible();

  // Limits: the student's own in this course, refused when out of range, then saved and removed.
  const limits = page.getByTestId('ai-tutor-limits');
  const own = limits.getByLabel("This student's own limit");
  await own.fill('5000');
  await limits.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect(limits.getByText(AiTutorOversightMessages.dailyMessagesInvalid)).toBeVisible();
  await own.fill('3');
  await limits.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect(limits.getByText(/2 of 3 used today \(their own limit\)/)).toBeVisible();

  await atEveryLook(page, async ({ width, theme }) => {
    await page.screenshot({ path: `${OVERSIGHT_SHOTS}/student-page-${width}-${theme}.png`, fullPage: true });
    await expectAccessible(page, `the student's AI tutor sections (${width}, ${theme})`, 'main');
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await limits.getByRole('button', { name: 'Remove' }).click();
  await expect(limits.getByText(/2 of 50 used today \(the site default\)/)).toBeVisible();
});
