import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { ADMIN_EMAIL } from './fixtures';

test('the landing page shows every section and loads no admin code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Free' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '#preview');
  await expect(page.getByRole('heading', { level: 2, name: "How You'll Learn" })).toBeVisible();
  for (const step of ['Choose Your Path', 'Learn Step-by-Step', 'Build Real Projects', 'Get Support']) {
    await expect(page.getByText(step, { exact: true })).toBeVisible();
  }
  for (const course of ['C Programming Fundamentals', 'Java Object-Oriented Programming', 'WebGL 3D Graphics']) {
    await expect(page.getByRole('heading', { name: course })).toBeVisible();
  }
  await expect(page.locator('#preview')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /admin|shell|contact|register/i.test(s))).toEqual([]);
});

test('the theme follows the OS when unset, toggles, and persists across reload without a flash', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light mode' }).first().click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  // The class is on <html> before any app script runs: check it at the first paint of a reload.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { themeAtLoad: string }).themeAtLoad = document.documentElement.className;
    });
  });
  await page.getByRole('button', { name: 'Switch to dark mode' }).first().click();
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtLoad: string }).themeAtLoad)).toContain('dark');
  await expect(page.getByRole('button', { name: 'Switch to light mode' }).first()).toBeVisible();
  await context.close();
});

test('the contact form asks visitors to log in, and delivers a signed-in message to the tutor', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByText('Login Required')).toBeVisible();

  await page.request.post('/api/dev/login', { data: { email: 'alice.student@example.com' } });
  await page.goto('/contact');
  await expect(page.getByLabel('Your Email')).toHaveValue('alice.student@example.com');
  const send = page.getByRole('button', { name: /Send/ });
  await page.getByLabel('Your Email').fill('');
  await expect(send).toBeDisabled();
  await page.getByLabel('Your Email').fill('alice.student@example.com');
  const token = `pointers-${Date.now().toString(36)}`;
  const text = `Could we go over pointers again? (${token})`;
  await page.getByLabel('Message').fill(text);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Message Sent Successfully!').first()).toBeVisible();
  // The raw MIME may wrap or encode long lines; a short token without spaces survives either way.
  const mail = await waitForMail(ADMIN_EMAIL, { test: (m) => m.raw.includes(token) });
  expect(mail.raw).toMatch(/Reply-To: alice\.student@example\.com/i);
  await expect(page.getByRole('button', { name: 'Send Another Message' })).toBeVisible();
});
