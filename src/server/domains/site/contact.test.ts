import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { login, scalar, sessionCookieFrom } from '@test-support/http';

const ALICE = 'alice.student@example.com';
const CAROL = 'carol.pending@example.com';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/contact', () => {
  let ctx: TestContext;
  let alice: string;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { ADMIN_EMAIL: 'tutor@school.test' } });
    // the fixed development code signs a test student in without a mail
    alice = sessionCookieFrom(await login(ctx.app, ALICE, '123456'))!;
  });
  const send = (cookie: string | undefined, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/contact', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('signed out: 401 with the message asking to log in, before the body is looked at, and no mail', async () => {
    for (const body of [{ email: 'me@example.com', message: 'Hello' }, { email: '', message: '' }, {}]) {
      const res = await send(undefined, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Please log in to send a message.', title: 'Authentication Required' },
      });
    }
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it.each([
    [{ email: 'me@example.com', message: '' }, 'message'],
    [{ email: 'me@example.com', message: '   \n  ' }, 'message'],
    [{ email: 'me@example.com' }, 'message'],
  ])('a blank message: 400 "Please fill in both your email and message." and no mail (%j)', async (body, field) => {
    const res = await send(alice, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Please fill in both your email and message.', field });
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('a blank or invalid reply address: 400 and no mail', async () => {
    const blank = await send(alice, { email: '  ', message: 'Hello' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'email',
      message: 'Please fill in both your email and message.',
    });
    const invalid = await send(alice, { email: 'not-an-address', message: 'Hello' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'email',
      message: 'Please enter a valid email address.',
    });
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('an unknown field or an oversized message: 400 and no mail', async () => {
    expect((await send(alice, { email: 'me@example.com', message: 'Hi', to: 'victim@example.com' })).statusCode).toBe(400);
    const long = await send(alice, { email: 'me@example.com', message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('The message must be at most 5000 characters.');
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('success: 202, one mail to ADMIN_EMAIL with Reply-To set to the form’s address', async () => {
    const res = await send(alice, { email: ' Reply.Here@Example.COM ', message: '  Hello tutor,\nI have a <question>.  ' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(ctx.mailer.sent).toHaveLength(1);
    const mail = ctx.mailer.sent[0]!;
    expect(mail.to).toEqual(['tutor@school.test']);
    expect(mail.replyTo).toBe('reply.here@example.com');
    expect(mail.subject).toBe('Contact form: message from Alice Johnson');
    expect(mail.text).toContain('Hello tutor,\nI have a <question>.');
    expect(mail.text).toContain('reply.here@example.com');
    // user text is escaped in the HTML part
    expect(mail.html).toContain('&lt;question&gt;');
    expect(mail.html).not.toContain('<question>');
  });

  it('a pending student may send the form too', async () => {
    const carol = sessionCookieFrom(await login(ctx.app, CAROL, '123456'))!;
    const before = ctx.mailer.sent.length;
    const res = await send(carol, { email: CAROL, message: 'When will I be approved?' });
    expect(res.statusCode).toBe(202);
    expect(ctx.mailer.sent).toHaveLength(before + 1);
    expect(ctx.mailer.sent.at(-1)!.replyTo).toBe(CAROL);
  });

  it('a failing mailer: 502 MAIL_FAILED with the message to try again or write directly', async () => {
    vi.spyOn(ctx.mailer, 'send').mockRejectedValueOnce(new Error('smtp down'));
    const before = ctx.mailer.sent.length;
    const res = await send(alice, { email: 'me@example.com', message: 'Are you there?' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: {
        code: 'MAIL_FAILED',
        message: 'There was an error sending your message. Please try again or contact me directly.',
        title: 'Failed to Send Message',
      },
    });
    expect(ctx.mailer.sent).toHaveLength(before);
  });

  it('at most 10 messages an hour per user: the next one is 429 and not sent', async () => {
    const bob = sessionCookieFrom(await login(ctx.app, 'bob.student@example.com', '123456'))!;
    for (let i = 0; i < 10; i++) expect((await send(bob, { email: 'bob@example.com', message: `m${i}` })).statusCode).toBe(202);
    const before = ctx.mailer.sent.length;
    const res = await send(bob, { email: 'bob@example.com', message: 'one too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    expect(ctx.mailer.sent).toHaveLength(before);
    expect(await scalar(ctx.pool, "select count(*)::int from rate_limit_hits where bucket = 'contact'")).toBeGreaterThanOrEqual(10);
  });
});
