import { expect, test, type Page } from '@playwright/test';
import { waitForCode, waitForMail } from '../support/mailbox';
import {
  adminRequest,
  apiRegister,
  apiSetStatus,
  apiSignIn,
  atEveryLook,
  expectAccessible,
  lookAt,
  uniqueEmail,
  videoCourse,
} from './fixtures';

const toast = (page: Page) => page.locator('[data-sonner-toast]');

test('a visitor registers, the tutor approves, the student signs in with the mailed code: welcomed, and welcomed back later', async ({
  page,
  playwright,
}) => {
  const email = uniqueEmail('reg');
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Reyes');
  await page.getByLabel('Email').fill(email);
  // Continue sends the code: the second step is the code, saying where it went.
  let since = new Date();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter Your Code' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Code', exact: true })).toHaveCount(0);
  const registrationCode = await waitForCode(email, since);
  await page.getByLabel('Verification Code').fill(registrationCode);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration Successful!', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Sign In' })).toBeVisible();

  // The tutor approves through the API until the students screen exists; the student is mailed.
  const admin = await adminRequest(playwright);
  const list = await (await admin.get('/api/admin/students')).json();
  const pending = list.pending.find((s: { email: string }) => s.email === email);
  expect(pending, 'the new student waits for approval').toBeTruthy();
  await apiSetStatus(admin, pending.id, 'approved');
  await waitForMail(email, { test: (m) => /has been approved/.test(m.raw) });

  // The first sign-in: welcomed, as the dashboard does, not welcomed back.
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const signIn = async () => {
    await page.getByLabel('Email').fill(email);
    since = new Date();
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Verification Code').fill(await waitForCode(email, since));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/student\/dashboard$/);
  };
  await signIn();
  await expect(toast(page).filter({ hasText: 'Welcome!' })).toBeVisible();
  await expect(page.getByText('Welcome, Dana.', { exact: true })).toBeVisible();
  await expect(page.getByText(/Welcome back/i)).toHaveCount(0);
  await expect(page.getByText('Dana Reyes').first()).toBeVisible();

  // Once something is begun, a later sign-in welcomes back.
  const { courseId, lessonIds } = await videoCourse(admin, `Welcome Back ${Date.now().toString(36)}`, 'One', ['First']);
  const enrolled = await admin.post(`/api/admin/students/${pending.id}/enrollments`, { data: { courseId } });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const started = await page.request.put(`/api/lessons/${lessonIds[0]}/progress`, { data: { status: 'in_progress' } });
  expect(started.status(), await started.text()).toBe(200);
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByText('Signed Out', { exact: true })).toBeVisible();
  await page.goto('/login');
  await signIn();
  await expect(toast(page).filter({ hasText: 'Welcome Back!' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByText('Signed Out', { exact: true })).toBeVisible();
  await page.goto('/student/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await admin.delete(`/api/admin/courses/${courseId}`);
});

test('registration says what is wrong under the fields, names its steps on a phone, and a wrong code is cleared', async ({ page }) => {
  const email = uniqueEmail('inline');
  await page.goto('/register');
  const first = page.getByLabel('First Name');
  const last = page.getByLabel('Last Name');
  const address = page.getByLabel('Email');
  await page.getByRole('button', { name: 'Continue' }).click();
  for (const [field, message] of [
    [first, 'Please enter your first name.'],
    [last, 'Please enter your last name.'],
    [address, 'Please enter your email address.'],
  ] as const) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(first).toBeFocused();
  await expect(toast(page).filter({ hasText: 'All Fields Required' })).toBeVisible();
  // Typing into a field takes its error away; an address without @ is said under it.
  await first.fill('Iris');
  await expect(first).not.toHaveAttribute('aria-invalid', 'true');
  await last.fill('Inline');
  await address.fill('iris.example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(address).toHaveAccessibleDescription('Please enter a valid email address.');
  await expect(address).toBeFocused();
  await expect(toast(page)).toHaveCount(0, { timeout: 15_000 });

  const steps = page.getByRole('list', { name: 'Registration progress' });
  await atEveryLook(page, async ({ width, theme }) => {
    // The step names stay on screen at a phone's width.
    for (const name of ['Details', 'Verify Email', 'Done']) await expect(steps.getByText(name, { exact: true })).toBeVisible();
    await lookAt(page, 'sign-in', `register-errors-${width}-${theme}`);
    await expectAccessible(page, `registration with errors ${width} ${theme}`);
  });

  await address.fill(email);
  const since = new Date();
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = page.getByLabel('Verification Code');
  await expect(code).toBeFocused();
  await waitForCode(email, since);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The wrong code is said under the field, which is emptied and focused for the next try.
  await expect(code).toHaveAccessibleDescription(/Invalid verification code\. Please try again\./);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveValue('');
  await expect(code).toBeFocused();
  await expect(toast(page).filter({ hasText: /Verification Failed|Invalid/ })).toHaveCount(0);
  await expect(toast(page)).toHaveCount(0, { timeout: 15_000 });
  await atEveryLook(page, async ({ width, theme }) => {
    await expect(steps.getByText('Verify Email', { exact: true })).toBeVisible();
    await lookAt(page, 'sign-in', `register-code-${width}-${theme}`);
    await expectAccessible(page, `registration code step ${width} ${theme}`);
  });
  await code.fill('1');
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');
});

test('a wrong code is refused with the spec message and the code field takes at most 6 characters', async ({ page }) => {
  const email = uniqueEmail('wrong');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const field = page.getByLabel('Verification Code');
  await field.fill('1234567');
  await expect(field).toHaveValue('123456');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Said under the field, which is emptied and focused for the next try.
  await expect(field).toHaveAccessibleDescription(/Invalid verification code\. Please try again\./);
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(toast(page)).toHaveCount(0, { timeout: 15_000 });
  await atEveryLook(page, async ({ width, theme }) => {
    await lookAt(page, 'sign-in', `login-code-error-${width}-${theme}`);
    await expectAccessible(page, `sign-in with a wrong code ${width} ${theme}`);
  });
  // Back to the desktop the page was opened at (the Dev Tools panel, open there, would cover the phone's buttons).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Back to Email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('an empty sign-in is said under the e-mail field', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Send Code' }).click();
  const field = page.getByLabel('Email');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Please enter your email address.');
  await expect(field).toBeFocused();
  await field.fill('x');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});

test('an unknown address is told it is not in the database, only after proving ownership', async ({ page }) => {
  const email = uniqueEmail('unknown');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  const since = new Date();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification Code').fill(await waitForCode(email, since));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('User not found in database. Please contact administrator.')).toBeVisible();
});

test('a pending student is sent home with a notice and sees the pending-approval screen', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const email = uniqueEmail('pending');
  await apiRegister(api, { firstName: 'Pat', lastName: 'Ng', email });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  const since = new Date();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification Code').fill(await waitForCode(email, since));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Account Pending Approval').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(
    page.getByText("Your account is waiting for administrator approval. You'll receive an email once your account is approved."),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed Out', { exact: true })).toBeVisible();
});

test('a revoked student is refused at sign-in and their open session ends at once', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const admin = await adminRequest(playwright);
  const email = uniqueEmail('revoked');
  const student = await apiRegister(api, { firstName: 'Rex', lastName: 'Stone', email });
  await apiSetStatus(admin, student.id, 'approved');
  await apiSignIn(page.request, email);
  await page.goto('/student/dashboard');
  await expect(page).toHaveURL(/\/student\/dashboard$/);

  await apiSetStatus(admin, student.id, 'rejected');
  await page.reload();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Email').fill(email);
  const since = new Date();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification Code').fill(await waitForCode(email, since));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Your account access has been revoked. Please contact the administrator.')).toBeVisible();
});

test('the Dev Tools panel signs in as a built-in test student', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in as Alice Johnson' }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await expect(page.getByText('Alice Johnson').first()).toBeVisible();
});
