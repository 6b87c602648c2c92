import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { sessions } from '../db/schema/index';
import { ADMIN, ALICE } from '@test-support/fixtures/users-and-courses';

let t: TestContext;
let alice: string;
let admin: string;
const APP = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: APP } });
  [alice, admin] = await Promise.all([t.signIn(ALICE), t.signIn(ADMIN)]);
});

const sessionCount = async () => (await t.db.select().from(sessions)).length;

describe('cross-site writes', () => {
  it('a form on another site cannot sign a student out: 403 with a message, the session lives on', async () => {
    const before = await sessionCount();
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://sub.localhost' },
      // A browser too old for Sec-Fetch-Site still names the page's origin.
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: alice, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.message).toBe('This request came from another site and was refused.');
    }
    // The router decodes an encoded path to the same route: it is checked too.
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { cookie: alice, 'sec-fetch-site': 'cross-site' },
    });
    expect(encoded.statusCode).toBe(403);
    expect(await sessionCount()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: alice } })).statusCode).toBe(200);
  });

  it('a cross-site write to an admin route changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/courses',
      headers: { cookie: admin, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload: { title: 'Planted by another site' },
    });
    expect(res.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/courses', headers: { cookie: admin } });
    expect(list.body).not.toContain('Planted by another site');
  });

  it("the app's own pages, and clients that are not browsers, may write", async () => {
    const own = [
      { 'sec-fetch-site': 'same-origin', origin: APP },
      { origin: APP },
      // Behind the address the request itself was sent to (APP_URL not yet set right).
      { origin: 'http://localhost:80' },
      {},
    ];
    for (const headers of own) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/courses',
        headers: { cookie: admin, host: 'localhost:80', ...headers },
        payload: { title: `Own page ${JSON.stringify(headers)}` },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('reads are never refused for their origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: alice, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a cross-site request for a sign-in code is refused too, and nothing is mailed', async () => {
    const mailed = t.mailer.sent.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: ALICE, purpose: 'login' },
    });
    expect(res.statusCode).toBe(403);
    expect(t.mailer.sent.length).toBe(mailed);
  });
});
