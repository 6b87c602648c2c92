import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CertificateMessages, type CertificateResponse } from '../../src/common/certificates';
import { adminRequest, apiRegister, apiSetStatus, apiSignIn, atBothWidths, expectAccessible, uniqueEmail } from './fixtures';

// The public verification page (/certificates/:id): anyone with the link, no sign-in.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh student who completed a one-lesson course of this test's own; their certificate and a cleanup. */
async function earnedCertificate(request: APIRequestContext, admin: APIRequestContext) {
  const tag = unique();
  const title = `Certified Course ${tag}`;
  const created = await admin.post('/api/admin/courses', { data: { title, description: 'Made by the certificate e2e test.' } });
  expect(created.status(), await created.text()).toBe(201);
  const { course } = (await created.json()) as { course: { id: string } };
  const remove = () => admin.delete(`/api/admin/courses/${course.id}`);
  try {
    const ch = await admin.post(`/api/admin/courses/${course.id}/chapters`, { data: { title: 'Only chapter' } });
    expect(ch.status(), await ch.text()).toBe(201);
    const { chapter } = (await ch.json()) as { chapter: { id: string } };
    const le = await admin.post(`/api/admin/chapters/${chapter.id}/lessons`, {
      data: { title: 'Only lesson', lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(le.status(), await le.text()).toBe(201);
    const { lesson } = (await le.json()) as { lesson: { id: string } };
    expect((await admin.patch(`/api/admin/courses/${course.id}/publish`, { data: { isPublished: true } })).status()).toBe(200);

    const lastName = `Cert${tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const email = uniqueEmail('certificate');
    const user = await apiRegister(request, { firstName: 'Grace', lastName, email });
    await apiSetStatus(admin, user.id, 'approved');
    expect((await admin.post(`/api/admin/students/${user.id}/enrollments`, { data: { courseId: course.id } })).status()).toBe(201);
    await apiSignIn(request, email);
    const done = await request.put(`/api/lessons/${lesson.id}/progress`, { data: { status: 'completed' } });
    expect(done.status(), await done.text()).toBe(200);
    const cert = await request.get(`/api/courses/${course.id}/certificate`);
    expect(cert.status(), await cert.text()).toBe(200);
    return { cert: (await cert.json()) as CertificateResponse, email, title, fullName: `Grace ${lastName}`, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}

/** Light and dark at 1280 and 390: no serious accessibility violation. */
async function accessibleEverywhere(page: Page, label: string, ready: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await atBothWidths(page, async (width) => {
      await page.reload();
      await ready();
      await expectAccessible(page, `${label} at ${width}px, ${theme}`);
    });
  }
}

test('a certificate link shows, to anyone, that it is valid: the name, the course and the date, nothing else', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const admin = await adminRequest(playwright);
  const studentApi = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { cert, email, title, fullName, remove } = await earnedCertificate(studentApi, admin);
  try {
    expect(cert.studentName).toBe(fullName);
    expect(cert.verifyUrl).toBe(`${process.env.E2E_BASE_URL}/certificates/${cert.id}`);

    // A visitor: a new browser with no session.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(new URL(cert.verifyUrl).pathname);

    await expect(page.getByRole('heading', { level: 1, name: 'Certificate verified' })).toBeVisible();
    await expect(page).toHaveTitle(/^Certificate verified · /);
    await expect(page.getByTestId('certificate-status')).toHaveText('Status: Valid');
    await expect(page.getByTestId('certificate-student')).toHaveText(fullName);
    await expect(page.getByTestId('certificate-course')).toHaveText(title);
    const issued = new Date(cert.issuedAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    await expect(page.getByTestId('certificate-date')).toHaveText(issued);
    await expect(page.getByTestId('certificate-date').locator('time')).toHaveAttribute('datetime', cert.issuedAt);
    // Exactly three facts, and nothing else about the student.
    await expect(page.locator('main dt')).toHaveText(['Awarded to', 'Course', 'Completed on']);
    const main = await page.getByRole('main').innerText();
    expect(main).not.toContain(email);
    expect(main).not.toContain(cert.id);
    // A public page: none of the signed-in screens' code is downloaded.
    expect(scripts.filter((s) => /shell-layout|admin-|student-dashboard|course-learning/.test(s))).toEqual([]);

    await accessibleEverywhere(page, 'a verified certificate', () =>
      expect(page.getByRole('heading', { name: 'Certificate verified' })).toBeVisible(),
    );
    await context.close();
  } finally {
    await remove();
    await studentApi.dispose();
  }
});

test('an unknown or malformed certificate id shows that the certificate was not found', async ({ page }) => {
  for (const id of [randomUUID(), 'not-a-certificate', '123']) {
    await page.goto(`/certificates/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: CertificateMessages.notFound })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${CertificateMessages.notFound} · `));
    await expect(page.getByText('Certificate verified')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  }
  await accessibleEverywhere(page, 'an unknown certificate', () =>
    expect(page.getByRole('heading', { name: CertificateMessages.notFound })).toBeVisible(),
  );
});
