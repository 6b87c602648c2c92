import { expect, test, type Page } from '@playwright/test';
import { adminSession, atBothWidths, expectAccessible } from './fixtures';

type Who = 'visitor' | 'student' | 'pending' | 'admin';
const screens: { path: string; who: Who; ready: (page: Page) => Promise<void> }[] = [
  { path: '/', who: 'visitor', ready: (p) => expect(p.getByRole('link', { name: 'Start Free' })).toBeVisible() },
  { path: '/login', who: 'visitor', ready: (p) => expect(p.getByLabel('Email')).toBeVisible() },
  { path: '/register', who: 'visitor', ready: (p) => expect(p.getByLabel('First Name')).toBeVisible() },
  { path: '/contact', who: 'visitor', ready: (p) => expect(p.getByText('Login Required')).toBeVisible() },
  { path: '/no-such-page', who: 'visitor', ready: (p) => expect(p.getByText('Page not found').first()).toBeVisible() },
  { path: '/contact', who: 'student', ready: (p) => expect(p.getByLabel('Message')).toBeVisible() },
  { path: '/student/dashboard', who: 'student', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/dashboard', who: 'pending', ready: (p) => expect(p.getByText('Account Pending Approval').first()).toBeVisible() },
  { path: '/admin/dashboard', who: 'admin', ready: (p) => expect(p.getByText('Pending Approvals')).toBeVisible() },
  { path: '/admin/students', who: 'admin', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/admin/courses', who: 'admin', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
];

async function signInAs(page: Page, who: Who) {
  if (who === 'visitor') return;
  if (who === 'admin') return adminSession(page.context());
  const email = who === 'pending' ? 'carol.pending@example.com' : 'alice.student@example.com';
  const res = await page.request.post('/api/dev/login', { data: { email } });
  expect(res.ok()).toBe(true);
}

for (const theme of ['light', 'dark'] as const) {
  for (const screen of screens) {
    test(`${screen.path} as ${screen.who} (${theme}) has no serious accessibility violation at 1280 and 390`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: theme });
      const page = await context.newPage();
      await signInAs(page, screen.who);
      await atBothWidths(page, async (width) => {
        await page.goto(screen.path);
        await screen.ready(page);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        await expectAccessible(page, `${screen.path} at ${width}px, ${theme}`);
      });
      await context.close();
    });
  }
}
