import { expect, test } from '@playwright/test';
import { waitForCode, waitForMail } from '../support/mailbox';
import { adminRequest, apiRegister, apiSetStatus, apiSignIn, uniqueEmail } from './fixtures';

test('a visitor registers, the tutor approves, the student signs in with the mailed code', async ({ page, playwright }) => {
  const email = uniqueEmail('reg');
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Reyes');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(email)).toBeVisible();
  let since = new Date();
  await page.getByRole('button', { name: 'Send Code' }).click();
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

  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  since = new Date();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification Code').fill(await waitForCode(email, since));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome Back!')).toBeVisible();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await expect(page.getByText('Dana Reyes').first()).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByText('Signed Out', { exact: true })).toBeVisible();
  await page.goto('/student/dashboard');
  await expect(page).toHaveURL(/\/login$/);
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
  await expect(page.getByText('Verification Failed')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
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
