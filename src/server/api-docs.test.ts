import { describe, expect, it } from 'vitest';
import { createTestApp } from '@test-support/test-app';
import { ADMIN, createUser } from '@test-support/fixtures/users-and-courses';

// The API description: the page, its JSON and YAML, and the files of the page.
const docs = ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js'];

describe('/api/docs', () => {
  it('in production, only for the admin: 401 signed out, 403 for a student', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', ADMIN_EMAIL: ADMIN, APP_URL: 'https://tutor.example', SMTP_URL: 'smtp://mail.example:587' },
    });
    // In production the session cookie has the __Host- prefix.
    const signIn = async (email: string) => {
      await t.app.inject({ method: 'POST', url: '/api/auth/code', payload: { email, purpose: 'login' } });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, code: t.lastCodeFor(email) } });
      const cookie = res.cookies.find((c) => c.name === '__Host-sid');
      expect(cookie, res.body).toBeDefined();
      return `__Host-sid=${cookie!.value}`;
    };
    // A production start seeds only the admin.
    await createUser(t.db, 'docs.student@example.com');
    await createUser(t.db, 'docs.pending@example.com', { approvalStatus: 'pending' });
    const admin = await signIn(ADMIN);
    const student = await signIn('docs.student@example.com');
    const pending = await signIn('docs.pending@example.com');
    for (const url of docs) {
      const get = (cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect((await get()).statusCode, url).toBe(401);
      expect((await get(student)).statusCode, url).toBe(403);
      expect((await get(pending)).statusCode, url).toBe(403);
      expect((await get(admin)).statusCode, url).toBe(200);
    }
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: admin } });
    expect(json.json()).toMatchObject({
      openapi: expect.any(String),
      paths: expect.objectContaining({ '/api/health': expect.anything() }),
    });
  });

  it('in development, open to anyone as before', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development' }, seed: false });
    for (const url of docs) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });
});
