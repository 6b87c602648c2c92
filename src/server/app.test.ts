import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { freshIp, scalar } from '@test-support/http';
import { apiErrorSchema } from '../common/errors';
import { buildApp } from './app';
import { openDatabase } from './platform/db/client';
import { loadEnv } from './platform/env';
import { memoryMailer } from './platform/mail/transport';

/** Bad requests: every answer has the one error shape, and nothing is written or sent. */
describe('bad request bodies', () => {
  let ctx: TestContext;
  let studentCookie: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    studentCookie = await ctx.signIn('alice.student@example.com');
  });

  const written = async () => ({
    users: await scalar<number>(ctx.pool, 'select count(*)::int from users'),
    codes: await scalar<number>(ctx.pool, 'select count(*)::int from verification_codes'),
    hits: await scalar<number>(ctx.pool, 'select count(*)::int from rate_limit_hits'),
    sessions: await scalar<number>(ctx.pool, 'select count(*)::int from sessions'),
    mails: ctx.mailer.sent.length,
  });

  // Signed in, so the guarded contact route gets as far as reading the body.
  const post = (url: string, payload: string, contentType = 'application/json') =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: freshIp(),
      headers: { 'content-type': contentType, cookie: studentCookie },
      payload,
    });

  it.each([
    ['/api/auth/code', {}, 400, 'Please enter your email address.'],
    ['/api/auth/code', { email: 42 }, 400, 'Please enter your email address.'],
    ['/api/auth/code', { email: null }, 400, 'Please enter your email address.'],
    ['/api/auth/code', { email: 'x'.repeat(250) + '@example.com' }, 400, 'That email address is too long.'],
    ['/api/auth/code', { email: 'a@example.com', purpose: 'admin' }, 400, undefined],
    ['/api/auth/code', { email: 'a@example.com', isAdmin: true }, 400, undefined],
    ['/api/auth/code', ['a@example.com'], 400, undefined],
    ['/api/auth/login', { email: 'alice.student@example.com' }, 400, 'Please enter the verification code.'],
    ['/api/auth/login', { email: 'alice.student@example.com', code: 123456 }, 400, 'Please enter the verification code.'],
    ['/api/auth/login', { email: 'alice.student@example.com', code: '1234567' }, 400, 'The code has 6 digits.'],
    ['/api/auth/login', { email: 'alice.student@example.com', code: '123456', role: 'admin' }, 400, undefined],
    [
      '/api/auth/register',
      { firstName: 'A', lastName: 'B', email: 'ab@example.com', code: '123456', approvalStatus: 'approved' },
      400,
      undefined,
    ],
    ['/api/auth/register', { firstName: ['A'], lastName: 'B', email: 'ab@example.com', code: '123456' }, 400, 'First name is required.'],
    ['/api/dev/login', {}, 400, 'Please enter your email address.'],
  ])('%s %j → %i', async (url, body, status, message) => {
    const before = await written();
    const res = await post(url, JSON.stringify(body));
    expect(res.statusCode).toBe(status);
    const parsed = apiErrorSchema.safeParse(res.json());
    expect(parsed.success).toBe(true);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toBeTruthy();
    if (message) expect(res.json().error.message).toBe(message);
    expect(await written()).toEqual(before);
  });

  it('names the unknown field', async () => {
    const res = await post('/api/auth/code', JSON.stringify({ email: 'a@example.com', sneaky: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('sneaky');
  });

  it('invalid JSON → 400 with the error shape, nothing written', async () => {
    const before = await written();
    const res = await post('/api/auth/code', '{"email": "a@example.com",');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(await written()).toEqual(before);
  });

  it('an empty JSON body → 400', async () => {
    const res = await post('/api/auth/login', '');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
  });

  it('a body over 1 MB → 413 with the error shape, nothing written', async () => {
    const before = await written();
    const big = JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(1024 * 1024) });
    for (const url of ['/api/auth/code', '/api/auth/register', '/api/contact']) {
      const res = await post(url, big);
      expect(res.statusCode).toBe(413);
      expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
      expect(res.json().error.message).toBeTruthy();
    }
    expect(await written()).toEqual(before);
  });

  it('a body that is not JSON → 415 with the error shape', async () => {
    const before = await written();
    const res = await post('/api/auth/code', 'email=a@example.com', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    expect(await written()).toEqual(before);
  });

  it('an unknown API path → 404 NOT_FOUND', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});

describe('database unavailable', () => {
  it('answers 503 SERVICE_UNAVAILABLE (not 500) when PostgreSQL cannot be reached', async () => {
    // Nothing listens on port 1; APP_SECRET set so the app starts without the database.
    const database = openDatabase('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', APP_SECRET: 's'.repeat(32) });
    const app = await buildApp({ env, db: database.db, mailer: memoryMailer() });
    try {
      const code = await app.inject({ method: 'POST', url: '/api/auth/code', payload: { email: 'a@example.com' } });
      expect(code.statusCode).toBe(503);
      expect(code.json().error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });

      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: 'sid=abc' } });
      expect(me.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
