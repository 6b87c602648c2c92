import { expect, test } from '@playwright/test';
import { adminRequest, apiSignIn, atEveryLook, e2eDatabase, enrolledStudent, expectAccessible, publishedCourse } from './fixtures';

// The bell lists what the server wrote for this person; the flows that write items (feedback, replies, questions)
// have their own specs. Here the items are written straight into the database, as those flows write them.
test('the bell shows a student their own new items, opens one at its place and marks them read', async ({ page, playwright }) => {
  const admin = await adminRequest(playwright);
  const course = await publishedCourse(admin, `Bell course ${Date.now().toString(36)}`);
  const student = await enrolledStudent(page.request, admin, course.id, 'Belle');
  const db = await e2eDatabase();
  try {
    await db.query(
      `insert into user_notifications (user_id, kind, title, body, link, created_at) values
         ($1, 'feedback', 'Your tutor commented on your code', 'Look at line 3: the loop stops one early.', $2, now() - interval '1 minute'),
         ($1, 'reply', 'Your tutor replied to your question', 'Try printing i inside the loop.', $2, now())`,
      [student.id, `/course/${course.id}`],
    );
  } finally {
    await db.end();
  }
  await apiSignIn(page.request, student.email);
  await page.goto('/dashboard');

  const bell = page.getByRole('button', { name: 'Notifications, 2 unread notifications' }).locator('visible=true');
  await expect(bell).toBeVisible();
  await atEveryLook(page, async ({ width, theme }) => {
    const visibleBell = page.getByRole('button', { name: /^Notifications/ }).locator('visible=true');
    await visibleBell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText('Your tutor replied to your question')).toBeVisible();
    await expectAccessible(page, `notification bell at ${width} ${theme}`);
    const path = test.info().outputPath(`notification-bell-${width}-${theme}.png`);
    await page.screenshot({ path });
    await test.info().attach(`bell ${width} ${theme}`, { path, contentType: 'image/png' });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  // Newest first.
  await expect(panel.getByRole('link')).toHaveText([/Your tutor replied/, /Your tutor commented/]);
  await panel.getByRole('link', { name: /Your tutor replied/ }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}`));
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread notification' }).locator('visible=true')).toBeVisible();

  await page
    .getByRole('button', { name: /^Notifications/ })
    .locator('visible=true')
    .click();
  await page.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true }).locator('visible=true')).toBeVisible();
  await course.remove();
});
