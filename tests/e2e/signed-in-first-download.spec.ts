import { expect, test, type Page } from '@playwright/test';
import { adminRequest, apiSignIn, collectErrors, enrolledStudent, publishedCourse } from './fixtures';

// The student's first screens download no zod (the contracts' validation library, about 25 KB
// gzipped, which the course screen once pulled in for one constant): what they need of src/common
// comes from its zod-free modules.

/** The bodies of the scripts the page downloads from now on. */
function collectScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  return async () => Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
}

test.describe('the first download of a signed-in page', () => {
  // Every script comes from the server, none from the service worker's cache.
  test.use({ serviceWorkers: 'block' });

  test('neither the dashboard nor the course screen downloads zod', async ({ page, playwright }) => {
    const admin = await adminRequest(playwright);
    const course = await publishedCourse(admin, `First download ${Date.now().toString(36)}`);
    const chapter = await admin.post(`/api/admin/courses/${course.id}/chapters`, { data: { title: 'Basics' } });
    expect(chapter.status(), await chapter.text()).toBe(201);
    const chapterId = ((await chapter.json()) as { chapter: { id: string } }).chapter.id;
    const lesson = await admin.post(`/api/admin/chapters/${chapterId}/lessons`, {
      data: { title: 'Watch this', lessonType: 'VIDEO', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(lesson.status(), await lesson.text()).toBe(201);
    const student = await enrolledStudent(page.request, admin, course.id, 'Paula');
    await apiSignIn(page.request, student.email);
    await page.context().route(/^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com\//, (route) => route.abort());

    const errors = collectErrors(page);
    const scripts = collectScripts(page);
    await page.goto('/student/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My Learning Dashboard' })).toBeVisible();
    await page.goto(`/course/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Watch this' }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    const downloaded = await scripts();
    expect(downloaded.length).toBeGreaterThan(3);
    // zod's own class names survive minification: a script holding them carries zod.
    expect(downloaded.filter((s) => s.body.includes('$ZodType')).map((s) => s.url)).toEqual([]);
    expect(errors).toEqual([]);
    await course.remove();
  });
});
