import { expect, test, type Page } from '@playwright/test';
import { adminRequest, adminSession, apiSignIn, enrolledStudent } from './fixtures';

// Text the tutor stores (titles, summaries) is shown as text on every screen, never run as markup.
const PAYLOAD = `<img src=x onerror="window.__xss=1">`;

async function expectNotRun(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
}

test('HTML in stored text renders as text for the student and the tutor', async ({ page, browser, playwright }) => {
  const admin = await adminRequest(playwright);
  const title = `Markup ${Date.now().toString(36)} ${PAYLOAD}`;
  const created = await admin.post('/api/admin/courses', { data: { title, description: `Description ${PAYLOAD}` } });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { course: { id: string } }).course.id;
  const chapter = await admin.post(`/api/admin/courses/${courseId}/chapters`, { data: { title: `Chapter ${PAYLOAD}` } });
  const chapterId = ((await chapter.json()) as { chapter: { id: string } }).chapter.id;
  const lesson = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, {
    data: { title: `Lesson ${PAYLOAD}`, lessonType: 'VIDEO', videoUrl: 'https://vimeo.com/76979871', summary: `Summary ${PAYLOAD}` },
  });
  expect(lesson.status(), await lesson.text()).toBe(201);
  expect((await admin.patch(`/api/admin/courses/${courseId}/publish`, { data: { isPublished: true } })).status()).toBe(200);
  await page.route(/^https:\/\/player\.vimeo\.com\//, (route) => route.abort());
  const student = await enrolledStudent(page.request, admin, courseId, 'Mallory');
  await apiSignIn(page.request, student.email);

  await page.goto('/student/dashboard');
  await expect(page.getByText(title).first()).toBeVisible();
  await expectNotRun(page);
  await page.goto(`/course/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Summary ${PAYLOAD}`)).toBeVisible();
  await expect(page.getByText(`Chapter ${PAYLOAD}`).first()).toBeVisible();
  await expectNotRun(page);

  const tutor = await browser.newContext();
  await adminSession(tutor);
  const tutorPage = await tutor.newPage();
  await tutorPage.goto('/admin/courses');
  await expect(tutorPage.getByText(title).first()).toBeVisible();
  await expectNotRun(tutorPage);
  await tutorPage.goto(`/admin/courses/${courseId}/edit`);
  await tutorPage.getByRole('tab', { name: 'Course Content' }).click();
  await expect(tutorPage.getByText(`Lesson ${PAYLOAD}`)).toBeVisible();
  await expectNotRun(tutorPage);
  await tutor.close();
});
