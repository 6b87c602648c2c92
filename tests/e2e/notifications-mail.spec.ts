import { expect, test } from '@playwright/test';
import { NotificationMessages } from '../../src/common/notifications-texts';
import { waitForMail } from '../support/mailbox';
import { ADMIN_EMAIL, adminSession, atEveryLook, expectAccessible, lookAt } from './fixtures';

// The Notifications screen's mail: 'Send Test E-mail' through the outbox, and the outbox saying
// plainly when mail only goes to the server's log.

test("'Send Test E-mail' reaches the tutor's mailbox through the outbox and says where it went", async ({ page, context }) => {
  await adminSession(context);
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  // This server sends through a mail server: no console warning, and the figure says "Sent".
  await expect(page.getByTestId('mail-console-only')).toHaveCount(0);
  await expect(page.getByText('Sent in the last 7 days', { exact: true })).toBeVisible();

  const since = new Date();
  await page.getByRole('button', { name: 'Send Test E-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: NotificationMessages.testMailQueued(ADMIN_EMAIL, 'smtp') })).toBeVisible();
  await waitForMail(ADMIN_EMAIL, { since, test: (m) => /Test e-mail from/.test(m.raw), timeoutMs: 20_000 });
  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `notifications after a test e-mail, ${width}px, ${theme}`);
    await page.getByRole('button', { name: 'Send Test E-mail' }).scrollIntoViewIfNeeded();
    await lookAt(page, 'notifications', `test-mail-${width}-${theme}`);
  });
});

test('when mail only goes to the console, the outbox says so instead of counting it as sent', async ({ page, context }) => {
  await adminSession(context);
  // The shared server sends through a mail server; this screen is shown as a server without one answers it.
  await page.route('**/api/admin/notification-settings', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { outbox: { transport: string } };
    await route.fulfill({ response, json: { ...body, outbox: { ...body.outbox, transport: 'console' } } });
  });
  await page.goto('/admin/notifications');
  await expect(page.getByTestId('mail-console-only')).toHaveText(NotificationMessages.consoleOnly);
  await expect(page.getByText("Printed in the server's log in the last 7 days (not sent)", { exact: true })).toBeVisible();
  await expect(page.getByText('Sent in the last 7 days', { exact: true })).toHaveCount(0);
  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `notifications, mail to the console only, ${width}px, ${theme}`);
    await page.getByTestId('mail-console-only').scrollIntoViewIfNeeded();
    await lookAt(page, 'notifications', `console-only-${width}-${theme}`);
  });
});
