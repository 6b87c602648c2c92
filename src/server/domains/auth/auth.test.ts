import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { createTestDatabase } from '@test-support/test-db';
import {
  codeMailedTo,
  countSessionsOf,
  DAY,
  get,
  HOUR,
  login,
  MINUTE,
  requestCode,
  rows,
  scalar,
  sessionCookieFrom,
  signInWithCode,
  testClock,
} from '@test-support/http';
import { buildApp } from '../../app';
import { seed } from '../../seed/seed';
import { loadEnv } from '../../platform/env';
import { memoryMailer } from '../../platform/mail/transport';
import { requireApproved } from '../../platform/http/guards';

const ADMIN = 'admin@example.com';
const ALICE = 'alice.student@example.com'; // approved test student
const CAROL = 'carol.pending@example.com'; // pending test student

type UserRowDb = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  approval_status: string;
  last_login_at: Date | null;
};
const userRow = async (ctx: { pool: TestContext['pool'] }, email: string) =>
  (await rows<UserRowDb>(ctx.pool, 'select * from users where email = $1', [email]))[0];

async function setStatus(ctx: TestContext, email: string, status: 'approved' | 'pending' | 'rejected') {
  await ctx.pool.query('update users set approval_status = $2 where email = $1', [email, status]);
}

const expectNoSessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  expect(res.cookies.filter((c) => c.value)).toHaveLength(0);

describe('sign-in outcomes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // a route behind requireApproved, as the learning routes will be
    ctx.app.get('/api/test/approved-only', { preValidation: requireApproved }, async () => ({ ok: true }));
  });

  it('the admin signs in as admin with a session', async () => {
    const { res, cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, ADMIN);
    expect(res.json()).toMatchObject({ user: { email: ADMIN, role: 'admin', approvalStatus: 'approved' }, viewMode: 'admin' });
    expect(res.json().user.lastLoginAt).not.toBeNull();
    expect(await countSessionsOf(ctx.pool, ADMIN)).toBe(1);
    const me = await get(ctx.app, '/api/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: ADMIN, role: 'admin' });
    expect((await get(ctx.app, '/api/admin/stats', cookie)).statusCode).toBe(200);
  });

  it('an approved student gets an httpOnly, SameSite=Lax, path=/ session cookie for 30 days', async () => {
    const { res, cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, ALICE);
    expect(res.json()).toMatchObject({
      user: {
        email: ALICE,
        role: 'student',
        approvalStatus: 'approved',
        firstName: 'Alice',
        lastName: 'Johnson',
        fullName: 'Alice Johnson',
      },
    });
    const c = res.cookies.find((x) => x.name === 'sid')!;
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Lax');
    expect(c.path).toBe('/');
    expect(c.secure).toBeFalsy();
    expect(c.maxAge).toBe(30 * 24 * 60 * 60);
    expect(c.value.length).toBeGreaterThanOrEqual(43); // 256 random bits
    // only a hash of the token is stored
    const stored = await scalar<number>(ctx.pool, 'select count(*)::int from sessions where token_hash = $1', [c.value]);
    expect(stored).toBe(0);
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(1);
    expect((await get(ctx.app, '/api/me', cookie)).json().user.email).toBe(ALICE);
    expect((await get(ctx.app, '/api/test/approved-only', cookie)).statusCode).toBe(200);
    expect((await userRow(ctx, ALICE))!.last_login_at).not.toBeNull();
  });

  it('a pending student gets 200 and a restricted session: admin and approved-only routes refuse it', async () => {
    const { res, cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, CAROL);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: CAROL, role: 'student', approvalStatus: 'pending' });
    expect(await countSessionsOf(ctx.pool, CAROL)).toBe(1);
    const me = await get(ctx.app, '/api/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.approvalStatus).toBe('pending');

    const stats = await get(ctx.app, '/api/admin/stats', cookie);
    expect(stats.statusCode).toBe(403);
    expect(stats.json().error.code).toBe('FORBIDDEN');
    const learning = await get(ctx.app, '/api/test/approved-only', cookie);
    expect(learning.statusCode).toBe(403);
    expect(learning.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Your account is waiting for administrator approval.' });
  });

  it('a rejected student is refused with 403 ACCESS_REVOKED and gets no session', async () => {
    await setStatus(ctx, 'bob.student@example.com', 'rejected');
    await requestCode(ctx.app, 'bob.student@example.com');
    const res = await login(ctx.app, 'bob.student@example.com', codeMailedTo(ctx.mailer.sent, 'bob.student@example.com')!);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 'ACCESS_REVOKED',
        message: 'Your account access has been revoked. Please contact the administrator.',
        title: 'Access Denied',
      },
    });
    expectNoSessionCookie(res);
    expect(await countSessionsOf(ctx.pool, 'bob.student@example.com')).toBe(0);
  });

  it('an unknown address with a valid code gets 404 USER_NOT_FOUND and no account is created', async () => {
    const email = 'stranger@example.com';
    const sessionsBefore = await scalar<number>(ctx.pool, 'select count(*)::int from sessions');
    expect((await requestCode(ctx.app, email)).statusCode).toBe(202);
    const res = await login(ctx.app, email, codeMailedTo(ctx.mailer.sent, email)!);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'USER_NOT_FOUND',
      message: 'User not found in database. Please contact administrator.',
    });
    expectNoSessionCookie(res);
    expect(await scalar(ctx.pool, 'select count(*)::int from users where email = $1', [email])).toBe(0);
    expect(await scalar(ctx.pool, 'select count(*)::int from sessions')).toBe(sessionsBefore);
  });

  it('a wrong code reveals nothing about the account (same answer for unknown and rejected addresses)', async () => {
    for (const email of ['stranger2@example.com', 'bob.student@example.com', ALICE]) {
      const res = await login(ctx.app, email, '999999');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CODE');
    }
  });
});

describe('registration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });

  async function register(body: Record<string, unknown>) {
    return ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  }
  async function registerCode(email: string) {
    expect((await requestCode(ctx.app, email, { purpose: 'register' })).statusCode).toBe(202);
    return codeMailedTo(ctx.mailer.sent, email.trim().toLowerCase())!;
  }
  const userCount = () => scalar<number>(ctx.pool, 'select count(*)::int from users');

  it('a verified code creates a pending student: names trimmed, address lowercased, no session', async () => {
    const code = await registerCode('Ada.Lovelace@Example.COM');
    const res = await register({ firstName: '  Ada ', lastName: ' Lovelace  ', email: ' Ada.Lovelace@Example.COM ', code });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: 'ada.lovelace@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      role: 'student',
      approvalStatus: 'pending',
    });
    expectNoSessionCookie(res);
    const row = await userRow(ctx, 'ada.lovelace@example.com');
    expect(row).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', role: 'student', approval_status: 'pending' });
    expect(await countSessionsOf(ctx.pool, 'ada.lovelace@example.com')).toBe(0);

    // and can now sign in, to the pending session
    const { res: signedIn } = await signInWithCode(ctx.app, ctx.mailer.sent, 'ada.lovelace@example.com');
    expect(signedIn.json().user.approvalStatus).toBe('pending');
  });

  it('an address that already has an account gets 409 ACCOUNT_EXISTS and still one row, unchanged', async () => {
    const before = await userCount();
    const code = await registerCode(ALICE);
    const res = await register({ firstName: 'Mallory', lastName: 'Evil', email: ALICE.toUpperCase(), code });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'ACCOUNT_EXISTS',
      message: 'An account with this email already exists. Please sign in instead.',
    });
    expect(await userCount()).toBe(before);
    expect(await userRow(ctx, ALICE)).toMatchObject({ first_name: 'Alice', last_name: 'Johnson', approval_status: 'approved' });
  });

  it('the admin address cannot register', async () => {
    const before = await userCount();
    const code = await registerCode(ADMIN);
    const res = await register({ firstName: 'Not', lastName: 'Admin', email: ADMIN, code });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ACCOUNT_EXISTS');
    expect(await userCount()).toBe(before);
    expect(await userRow(ctx, ADMIN)).toMatchObject({ role: 'admin', first_name: 'Course', last_name: 'Tutor' });
  });

  it('the admin address (ADMIN_EMAIL) cannot register even before it has a row', async () => {
    const fresh = await createTestApp({ seed: false, env: { ADMIN_EMAIL: 'boss@example.com' } });
    await requestCode(fresh.app, 'boss@example.com', { purpose: 'register' });
    const code = codeMailedTo(fresh.mailer.sent, 'boss@example.com')!;
    const res = await fresh.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Boss', lastName: 'Person', email: 'boss@example.com', code },
    });
    expect(res.statusCode).toBe(409);
    expect(await scalar(fresh.pool, 'select count(*)::int from users')).toBe(0);
  });

  it.each([
    [{ lastName: 'L', email: 'x1@example.com', code: '123456' }, 'First name is required.', 'firstName'],
    [{ firstName: '   ', lastName: 'L', email: 'x2@example.com', code: '123456' }, 'First name is required.', 'firstName'],
    [{ firstName: 'F', lastName: '', email: 'x3@example.com', code: '123456' }, 'Last name is required.', 'lastName'],
    [{ firstName: 'F', lastName: 'L', code: '123456' }, 'Please enter your email address.', 'email'],
    [{ firstName: 'F', lastName: 'L', email: '  ', code: '123456' }, 'Please enter your email address.', 'email'],
    [{ firstName: 'F', lastName: 'L', email: 'no-at-sign', code: '123456' }, 'Please enter a valid email address.', 'email'],
    [{ firstName: 'F', lastName: 'L', email: 'x4@example.com' }, 'Please enter the verification code.', 'code'],
    [{ firstName: 'F', lastName: 'L', email: 'x5@example.com', code: ' ' }, 'Please enter the verification code.', 'code'],
    [
      { firstName: 'F'.repeat(81), lastName: 'L', email: 'x6@example.com', code: '123456' },
      'First name must be at most 80 characters.',
      'firstName',
    ],
  ])('missing or blank fields get 400 with a message and write nothing: %j', async (body, message, field) => {
    const before = await userCount();
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message, field });
    expect(await userCount()).toBe(before);
  });

  it('a wrong code, or a code sent for sign-in, creates nothing', async () => {
    const before = await userCount();
    const code = await registerCode('grace@example.com');
    const wrong = await register({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_CODE');

    await requestCode(ctx.app, 'linus@example.com', { purpose: 'login' });
    const loginCode = codeMailedTo(ctx.mailer.sent, 'linus@example.com')!;
    const cross = await register({ firstName: 'Linus', lastName: 'T', email: 'linus@example.com', code: loginCode });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.code).toBe('INVALID_CODE');
    expect(await userCount()).toBe(before);
  });

  it('a body trying to set role or status is refused and writes nothing', async () => {
    const before = await userCount();
    const code = await registerCode('eve@example.com');
    const res = await register({
      firstName: 'Eve',
      lastName: 'X',
      email: 'eve@example.com',
      code,
      role: 'admin',
      approvalStatus: 'approved',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(await userCount()).toBe(before);
  });
});

describe('ADMIN_EMAIL is always the admin', () => {
  it('another ADMIN_EMAIL signs in as admin; the default address is then nobody', async () => {
    const ctx = await createTestApp({ env: { ADMIN_EMAIL: 'Tutor@School.Test' } });
    expect(ctx.env.adminEmail).toBe('tutor@school.test');
    const { res, cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, 'tutor@school.test');
    expect(res.json().user).toMatchObject({ email: 'tutor@school.test', role: 'admin', approvalStatus: 'approved' });
    expect((await get(ctx.app, '/api/admin/stats', cookie)).statusCode).toBe(200);

    await requestCode(ctx.app, ADMIN);
    const other = await login(ctx.app, ADMIN, codeMailedTo(ctx.mailer.sent, ADMIN)!);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('USER_NOT_FOUND');
  });

  it('signing in as ADMIN_EMAIL makes the admin row when there is none', async () => {
    const ctx = await createTestApp({ seed: false });
    const { res, cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, ADMIN);
    expect(res.json().user).toMatchObject({ email: ADMIN, role: 'admin', approvalStatus: 'approved' });
    expect(await userRow(ctx, ADMIN)).toMatchObject({ role: 'admin', approval_status: 'approved' });
    expect((await get(ctx.app, '/api/admin/stats', cookie)).statusCode).toBe(200);
  });

  it('signing in as ADMIN_EMAIL restores the admin even if the row was changed behind the API’s back', async () => {
    const ctx = await createTestApp();
    await ctx.pool.query("update users set role = 'student', approval_status = 'rejected' where email = $1", [ADMIN]);
    const { res, cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, ADMIN);
    expect(res.json().user).toMatchObject({ role: 'admin', approvalStatus: 'approved' });
    expect(await userRow(ctx, ADMIN)).toMatchObject({ role: 'admin', approval_status: 'approved' });
    expect((await get(ctx.app, '/api/admin/stats', cookie)).statusCode).toBe(200);
  });

  it('the ADMIN_EMAIL address is admin whatever the table says (even a rejected student row), and an old admin row is demoted', async () => {
    const database = await createTestDatabase();
    await seed(database.db, { adminEmail: ADMIN, isProduction: false });
    await database.pool.query(
      "insert into users (email, first_name, last_name, role, approval_status) values ('new.boss@example.com', 'New', 'Boss', 'student', 'rejected')",
    );
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', ADMIN_EMAIL: 'new.boss@example.com' });
    await seed(database.db, { adminEmail: env.adminEmail, isProduction: false });
    const mailer = memoryMailer();
    const app = await buildApp({ env, db: database.db, mailer });
    try {
      const { res, cookie } = await signInWithCode(app, mailer.sent, 'new.boss@example.com');
      expect(res.json().user).toMatchObject({ role: 'admin', approvalStatus: 'approved' });
      expect((await get(app, '/api/admin/stats', cookie)).statusCode).toBe(200);
      const admins = await rows<{ email: string }>(database.pool, "select email from users where role = 'admin'");
      expect(admins).toEqual([{ email: 'new.boss@example.com' }]);
      // the old admin is an ordinary student now: no admin routes
      const { res: old, cookie: oldCookie } = await signInWithCode(app, mailer.sent, ADMIN);
      expect(old.json().user.role).toBe('student');
      expect((await get(app, '/api/admin/stats', oldCookie)).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe('sessions', () => {
  const clock = testClock();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ now: clock.now });
  });
  beforeEach(() => clock.advance(HOUR + 1000));

  it('sign-out deletes the session; the old cookie then gets 401 on /api/me', async () => {
    const { cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, ALICE);
    const before = await countSessionsOf(ctx.pool, ALICE);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(before - 1);
    const me = await get(ctx.app, '/api/me', cookie);
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  });

  it('sign-out without a session is harmless', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(204);
  });

  it('every sign-in makes a new session with a new token', async () => {
    const a = await signInWithCode(ctx.app, ctx.mailer.sent, 'bob.student@example.com');
    const b = await signInWithCode(ctx.app, ctx.mailer.sent, 'bob.student@example.com');
    expect(a.cookie).not.toBe(b.cookie);
    expect(await countSessionsOf(ctx.pool, 'bob.student@example.com')).toBe(2);
    expect((await get(ctx.app, '/api/me', a.cookie)).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/me', b.cookie)).statusCode).toBe(200);
  });

  it('signing in again on the same browser replaces that browser’s old session', async () => {
    const first = await signInWithCode(ctx.app, ctx.mailer.sent, CAROL);
    await requestCode(ctx.app, CAROL);
    const res = await login(ctx.app, CAROL, codeMailedTo(ctx.mailer.sent, CAROL)!, { cookie: first.cookie });
    expect(res.statusCode).toBe(200);
    const second = sessionCookieFrom(res)!;
    expect(second).not.toBe(first.cookie);
    expect(await countSessionsOf(ctx.pool, CAROL)).toBe(1);
    expect((await get(ctx.app, '/api/me', first.cookie)).statusCode).toBe(401);
  });

  it('/api/me without a cookie, or with a made-up one, is 401', async () => {
    expect((await get(ctx.app, '/api/me')).statusCode).toBe(401);
    const forged = await get(ctx.app, '/api/me', 'sid=not-a-real-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('a valid Device-Id header (40 hex) is stored on the session; an invalid one is ignored', async () => {
    const deviceId = 'a1b2c3d4'.repeat(5);
    expect(deviceId).toHaveLength(40);
    const good = await signInWithCode(ctx.app, ctx.mailer.sent, ALICE, {
      headers: { 'device-id': deviceId, 'user-agent': 'TestBrowser/1.0' },
    });
    const goodRow = await rows<{ device_id: string | null; user_agent: string | null }>(
      ctx.pool,
      'select device_id, user_agent from sessions where user_id = $1 order by created_at desc limit 1',
      [good.res.json().user.id],
    );
    expect(goodRow[0]).toEqual({ device_id: deviceId, user_agent: 'TestBrowser/1.0' });

    for (const bad of ['xyz', 'a1b2c3d4'.repeat(5).slice(1), `${'a1b2c3d4'.repeat(5)}0`, `${'g'.repeat(40)}`, `${deviceId}' or 1=1 --`]) {
      clock.advance(HOUR + 1000);
      const before = await scalar<number>(ctx.pool, 'select count(*)::int from sessions where device_id is not null');
      await signInWithCode(ctx.app, ctx.mailer.sent, 'bob.student@example.com', { headers: { 'device-id': bad } });
      expect(await scalar<number>(ctx.pool, 'select count(*)::int from sessions where device_id is not null')).toBe(before);
    }
  });
});

describe('view mode', () => {
  let ctx: TestContext;
  let adminCookie: string;
  let studentCookie: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    adminCookie = (await signInWithCode(ctx.app, ctx.mailer.sent, ADMIN)).cookie;
    studentCookie = (await signInWithCode(ctx.app, ctx.mailer.sent, ALICE)).cookie;
  });
  const put = (cookie: string | undefined, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/me/view-mode', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('the admin switches to student view and back; GET /api/me reflects it and the session row keeps it', async () => {
    expect((await get(ctx.app, '/api/me', adminCookie)).json().viewMode).toBe('admin');
    const res = await put(adminCookie, { viewMode: 'student' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ viewMode: 'student', user: { role: 'admin' } });
    expect((await get(ctx.app, '/api/me', adminCookie)).json().viewMode).toBe('student');
    expect(
      await scalar(ctx.pool, 'select view_mode::text from sessions s join users u on u.id = s.user_id where u.email = $1', [ADMIN]),
    ).toBe('student');
    expect((await put(adminCookie, { viewMode: 'admin' })).statusCode).toBe(200);
    expect((await get(ctx.app, '/api/me', adminCookie)).json().viewMode).toBe('admin');
  });

  it('a student gets 403 and nothing changes', async () => {
    const res = await put(studentCookie, { viewMode: 'student' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Only the administrator can do that.' });
    expect(
      await scalar(ctx.pool, 'select view_mode::text from sessions s join users u on u.id = s.user_id where u.email = $1', [ALICE]),
    ).toBe('admin');
    expect((await get(ctx.app, '/api/me', studentCookie)).json().viewMode).toBe('admin');
  });

  it('signed out gets 401 (before the body is looked at); a bad value gets 400', async () => {
    const anon = await put(undefined, { viewMode: 'nonsense' });
    expect(anon.statusCode).toBe(401);
    const bad = await put(adminCookie, { viewMode: 'superuser' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('session lifetime', () => {
  const clock = testClock();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ now: clock.now });
  });
  beforeEach(() => clock.advance(HOUR + 1000));

  it('idle for less than 14 days: still signed in', async () => {
    const { cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, ALICE);
    clock.advance(14 * DAY - MINUTE);
    expect((await get(ctx.app, '/api/me', cookie)).statusCode).toBe(200);
  });

  it('idle for more than 14 days: signed out', async () => {
    const { cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, ALICE);
    clock.advance(14 * DAY + MINUTE);
    const me = await get(ctx.app, '/api/me', cookie);
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('use keeps a session alive, but never past 30 days', async () => {
    const { cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, ALICE);
    for (let d = 0; d < 3; d++) {
      clock.advance(10 * DAY);
      if (d < 2) expect((await get(ctx.app, '/api/me', cookie)).statusCode).toBe(200);
    }
    // 30 days after sign-in, even though it was used 10 days ago
    expect((await get(ctx.app, '/api/me', cookie)).statusCode).toBe(401);
  });

  it('just before 30 days of regular use it still works', async () => {
    const { cookie } = await signInWithCode(ctx.app, ctx.mailer.sent, ALICE);
    clock.advance(13 * DAY);
    expect((await get(ctx.app, '/api/me', cookie)).statusCode).toBe(200);
    clock.advance(13 * DAY);
    expect((await get(ctx.app, '/api/me', cookie)).statusCode).toBe(200);
    clock.advance(4 * DAY - MINUTE);
    expect((await get(ctx.app, '/api/me', cookie)).statusCode).toBe(200);
    clock.advance(2 * MINUTE);
    expect((await get(ctx.app, '/api/me', cookie)).statusCode).toBe(401);
  });
});
