import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { FIRST_PAGE_ANSWERS_ID } from '../../src/common/web-page';
import { waitForCode } from '../support/mailbox';

export const ADMIN_EMAIL = 'admin@example.com';

/** The school's time zone, in which every date is shown (the public configuration). */
export async function schoolZone(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/public-config')).json()) as { timeZone: string }).timeZone;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The school's time zone is one setting for the whole school, and the browser tests run in parallel: a test that
 * changes it holds this lock while it differs, and a test that checks dates shown in it holds the lock while it
 * runs, so that no date is read in one zone and shown in another. A lock file per test run (the app's address), with
 * its holder's pid: a lock left by a worker that died is taken over. `release` may be called more than once.
 */
export async function holdSchoolZone(): Promise<{ release: () => void }> {
  const port = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:0').port;
  const file = path.join(os.tmpdir(), `e2e-school-zone-${port}.lock`);
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let held = true;
      return {
        release: () => {
          if (held) unlinkSync(file);
          held = false;
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(file, 'utf8'));
    } catch {
      continue; // released meanwhile
    }
    if (holder && !alive(holder)) {
      try {
        unlinkSync(file);
      } catch {
        // Taken over by another waiter.
      }
      continue;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Holds the school's time zone (holdSchoolZone) through each test of the file that calls it, with time to wait for it. */
export function holdSchoolZoneInEachTest(): void {
  let lock: { release: () => void } | undefined;
  // Playwright reads the fixtures a hook wants from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(async ({}, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + 120_000);
    lock = await holdSchoolZone();
  });
  test.afterEach(() => lock?.release());
}

/**
 * Signs a browser context (and its `request`) in as the tutor with one of the sessions the global
 * setup made. Session 0 stays in admin view; a test that switches the view mode uses its own index.
 */
export async function adminSession(context: BrowserContext, index = 0) {
  const sid = process.env.E2E_ADMIN_SESSIONS?.split(',')[index];
  const baseUrl = process.env.E2E_BASE_URL;
  if (!sid || !baseUrl) throw new Error(`no admin session ${index} (the e2e global setup makes them)`);
  await context.addCookies([{ name: 'sid', value: sid, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** An API client signed in as the tutor (admin view). */
export async function adminRequest(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }) {
  const sid = process.env.E2E_ADMIN_SESSIONS?.split(',')[0];
  return playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { cookie: `sid=${sid}` } });
}

let counter = 0;
/** An address no other test uses, so tests never share rows. */
export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`.toLowerCase();
}

/**
 * Signs `request` in through the real code flow (code read from the in-test SMTP server). Not for
 * the tutor: parallel sign-ins to one address replace each other's codes (use adminSession).
 */
/**
 * One API answer the server wrote into a signed-in page's HTML (the first page of a visit carries
 * the answers it waits for), by its API path.
 */
export function firstPageAnswer<T>(html: string, apiPath: string): T {
  const block = html.match(new RegExp(`<script type="application/json" id="${FIRST_PAGE_ANSWERS_ID}">([^<]*)</script>`));
  if (!block) throw new Error('the page carries no answers');
  const answers = JSON.parse(block[1]!) as Record<string, unknown>;
  if (!(apiPath in answers)) throw new Error(`the page carries no answer for ${apiPath}`);
  return answers[apiPath] as T;
}

export async function apiSignIn(request: APIRequestContext, email: string) {
  const since = new Date();
  const sent = await request.post('/api/auth/code', { data: { email, purpose: 'login' } });
  expect(sent.status(), await sent.text()).toBe(202);
  const code = await waitForCode(email, since);
  const res = await request.post('/api/auth/login', { data: { email, code } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

let surnameSeq = 0;
/** A surname no other test uses, in letters only (names are matched as typed). */
export const uniqueSurname = (prefix: string) =>
  `${prefix}${(Date.now() + surnameSeq++).toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}${'xyz'[process.pid % 3]}`;

/** A published course of the test's own (no lessons); `remove` deletes it again. */
export async function publishedCourse(admin: APIRequestContext, title: string) {
  const created = await admin.post('/api/admin/courses', { data: { title, description: 'A course made by a browser test.' } });
  expect(created.status(), await created.text()).toBe(201);
  const { course } = (await created.json()) as { course: { id: string } };
  const published = await admin.patch(`/api/admin/courses/${course.id}/publish`, { data: { isPublished: true } });
  expect(published.status(), await published.text()).toBe(200);
  return { id: course.id, title, remove: () => admin.delete(`/api/admin/courses/${course.id}`) };
}

/** A published course of one chapter of video lessons, made through the tutor's API; with the lessons' ids in order. */
export async function videoCourse(admin: APIRequestContext, title: string, chapterTitle: string, lessonTitles: string[]) {
  const created = await admin.post('/api/admin/courses', { data: { title, description: 'A course made by a browser test.' } });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const chapter = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: chapterTitle } });
  const chapterId = ((await chapter.json()) as { chapter: { id: string } }).chapter.id;
  const lessonIds: string[] = [];
  for (const lesson of lessonTitles) {
    const res = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, {
      data: { title: lesson, lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=KJgsSFOSQv0' },
    });
    expect(res.status(), await res.text()).toBe(201);
    lessonIds.push(((await res.json()) as { lesson: { id: string } }).lesson.id);
  }
  const published = await admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } });
  expect(published.status(), await published.text()).toBe(200);
  return { courseId, lessonIds };
}

/** Replaces what a code editor holds, as a paste would (no auto-indent or closing brackets on the way). */
export async function setCode(page: Page, name: string | RegExp, code: string) {
  const editor = page.getByRole('textbox', { name });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(code);
}

/** Registers a pending student through the API. */
export async function apiRegister(request: APIRequestContext, details: { firstName: string; lastName: string; email: string }) {
  const since = new Date();
  const sent = await request.post('/api/auth/code', { data: { email: details.email, purpose: 'register' } });
  expect(sent.status(), await sent.text()).toBe(202);
  const code = await waitForCode(details.email, since);
  const res = await request.post('/api/auth/register', { data: { ...details, code } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).user as { id: string; email: string };
}

/** A pending student with a surname and address no other test uses. */
export async function pendingStudent(request: APIRequestContext, firstName: string, prefix: string) {
  const lastName = uniqueSurname(prefix);
  const email = uniqueEmail(prefix.toLowerCase());
  const user = await apiRegister(request, { firstName, lastName, email });
  return { id: user.id, email, firstName, lastName, fullName: `${firstName} ${lastName}` };
}

/** As the tutor, sets a student's approval status (until the students screen exists). */
export async function apiSetStatus(adminRequest: APIRequestContext, studentId: string, status: 'approved' | 'rejected') {
  const res = await adminRequest.patch(`/api/admin/students/${studentId}/status`, { data: { status } });
  expect(res.status(), await res.text()).toBe(200);
}

/** An approved student (registered through the real code flow) enrolled in the course. */
export async function enrolledStudent(request: APIRequestContext, admin: APIRequestContext, courseId: string, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const user = await apiRegister(request, { firstName, lastName: 'Learner', email });
  await apiSetStatus(admin, user.id, 'approved');
  const res = await admin.post(`/api/admin/students/${user.id}/enrollments`, { data: { courseId } });
  expect(res.status(), await res.text()).toBe(201);
  return { id: user.id, email, fullName: `${firstName} Learner` };
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now, one line
 * each, labelled; `within` limits the scan to one part of the page. A toast on its way out (or in) is
 * fading, and its contrast is measured mid-fade: such toasts are left out, a toast at rest is checked
 * like the rest of the page.
 *
 * axe runs in the page and its same-origin frames in one pass (the builder's legacy mode): its default
 * opens a blank page for every scan to merge the frames' results, which doubled each scan's time, and
 * the only cross-origin frames here are the video hosts, which the tests never reach.
 */
export async function accessibilityViolations(page: Page, label: string, within?: string): Promise<string[]> {
  // Colours measured mid-transition (a theme just switched, a button's hover fading out) are neither
  // the old nor the new ones: the scan waits until every finite animation and transition has ended.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  let builder = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-sonner-toast][data-visible="false"]')
    .exclude('[data-sonner-toast][data-removed="true"]')
    .exclude('[data-sonner-toast][data-mounted="false"]');
  if (within) builder = builder.include(within);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** axe-core finds no serious or critical violation on the page (or in `within`) as it is now. */
export async function expectAccessible(page: Page, label: string, within?: string) {
  expect(await accessibilityViolations(page, label, within), `accessibility of ${label}`).toEqual([]);
}

/** Runs `check` at desktop (1280) and phone (390) widths. */
export async function atBothWidths(page: Page, check: (width: number) => Promise<void>) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await check(width);
  }
}

/** Switches the page's theme the way the theme toggle does (stored, and the class on <html>). */
export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => {
    localStorage.setItem('theme', t);
    document.documentElement.classList.toggle('dark', t === 'dark');
  }, theme);
}

/** Runs `check` at 1280 and 390 px wide, each in the light and the dark theme. */
export async function atEveryLook(page: Page, check: (look: { width: number; theme: 'light' | 'dark' }) => Promise<void>) {
  await atBothWidths(page, async (width) => {
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await check({ width, theme });
    }
  });
  await setTheme(page, 'light');
}

/** A real one-page PDF that says `text`. */
export async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([400, 200]).drawText(text, { x: 30, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** As the tutor, uploads a lesson (or tutorial) PDF named `name`; its file id. */
export async function uploadPdf(admin: APIRequestContext, kind: 'pdf' | 'tutorial', name: string, text = name): Promise<string> {
  const res = await admin.post(`/api/admin/uploads?kind=${kind}`, {
    multipart: { file: { name, mimeType: 'application/pdf', buffer: await pdf(text) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { file: { id: string } }).file.id;
}

/**
 * The e2e server's own PostgreSQL (embedded, in the global setup's DATA_DIR), for what no API can
 * do: moving a test's enrolments back in time (forecasts need a week of history), or its last
 * credited heartbeat (the server credits visible time against its own clock).
 */
export async function e2eDatabase() {
  const dataDir = path.join(process.env.E2E_ROOT!, 'data');
  const password = (await fs.readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  const port = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  const client = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` });
  await client.connect();
  return client;
}

/** As if the student's last credited heartbeat were `seconds` ago, so that much visible time can be credited now. */
export async function allowVisibleTime(studentId: string, seconds: number) {
  const db = await e2eDatabase();
  try {
    await db.query(
      `insert into learning_event_budgets (student_id, tokens, refilled_at, heartbeat_until)
       values ($1, 500, now(), now() - make_interval(secs => $2))
       on conflict (student_id) do update set heartbeat_until = excluded.heartbeat_until`,
      [studentId, seconds],
    );
  } finally {
    await db.end();
  }
}

/** Every console error and uncaught error of the page from now on (a hydration mismatch is reported as one). */
export function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A C "sum of two numbers" reference, and the wrong answer that multiplies: a submission that fails its one test. */
export const SUM_REFERENCE = `#include <stdio.h>

int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 1;
    printf("%d\\n", a + b);
    return 0;
}
`;
export const SUM_WRONG = SUM_REFERENCE.replace('a + b', 'a * b');

/**
 * A video course of the test's own whose first lesson holds the C exercise 'Sum of two numbers', and an enrolled
 * student (in a browser context of their own, at 1280 wide) who has submitted the wrong answer and read it fail.
 */
export async function failedSumSubmission(
  browser: Browser,
  admin: APIRequestContext,
  course: { title: string; lessons: string[]; studentName: string },
) {
  const { courseId, lessonIds } = await videoCourse(admin, course.title, 'Arithmetic', course.lessons);
  const created = await admin.post(`/api/admin/lessons/${lessonIds[0]}/exercises`, {
    data: {
      title: 'Sum of two numbers',
      language: 'c',
      statement: 'Read two whole numbers and print their **sum**.',
      referenceSolution: SUM_REFERENCE,
      tests: [{ input: '2 3\n', expectedOutput: '5\n' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const student = await enrolledStudent(context.request, admin, courseId, course.studentName);
  await apiSignIn(context.request, student.email);
  const studentPage = await context.newPage();
  await studentPage.goto(`/course/${courseId}?lesson=${lessonIds[0]}`);
  await setCode(studentPage, /Code editor for Sum of two numbers/, SUM_WRONG);
  await studentPage.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(studentPage.getByText(/0 of 1 tests? passed/)).toBeVisible({ timeout: 60_000 });
  return { courseId, lessonIds, context, student, studentPage };
}

/** A screenshot to look at, under /tmp/shots/<area>/. */
export async function lookAt(page: Page, area: string, name: string) {
  const dir = path.join('/tmp/shots', area);
  await fs.mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
