import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import {
  adminRequest,
  adminSession,
  atEveryLook,
  enrolledStudent,
  expectAccessible,
  lookAt,
  publishedCourse,
  uniqueEmail,
} from './fixtures';

// Tests run in parallel on one shared server: each works on its own addresses and course.

/** The invitation link in the newest invitation mail to `email` (quoted-printable soft breaks undone). */
async function invitationLink(email: string, since: Date): Promise<string> {
  const mail = await waitForMail(email, { since, test: (m) => /invited to/i.test(m.raw) });
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const path = body.match(/\/invitation\/[A-Za-z0-9_-]+/)?.[0];
  if (!path) throw new Error('no invitation link in the mail');
  return path;
}

test('the tutor invites a list; the invited student accepts, is enrolled and signed in; a used link says so', async ({
  page,
  context,
  browser,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  const course = await publishedCourse(admin, `Invited Course ${Date.now().toString(36)}`);
  const email = uniqueEmail('invited');
  const since = new Date();

  await adminSession(context);
  await page.goto('/admin/students');
  await page.getByRole('link', { name: 'Invite Students' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invite Students' })).toBeVisible();
  // The forms a line may take are shown under the box, and what is pasted is read as the server will read it.
  await expect(page.getByRole('list', { name: 'Accepted formats' }).getByText('Omar Haddad <omar@school.test>')).toBeVisible();
  const other = uniqueEmail('pasted');
  const box = page.getByLabel('E-mail addresses');
  await box.fill(`Grace Hopper <${email}>\n${other};Jin;Park\nnot-an-address`);
  const preview = page.getByRole('region', { name: 'Preview of the list' });
  await expect(preview.getByText('2 people ready to invite, 1 row left out')).toBeVisible();
  await expect(preview.getByRole('listitem').filter({ hasText: email })).toHaveText(`Row 1: ${email} · Grace Hopper`);
  await expect(preview.getByRole('listitem').filter({ hasText: other })).toHaveText(`Row 2: ${other} · Jin Park`);
  await expect(preview.getByText('Row 3: No e-mail address on this line: "not-an-address".')).toBeVisible();
  await page.getByRole('checkbox', { name: course.title }).check();
  await atEveryLook(page, async ({ width, theme }) => {
    await box.scrollIntoViewIfNeeded();
    await lookAt(page, 'invitations', `preview-${width}-${theme}`);
    await expectAccessible(page, `invitations preview ${width} ${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Send Invitations' }).click();
  const results = page.getByRole('list', { name: 'A line per row of the list' });
  await expect(results.getByText(`Row 1: ${email}: Invited.`)).toBeVisible();
  await expect(results.getByText('Row 3: (no address): Not sent.')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Invitation sent', { exact: true })).toBeVisible();

  // The corrected list sent again: the people invited already are listed as such and not mailed again, unless asked.
  await box.fill(`${other} Jin Park\n${email}, Grace Hopper`);
  await page.getByRole('button', { name: 'Send Invitations' }).click();
  await expect(results.getByText(`Row 1: ${other}: Already invited.`)).toBeVisible();
  await expect(results.getByText(`Row 2: ${email}: Already invited.`)).toBeVisible();
  // The toast goes first: the test switches the theme under it, which the app's toaster does not follow.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await atEveryLook(page, async ({ width, theme }) => {
    await page.getByRole('region', { name: 'Results' }).scrollIntoViewIfNeeded();
    await lookAt(page, 'invitations', `results-${width}-${theme}`);
    await expectAccessible(page, `invitations ${width} ${theme}`);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await results.getByRole('button', { name: `Send again to ${other}` }).click();
  await expect(results.getByText(`Row 1: ${other}: Sent again.`)).toBeVisible();
  await expect(results.getByRole('button', { name: `Send again to ${other}` })).toHaveCount(0);

  // The invited person, in a browser of their own, follows the mailed link.
  const link = await invitationLink(email, since);
  const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const invited = await visitor.newPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { level: 1, name: /Join/ })).toBeVisible();
  await expect(invited.getByLabel('First Name')).toHaveValue('Grace');
  await expect(invited.getByLabel('Last Name')).toHaveValue('Hopper');
  await expect(invited.getByText(course.title)).toBeVisible();
  await atEveryLook(invited, async ({ width, theme }) => expectAccessible(invited, `accept invitation ${width} ${theme}`));
  await invited.setViewportSize({ width: 1280, height: 800 });
  // A name left empty is said under its field.
  const lastName = invited.getByLabel('Last Name');
  await lastName.fill('');
  await invited.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toHaveAccessibleDescription('Please enter your last name.');
  await expect(lastName).toBeFocused();
  await lastName.fill('Hopper');
  await invited.getByRole('button', { name: 'Accept Invitation' }).click();
  // Approved at once: the dashboard with the course, no pending screen.
  await expect(invited).toHaveURL(/\/student\/dashboard/);
  await expect(invited.getByText(course.title).first()).toBeVisible();
  // A first visit: welcomed, as the dashboard says, not welcomed back.
  await expect(invited.locator('[data-sonner-toast]').filter({ hasText: 'Welcome!' })).toBeVisible();
  await expect(invited.getByText(/Welcome back/i)).toHaveCount(0);

  // The link works once.
  const again = await visitor.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1, name: 'Invitation unavailable' })).toBeVisible();
  await expect(again.getByText('This invitation has been used already.', { exact: false })).toBeVisible();
  await atEveryLook(again, async ({ width, theme }) => expectAccessible(again, `used invitation ${width} ${theme}`));
  await visitor.close();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: email }).getByText('Accepted', { exact: true })).toBeVisible();
});

test('the tutor turns a notification off and edits the reminder text; the settings screen is accessible', async ({ page, context }) => {
  await adminSession(context);
  await page.goto('/admin/students');
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const summary = page.getByRole('switch', { name: 'Weekly summary' });
  await expect(summary).toBeChecked();
  await atEveryLook(page, async ({ width, theme }) => expectAccessible(page, `notifications ${width} ${theme}`));

  await summary.click();
  const text = page.getByLabel('Reminder Text');
  const original = await text.inputValue();
  await text.fill(`${original} See you soon.`);
  await page.getByRole('button', { name: 'Save Notifications' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Notifications saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Weekly summary' })).not.toBeChecked();
  await expect(page.getByLabel('Reminder Text')).toHaveValue(`${original} See you soon.`);

  // Put things back for the other tests on this server.
  await page.getByRole('switch', { name: 'Weekly summary' }).click();
  await page.getByLabel('Reminder Text').fill(original);
  await page.getByRole('button', { name: 'Save Notifications' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Notifications saved' }).first()).toBeVisible();
});

test('a reminder sent by the tutor carries a one-click link that turns reminders off without sign-in', async ({
  page,
  browser,
  playwright,
}) => {
  const admin = await adminRequest(playwright);
  // A course with lessons, so the student has something left to study.
  const courses = (await (await admin.get('/api/admin/courses')).json()) as {
    courses: { id: string; title: string; isPublished: boolean }[];
  };
  const course = courses.courses.find((c) => c.isPublished && /C Programming/.test(c.title))!;
  const student = await enrolledStudent(page.request, admin, course.id, 'Nudged');
  const since = new Date();
  const nudged = await admin.post('/api/admin/notifications/nudge', { data: { studentIds: [student.id] } });
  expect(nudged.status(), await nudged.text()).toBe(200);
  expect((await nudged.json()).reminded).toBe(1);
  const mail = await waitForMail(student.email, { since, test: (m) => /are waiting/.test(m.raw) });
  expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  const link = mail.raw.replace(/=\r?\n/g, '').match(/\/unsubscribe\/[A-Za-z0-9_-]+/)![0];

  const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const optOut = await visitor.newPage();
  await optOut.goto(link);
  await expect(optOut.getByRole('heading', { level: 1, name: 'Reminders turned off' })).toBeVisible();
  await atEveryLook(optOut, async ({ width, theme }) => expectAccessible(optOut, `unsubscribed ${width} ${theme}`));
  await visitor.close();
  // Reminded now and opted out: a second nudge skips them and says why.
  const again = await admin.post('/api/admin/notifications/nudge', { data: { studentIds: [student.id] } });
  expect((await again.json()).results[0].message).toBe('Turned reminders off');
});
