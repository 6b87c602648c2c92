import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, adminSession } from './fixtures';
import { waitForCode } from '../support/mailbox';

test('a signed-out visitor is sent to login and, after signing in, back where they were going', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  const since = new Date();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification Code').fill(await waitForCode(ADMIN_EMAIL, since));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Successfully logged in as Administrator.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The admin home shows the platform's real figures (seeded: 3 courses, 2 approved students).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Total Courses')).toBeVisible();
  await expect(page.getByText('Pending Approvals')).toBeVisible();
});

test('a student is kept out of admin screens', async ({ page }) => {
  await page.request.post('/api/dev/login', { data: { email: 'bob.student@example.com' } });
  for (const path of ['/admin/dashboard', '/admin/students', '/admin/courses/new', '/admin/analytics', '/admin/database-helper']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/student\/dashboard$/);
  }
});

test('the admin is sent to the admin home from student screens, and may preview them in student view', async ({ page, context }) => {
  await adminSession(context, 1);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/student/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('switch').first().click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await expect(page.getByText('Admin (Student View)').first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  // Back to admin view, so other tests of this admin see the admin home.
  await page.request.put('/api/me/view-mode', { data: { viewMode: 'admin' } });
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/admin/courses/create redirects to /admin/courses/new', async ({ page, context }) => {
  await adminSession(context);
  await page.goto('/admin/courses/create');
  await expect(page).toHaveURL(/\/admin\/courses\/new$/);
});
