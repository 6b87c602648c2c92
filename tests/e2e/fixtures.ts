import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForCode } from '../support/mailbox';

export const ADMIN_EMAIL = 'admin@example.com';

let counter = 0;
/** An address no other test uses, so tests never share rows. */
export function uniqueEmail(prefix = 'student'): string {
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`.toLowerCase();
}

/** Signs `request` in through the real code flow (code read from the in-test SMTP server). */
export async function apiSignIn(request: APIRequestContext, email: string) {
  const since = new Date(Date.now() - 1000);
  const sent = await request.post('/api/auth/code', { data: { email, purpose: 'login' } });
  expect(sent.status(), await sent.text()).toBe(202);
  const code = await waitForCode(email, since);
  const res = await request.post('/api/auth/login', { data: { email, code } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Registers a pending student through the API. */
export async function apiRegister(request: APIRequestContext, details: { firstName: string; lastName: string; email: string }) {
  const since = new Date(Date.now() - 1000);
  const sent = await request.post('/api/auth/code', { data: { email: details.email, purpose: 'register' } });
  expect(sent.status(), await sent.text()).toBe(202);
  const code = await waitForCode(details.email, since);
  const res = await request.post('/api/auth/register', { data: { ...details, code } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).user as { id: string; email: string };
}

/** As the tutor, sets a student's approval status (until the students screen exists). */
export async function apiSetStatus(adminRequest: APIRequestContext, studentId: string, status: 'approved' | 'rejected') {
  const res = await adminRequest.patch(`/api/admin/students/${studentId}/status`, { data: { status } });
  expect(res.status(), await res.text()).toBe(200);
}

/** axe-core finds no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

/** Runs `check` at desktop (1280) and phone (390) widths. */
export async function atBothWidths(page: Page, check: (width: number) => Promise<void>) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await check(width);
  }
}
