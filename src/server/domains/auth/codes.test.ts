import crypto from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { createTestDatabase } from '@test-support/test-db';
import { codeMailedTo, countSessionsOf, freshIp, HOUR, login, MINUTE, requestCode, rows, scalar, testClock } from '@test-support/http';
import { buildApp } from '../../app';
import { seed } from '../../seed/seed';
import { loadEnv } from '../../platform/env';
import type { MailMessage } from '../../platform/mail/transport';
import { newNumericCode } from '../../platform/tokens';

const ALICE = 'alice.student@example.com'; // an approved test student of the seed
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** Makes the code generator return these numbers, one per code, in order. */
function forceCodes(...values: number[]) {
  const spy = vi.spyOn(crypto, 'randomInt');
  for (const v of values) spy.mockImplementationOnce((() => v) as never);
  return spy;
}

afterEach(() => {
  vi.restoreAllMocks();
});

type CodeRow = {
  email: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  consumed_at: Date | null;
  expires_at: Date;
  created_at: Date;
};
const codeRows = (ctx: TestContext, email: string) =>
  rows<CodeRow>(ctx.pool, 'select * from verification_codes where email = $1 order by created_at, id', [email]);

describe('code generation', () => {
  it('makes 6-digit codes with crypto.randomInt over the whole range, never Math.random', () => {
    const randomInt = vi.spyOn(crypto, 'randomInt');
    const mathRandom = vi.spyOn(Math, 'random');
    const codes = Array.from({ length: 200 }, () => newNumericCode(6));
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
    expect(randomInt).toHaveBeenCalledTimes(200);
    expect(randomInt).toHaveBeenCalledWith(0, 1_000_000);
    expect(mathRandom).not.toHaveBeenCalled();
  });

  it('zero-pads small numbers to six digits', () => {
    forceCodes(42, 0);
    expect(newNumericCode(6)).toBe('000042');
    expect(newNumericCode(6)).toBe('000000');
  });
});

describe('POST /api/auth/code and the stored code', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });

  it('answers 202 for any well-formed address, mails a 6-digit code and stores only a keyed hash of it', async () => {
    const randomInt = vi.spyOn(crypto, 'randomInt');
    const res = await requestCode(ctx.app, ALICE);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(randomInt).toHaveBeenCalledWith(0, 1_000_000);

    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    expect(code).toMatch(/^\d{6}$/);
    const mail = ctx.mailer.sent.at(-1)!;
    expect(mail.to).toEqual([ALICE]);
    expect(mail.text).toContain(code);

    const [row] = await codeRows(ctx, ALICE);
    expect(row).toBeDefined();
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).not.toBe(sha256(code));
    expect(row!.code_hash).not.toBe(sha256(`login:${ALICE}:${code}`));
    expect(row!.code_hash).not.toBe(sha256(`${ALICE}:${code}`));
    expect(row!.attempts).toBe(0);
    expect(row!.consumed_at).toBeNull();
    // valid for 10 minutes
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(10 * MINUTE);
    // the key was made once and kept in the database, so every instance shares it
    expect(await scalar(ctx.pool, "select count(*)::int from app_secrets where name = 'code-hmac'")).toBe(1);
  });

  it('answers 202 for an unknown address too (no account is revealed), and lowercases the address', async () => {
    const res = await requestCode(ctx.app, '  Nobody.Here@Example.COM ');
    expect(res.statusCode).toBe(202);
    expect(codeMailedTo(ctx.mailer.sent, 'nobody.here@example.com')).toMatch(/^\d{6}$/);
    expect(await codeRows(ctx, 'nobody.here@example.com')).toHaveLength(1);
    expect(await scalar(ctx.pool, "select count(*)::int from users where email = 'nobody.here@example.com'")).toBe(0);
  });
});

describe('the hash is keyed', () => {
  it('the same code gives different hashes under different secrets, the same under one secret', async () => {
    const hashes: string[] = [];
    for (const secret of ['a'.repeat(32), 'b'.repeat(32), 'a'.repeat(32)]) {
      const ctx = await createTestApp({ env: { APP_SECRET: secret } });
      forceCodes(123_456);
      expect((await requestCode(ctx.app, ALICE)).statusCode).toBe(202);
      expect(codeMailedTo(ctx.mailer.sent, ALICE)).toBe('123456');
      const [row] = await codeRows(ctx, ALICE);
      hashes.push(row!.code_hash);
      expect(row!.code_hash).not.toBe(sha256('123456'));
      // with APP_SECRET set, no key is created in the database
      expect(await scalar(ctx.pool, "select count(*)::int from app_secrets where name = 'code-hmac'")).toBe(0);
    }
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(hashes[0]).toBe(hashes[2]);
  });
});

describe('verifying a code', () => {
  const clock = testClock();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ now: clock.now });
  });
  // each test starts in a fresh hour, so the per-address pace (5 codes an hour on request) is not what is tested here
  beforeEach(() => clock.advance(HOUR + 1000));

  it('a code with leading zeros works', async () => {
    forceCodes(7);
    await requestCode(ctx.app, ALICE);
    expect(codeMailedTo(ctx.mailer.sent, ALICE)).toBe('000007');
    const res = await login(ctx.app, ALICE, '000007');
    expect(res.statusCode).toBe(200);
  });

  it('is valid for 10 minutes: just before the end it works', async () => {
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    clock.advance(10 * MINUTE - 1000);
    const res = await login(ctx.app, ALICE, code);
    expect(res.statusCode).toBe(200);
  });

  it('an expired code is refused with "This code has expired..." and no session is made', async () => {
    const sessionsBefore = await countSessionsOf(ctx.pool, ALICE);
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    clock.advance(10 * MINUTE + 1000);
    const res = await login(ctx.app, ALICE, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INVALID_CODE',
      message: 'This code has expired. Please request a new one.',
    });
    expect(res.cookies).toHaveLength(0);
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(sessionsBefore);
  });

  it('a wrong code is refused with "Invalid verification code..." and the try is counted', async () => {
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    const res = await login(ctx.app, ALICE, otherThan(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'INVALID_CODE', message: 'Invalid verification code. Please try again.', title: 'Verification Failed' },
    });
    const latest = (await codeRows(ctx, ALICE)).at(-1)!;
    expect(latest.attempts).toBe(1);
    expect(latest.consumed_at).toBeNull();
  });

  it('is void after 5 wrong tries: the right code on the 6th try fails', async () => {
    const sessionsBefore = await countSessionsOf(ctx.pool, ALICE);
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    for (let i = 1; i <= 5; i++) {
      const res = await login(ctx.app, ALICE, otherThan(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CODE');
      expect(res.json().error.message).toBe(
        i < 5 ? 'Invalid verification code. Please try again.' : 'Too many wrong attempts. Please request a new code.',
      );
    }
    expect((await codeRows(ctx, ALICE)).at(-1)!.attempts).toBe(5);
    const sixth = await login(ctx.app, ALICE, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error).toMatchObject({ code: 'INVALID_CODE', message: 'Too many wrong attempts. Please request a new code.' });
    expect((await codeRows(ctx, ALICE)).at(-1)!.attempts).toBe(5);
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(sessionsBefore);
  });

  it('the right code on the 5th try (after 4 wrong ones) works', async () => {
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    for (let i = 0; i < 4; i++) expect((await login(ctx.app, ALICE, otherThan(code))).statusCode).toBe(400);
    const res = await login(ctx.app, ALICE, code);
    expect(res.statusCode).toBe(200);
    const latest = (await codeRows(ctx, ALICE)).at(-1)!;
    expect(latest.attempts).toBe(5);
    expect(latest.consumed_at).not.toBeNull();
  });

  it('is single use: using it again fails', async () => {
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    expect((await login(ctx.app, ALICE, code)).statusCode).toBe(200);
    const sessionsAfterFirst = await countSessionsOf(ctx.pool, ALICE);
    const again = await login(ctx.app, ALICE, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid verification code. Please try again.' });
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(sessionsAfterFirst);
  });

  it('a new code leaves the earlier, unexpired one valid: a stranger asking again cannot spoil the code the owner is typing', async () => {
    forceCodes(111_111, 222_222);
    await requestCode(ctx.app, ALICE);
    clock.advance(1000);
    await requestCode(ctx.app, ALICE);
    const rowsNow = await codeRows(ctx, ALICE);
    expect(rowsNow.filter((r) => r.consumed_at === null && r.expires_at > clock.now())).toHaveLength(2);
    expect((await login(ctx.app, ALICE, '111111')).statusCode).toBe(200);
  });

  it('a wrong guess counts against every valid code of the address', async () => {
    forceCodes(111_111, 222_222);
    await requestCode(ctx.app, ALICE);
    await requestCode(ctx.app, ALICE);
    expect((await login(ctx.app, ALICE, '333333')).statusCode).toBe(400);
    const live = (await codeRows(ctx, ALICE)).filter((r) => r.consumed_at === null && r.expires_at > clock.now());
    expect(live.map((r) => r.attempts)).toEqual([1, 1]);
    expect((await login(ctx.app, ALICE, '222222')).statusCode).toBe(200);
  });

  it('a code is for one address and one purpose only', async () => {
    await requestCode(ctx.app, ALICE, { purpose: 'register' });
    const registerCode = codeMailedTo(ctx.mailer.sent, ALICE)!;
    const res = await login(ctx.app, ALICE, registerCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CODE');

    await requestCode(ctx.app, 'bob.student@example.com');
    const bobCode = codeMailedTo(ctx.mailer.sent, 'bob.student@example.com')!;
    const cross = await login(ctx.app, ALICE, bobCode);
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.code).toBe('INVALID_CODE');
  });

  it('a code is refused when none was ever sent', async () => {
    const res = await login(ctx.app, 'never.asked@example.com', '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CODE');
  });

  it('the address is matched case-insensitively and trimmed', async () => {
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    const res = await login(ctx.app, '  Alice.Student@EXAMPLE.com ', ` ${code} `);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(ALICE);
  });

  it('concurrent tries of the right code: exactly one wins', async () => {
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    const before = await countSessionsOf(ctx.pool, ALICE);
    const results = await Promise.all(Array.from({ length: 5 }, () => login(ctx.app, ALICE, code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(before + 1);
  });

  it('concurrent wrong tries never count past 5, and the right code fails afterwards', async () => {
    await requestCode(ctx.app, ALICE);
    const code = codeMailedTo(ctx.mailer.sent, ALICE)!;
    const results = await Promise.all(Array.from({ length: 9 }, () => login(ctx.app, ALICE, otherThan(code))));
    for (const r of results) expect(r.statusCode).toBe(400);
    expect((await codeRows(ctx, ALICE)).at(-1)!.attempts).toBe(5);
    expect((await login(ctx.app, ALICE, code)).statusCode).toBe(400);
  });
});

describe('send limits', () => {
  it('an address gets 5 codes on request in an hour, then one every 10 minutes, never none: a refusal says the last code still works', async () => {
    const clock = testClock();
    const ctx = await createTestApp({ now: clock.now });
    const email = 'limit.me@example.com';
    for (let i = 0; i < 5; i++) {
      clock.advance(MINUTE);
      expect((await requestCode(ctx.app, email)).statusCode).toBe(202);
    }
    const mailsBefore = ctx.mailer.sent.length;

    const sixth = await requestCode(ctx.app, i2u(email));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(sixth.json().error.message).toMatch(/a few minutes ago and still works: please check your inbox/);
    expect(ctx.mailer.sent).toHaveLength(mailsBefore);
    expect(await codeRows(ctx, email)).toHaveLength(5);
    // ... and the code it points to does work
    expect((await login(ctx.app, email, codeMailedTo(ctx.mailer.sent, email)!)).json().error.code).toBe('USER_NOT_FOUND');

    // other addresses are not affected
    expect((await requestCode(ctx.app, 'someone.else@example.com')).statusCode).toBe(202);

    // ten minutes after the last send (the life of its code), one more
    clock.advance(10 * MINUTE - 1000);
    expect((await requestCode(ctx.app, email)).statusCode).toBe(429);
    clock.advance(1000);
    expect((await requestCode(ctx.app, email)).statusCode).toBe(202);
    expect((await requestCode(ctx.app, email)).statusCode).toBe(429);
    clock.advance(10 * MINUTE);
    expect((await requestCode(ctx.app, email)).statusCode).toBe(202);
    expect(ctx.mailer.sent.length).toBe(mailsBefore + 3);
  });

  it('sending to one address concurrently still stops at 5', async () => {
    const ctx = await createTestApp();
    const results = await Promise.all(Array.from({ length: 8 }, () => requestCode(ctx.app, 'burst@example.com')));
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect(ctx.mailer.sent.filter((m) => m.to.includes('burst@example.com'))).toHaveLength(5);
  });

  it('20 an hour per client: the 21st from one client is refused with 429, other clients are not', async () => {
    const clock = testClock();
    const ctx = await createTestApp({ now: clock.now });
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await requestCode(ctx.app, `client-${i}@example.com`, { ip })).statusCode).toBe(202);
    }
    const mailsBefore = ctx.mailer.sent.length;
    const res = await requestCode(ctx.app, 'client-20@example.com', { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many codes were requested from this network. Please wait up to an hour and try again.',
    });
    expect(ctx.mailer.sent).toHaveLength(mailsBefore);
    expect(await codeRows(ctx, 'client-20@example.com')).toHaveLength(0);

    expect((await requestCode(ctx.app, 'client-20@example.com', { ip: freshIp() })).statusCode).toBe(202);
    clock.advance(HOUR + 1000);
    expect((await requestCode(ctx.app, 'client-21@example.com', { ip })).statusCode).toBe(202);
  });
});

describe('a failing mailer', () => {
  it('answers 502 MAIL_FAILED "Please check your email address..."; the undelivered code is dropped and the earlier delivered one still works', async () => {
    const database = await createTestDatabase();
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', LOG_LEVEL: 'silent' });
    await seed(database.db, { adminEmail: env.adminEmail, isProduction: false });
    const attempted: MailMessage[] = [];
    let failing = false;
    const app = await buildApp({
      env,
      db: database.db,
      mailer: {
        send: async (m) => {
          attempted.push(m);
          if (failing) throw new Error('smtp down');
        },
      },
    });
    try {
      // a first code goes out; then the mail server fails for the next one
      expect((await requestCode(app, ALICE)).statusCode).toBe(202);
      const delivered = codeMailedTo(attempted, ALICE)!;
      failing = true;
      const res = await requestCode(app, ALICE);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: { code: 'MAIL_FAILED', message: 'Please check your email address and try again.', title: 'Failed to Send Code' },
      });
      const undelivered = codeMailedTo(attempted, ALICE)!;
      // the failed send takes no place in the address's pace: nothing arrived to be told about
      expect(await scalar(database.pool, "select count(*)::int from rate_limit_hits where bucket = 'code-address'")).toBe(1);
      expect(undelivered).toMatch(/^\d{6}$/);
      // only the code that reached the user is left, and it still works
      const usable = await scalar(database.pool, 'select count(*)::int from verification_codes where email = $1 and consumed_at is null', [
        ALICE,
      ]);
      expect(usable).toBe(1);
      failing = false;
      if (undelivered !== delivered) {
        const tryIt = await login(app, ALICE, undelivered);
        expect(tryIt.statusCode).toBe(400);
        expect(tryIt.json().error.code).toBe('INVALID_CODE');
        expect(await countSessionsOf(database.pool, ALICE)).toBe(0);
      }
      const withDelivered = await login(app, ALICE, delivered);
      expect(withDelivered.statusCode).toBe(200);
      expect(await countSessionsOf(database.pool, ALICE)).toBe(1);
    } finally {
      await app.close();
    }
  });
});

/** The same address in another letter case: limits are per address, whatever the case. */
function i2u(email: string) {
  return email.toUpperCase();
}
