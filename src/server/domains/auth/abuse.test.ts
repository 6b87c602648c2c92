import { describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { codeMailedTo, HOUR, login, MINUTE, requestCode, scalar, testClock } from '@test-support/http';
import { clientKey } from '../../platform/http/client-key';

const ADMIN = 'admin@example.com';
const ALICE = 'alice.student@example.com';

/** Signs in through the code flow and returns the browser's cookies (session and known-browser mark). */
async function signInBrowser(ctx: TestContext, email: string): Promise<string> {
  expect((await requestCode(ctx.app, email)).statusCode).toBe(202);
  const res = await login(ctx.app, email, codeMailedTo(ctx.mailer.sent, email)!);
  expect(res.statusCode).toBe(200);
  const known = res.cookies.find((c) => c.name === 'known');
  expect(known?.httpOnly).toBe(true);
  return `known=${known!.value}`;
}

const wrongFor = (code: string | undefined) => (code === '000000' ? '111111' : '000000');
const lockMails = (ctx: TestContext, email: string) => ctx.mailer.sent.filter((m) => m.to.includes(email) && /paused/.test(m.subject));

describe('sign-in abuse', () => {
  it('a client whose own limit is used up cannot use up anyone else’s: refused requests record nothing', async () => {
    const ctx = await createTestApp();
    const attacker = '203.0.113.7';
    for (let i = 0; i < 20; i++) expect((await requestCode(ctx.app, `junk${i}@example.com`, { ip: attacker })).statusCode).toBe(202);
    const hitsBefore = await scalar(ctx.pool, 'select count(*)::int from rate_limit_hits');
    for (let i = 0; i < 5; i++) {
      const res = await requestCode(ctx.app, ADMIN, { ip: attacker });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toMatch(/from this network/);
    }
    expect(await scalar(ctx.pool, 'select count(*)::int from rate_limit_hits')).toBe(hitsBefore);
    // The tutor, elsewhere, still gets a code.
    expect((await requestCode(ctx.app, ADMIN, { ip: '198.51.100.1' })).statusCode).toBe(202);
  });

  it('35 requests for the tutor’s address from seven networks do not lock the tutor out: a code that works is always in the mailbox', async () => {
    const ctx = await createTestApp();
    for (let c = 0; c < 7; c++) {
      for (let i = 0; i < 5; i++) await requestCode(ctx.app, ADMIN, { ip: `203.0.113.${c + 1}` });
    }
    // The tutor, from a new network, is told to look in the mailbox, and the newest code there works.
    const asked = await requestCode(ctx.app, ADMIN, { ip: '198.51.100.2' });
    expect(asked.statusCode).toBe(429);
    expect(asked.json().error.message).toMatch(/still works/);
    expect((await login(ctx.app, ADMIN, codeMailedTo(ctx.mailer.sent, ADMIN)!)).statusCode).toBe(200);
  });

  it('registration codes asked for an address do not use up the sign-in codes it may get', async () => {
    const ctx = await createTestApp();
    for (let i = 0; i < 8; i++) await requestCode(ctx.app, ADMIN, { purpose: 'register', ip: `203.0.113.${i + 1}` });
    // The tutor asks for a sign-in code: it is sent, and it works.
    expect((await requestCode(ctx.app, ADMIN, { ip: '198.51.100.3' })).statusCode).toBe(202);
    expect((await login(ctx.app, ADMIN, codeMailedTo(ctx.mailer.sent, ADMIN)!)).statusCode).toBe(200);
  });

  it('a browser that signed in before gets its code at once whatever strangers did, and strangers cannot spend its code', async () => {
    const ctx = await createTestApp();
    const browser = await signInBrowser(ctx, ALICE);
    for (let i = 0; i < 12; i++) await requestCode(ctx.app, ALICE, { ip: `203.0.113.${i + 1}` });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      headers: { cookie: browser },
      payload: { email: ALICE, purpose: 'login' },
    });
    expect(res.statusCode).toBe(202);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    // Strangers' wrong guesses do not void it, and without this browser's mark even the right code fails.
    for (let i = 0; i < 12; i++) await login(ctx.app, ALICE, wrongFor(code));
    expect((await login(ctx.app, ALICE, code)).statusCode).toBe(400);
    expect((await login(ctx.app, ALICE, code, { cookie: browser })).statusCode).toBe(200);
    // A mark made for another address is worth nothing here.
    const bob = await signInBrowser(ctx, 'bob.student@example.com');
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      headers: { cookie: bob },
      payload: { email: ALICE, purpose: 'login' },
    });
    expect(other.statusCode).toBe(429);
    // A forged mark neither.
    const forged = browser.replace(/.$/, (ch) => (ch === 'a' ? 'b' : 'a'));
    const withForged = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      headers: { cookie: forged },
      payload: { email: ALICE, purpose: 'login' },
    });
    expect(withForged.statusCode).toBe(429);
  });

  it('strangers can cause at most 10 code mails an hour to one address (then 6 an hour), however many networks they use', async () => {
    const clock = testClock();
    const ctx = await createTestApp({ now: clock.now });
    const mailsTo = () => ctx.mailer.sent.filter((m) => m.to.includes(ALICE)).length;
    let ip = 0;
    for (let minute = 0; minute < 120; minute++) {
      for (let i = 0; i < 2; i++) await requestCode(ctx.app, ALICE, { ip: `192.0.2.${(ip++ % 250) + 1}` });
      if (minute === 59) expect(mailsTo()).toBe(10);
      clock.advance(MINUTE);
    }
    expect(mailsTo()).toBe(16);
  });

  it('behind an undeclared proxy (TRUST_PROXY=0, everyone arrives from one address) sign-ins do not stop after 20 an hour', async () => {
    const ctx = await createTestApp();
    const viaProxy = (email: string, client: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/code',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': client },
        payload: { email, purpose: 'login' },
      });
    for (let i = 0; i < 40; i++) expect((await viaProxy(`visitor${i}@example.com`, `198.51.100.${i + 1}`)).statusCode).toBe(202);
    // One visitor behind it still has the ordinary per-client allowance.
    for (let i = 0; i < 20; i++) expect((await viaProxy(`many${i}@example.com`, '203.0.113.50')).statusCode).toBe(202);
    expect((await viaProxy('one.more@example.com', '203.0.113.50')).statusCode).toBe(429);
  });

  it('wrong codes for one address from any number of networks pause it after 10: 429 for everyone but known browsers, one mail to the owner, 15 minutes then 30', async () => {
    const clock = testClock();
    const ctx = await createTestApp({ now: clock.now });
    const browser = await signInBrowser(ctx, ALICE);
    // Ten wrong codes need two codes (each is void after 5 tries).
    await requestCode(ctx.app, ALICE);
    for (let i = 0; i < 5; i++) expect((await login(ctx.app, ALICE, wrongFor(codeMailedTo(ctx.mailer.sent, ALICE)))).statusCode).toBe(400);
    await requestCode(ctx.app, ALICE);
    for (let i = 0; i < 4; i++) expect((await login(ctx.app, ALICE, wrongFor(codeMailedTo(ctx.mailer.sent, ALICE)))).statusCode).toBe(400);
    const tenth = await login(ctx.app, ALICE, wrongFor(codeMailedTo(ctx.mailer.sent, ALICE)));
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().error).toMatchObject({ code: 'RATE_LIMITED', title: 'Sign-in Paused' });
    expect(tenth.json().error.message).toMatch(/paused for 15 minutes/);
    expect(lockMails(ctx, ALICE)).toHaveLength(1);
    expect(lockMails(ctx, ALICE)[0]!.text).toMatch(/10 wrong sign-in codes/);

    // While paused: no code is sent, and even a right code is refused.
    const mails = ctx.mailer.sent.length;
    expect((await requestCode(ctx.app, ALICE)).statusCode).toBe(429);
    expect(ctx.mailer.sent).toHaveLength(mails);
    for (let i = 0; i < 5; i++) expect((await login(ctx.app, ALICE, '123123')).statusCode).toBe(429);
    expect(lockMails(ctx, ALICE)).toHaveLength(1);
    // The owner's usual browser is not paused.
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/code',
      headers: { cookie: browser },
      payload: { email: ALICE, purpose: 'login' },
    });
    expect(own.statusCode).toBe(202);
    expect((await login(ctx.app, ALICE, codeMailedTo(ctx.mailer.sent, ALICE)!, { cookie: browser })).statusCode).toBe(200);

    // After 15 minutes it opens again; the next 10 wrong codes pause it for 30, with one more mail.
    clock.advance(15 * MINUTE);
    for (let round = 0; round < 2; round++) {
      expect((await requestCode(ctx.app, ALICE)).statusCode).toBe(202);
      for (let i = 0; i < 5; i++) await login(ctx.app, ALICE, wrongFor(codeMailedTo(ctx.mailer.sent, ALICE)));
    }
    expect((await login(ctx.app, ALICE, '123123')).json().error.message).toMatch(/paused for 30 minutes/);
    expect(lockMails(ctx, ALICE)).toHaveLength(2);
    clock.advance(30 * MINUTE);
    expect((await requestCode(ctx.app, ALICE)).statusCode).toBe(202);
    expect((await login(ctx.app, ALICE, codeMailedTo(ctx.mailer.sent, ALICE)!)).statusCode).toBe(200);
    clock.advance(HOUR);
  });

  it('concurrent wrong codes start one pause and one mail', async () => {
    const ctx = await createTestApp();
    await requestCode(ctx.app, ALICE);
    for (let i = 0; i < 5; i++) await login(ctx.app, ALICE, wrongFor(codeMailedTo(ctx.mailer.sent, ALICE)));
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE);
    const answers = await Promise.all(Array.from({ length: 14 }, () => login(ctx.app, ALICE, wrongFor(code)).then((r) => r.statusCode)));
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(lockMails(ctx, ALICE)).toHaveLength(1);
  });

  it('the guards answer before the body is read: a signed-out caller with a broken body gets 401, not 400', async () => {
    const ctx = await createTestApp();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/courses',
      headers: { 'content-type': 'application/json' },
      payload: '{ not json',
    });
    expect(res.statusCode).toBe(401);
  });

  it('names with line breaks, control or text-direction characters are refused', async () => {
    const ctx = await createTestApp();
    for (const firstName of ['Eve\nBcc: victim@example.com', 'Eve\u202Egnp.exe', 'Eve\u0007']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { firstName, lastName: 'X', email: 'eve@example.com', code: '123456' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('First name contains characters that are not allowed.');
    }
  });
});

describe('clientKey', () => {
  it('keeps IPv4 addresses (also IPv4-mapped ones) and groups IPv6 by /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:abcd:12:1::1')).toBe('2001:db8:abcd:12::/64');
    expect(clientKey('2001:db8:abcd:12:ffff:ffff:ffff:ffff')).toBe('2001:db8:abcd:12::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
