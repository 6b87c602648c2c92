import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { createTestDatabase } from '@test-support/test-db';
import { codeMailedTo, countSessionsOf, get, login, requestCode, scalar, sessionCookieFrom } from '@test-support/http';
import { buildApp, type App } from '../../app';
import { seed } from '../../seed/seed';
import { loadEnv } from '../../platform/env';
import { memoryMailer } from '../../platform/mail/transport';
import { TEST_STUDENTS } from '../../../common/test-students';

const ALICE = 'alice.student@example.com';
const CAROL = 'carol.pending@example.com';

const devLogin = (app: App, email: string) => app.inject({ method: 'POST', url: '/api/dev/login', payload: { email } });

describe('development back door (outside production)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });

  it('GET /api/dev/tools lists the three test students (two approved, one pending)', async () => {
    const res = await get(ctx.app, '/api/dev/tools');
    expect(res.statusCode).toBe(200);
    const users = res.json().testUsers as { email: string; fullName: string; approvalStatus: string }[];
    expect(users).toHaveLength(3);
    expect([...users].sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: ALICE, fullName: 'Alice Johnson', approvalStatus: 'approved' },
      { email: 'bob.student@example.com', fullName: 'Bob Smith', approvalStatus: 'approved' },
      { email: CAROL, fullName: 'Carol Davis', approvalStatus: 'pending' },
    ]);
    expect(TEST_STUDENTS.filter((s) => s.approvalStatus === 'approved')).toHaveLength(2);
  });

  it('POST /api/dev/login signs a test student in with a session', async () => {
    const res = await devLogin(ctx.app, ALICE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: ALICE, role: 'student', approvalStatus: 'approved' }, viewMode: 'admin' });
    const cookie = sessionCookieFrom(res)!;
    expect((await get(ctx.app, '/api/me', cookie)).json().user.email).toBe(ALICE);
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(1);

    const pending = await devLogin(ctx.app, CAROL);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().user.approvalStatus).toBe('pending');
  });

  it.each(['admin@example.com', 'stranger@example.com', 'alice.student@example.org'])(
    'POST /api/dev/login is refused (403) for any other address: %s',
    async (email) => {
      const sessionsBefore = await scalar<number>(ctx.pool, 'select count(*)::int from sessions');
      const res = await devLogin(ctx.app, email);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Quick login is only for the built-in test students.' });
      expect(res.cookies).toHaveLength(0);
      expect(await scalar(ctx.pool, 'select count(*)::int from sessions')).toBe(sessionsBefore);
    },
  );

  it('a rejected test student cannot quick-login either', async () => {
    await ctx.pool.query("update users set approval_status = 'rejected' where email = 'bob.student@example.com'");
    const res = await devLogin(ctx.app, 'bob.student@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCESS_REVOKED');
    expect(await countSessionsOf(ctx.pool, 'bob.student@example.com')).toBe(0);
    await ctx.pool.query("update users set approval_status = 'approved' where email = 'bob.student@example.com'");
  });

  it('the fixed code 123456 signs a test student in through /api/auth/login, without any mail', async () => {
    const mails = ctx.mailer.sent.length;
    const res = await login(ctx.app, 'Bob.Student@example.com', '123456');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('bob.student@example.com');
    expect(sessionCookieFrom(res)).toBeDefined();
    expect(ctx.mailer.sent).toHaveLength(mails);
  });

  it('the fixed code works for nobody else: not the admin, not a registered student', async () => {
    await ctx.pool.query(
      "insert into users (email, first_name, last_name, role, approval_status) values ('real.student@example.com', 'Real', 'Student', 'student', 'approved')",
    );
    for (const email of ['admin@example.com', 'real.student@example.com']) {
      const res = await login(ctx.app, email, '123456');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CODE');
      expect(await countSessionsOf(ctx.pool, email)).toBe(0);
    }
  });

  it('the fixed code does not register anyone', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'X', lastName: 'Y', email: 'new.person@example.com', code: '123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(await scalar(ctx.pool, "select count(*)::int from users where email = 'new.person@example.com'")).toBe(0);
  });

  it.each([
    ['X-Forwarded-For', { headers: { 'x-forwarded-for': '198.51.100.7' } }],
    ['Forwarded', { headers: { forwarded: 'for=198.51.100.7;proto=https' } }],
    ['X-Real-IP (nginx)', { headers: { 'x-real-ip': '198.51.100.7' } }],
    ['X-Forwarded-Proto alone', { headers: { 'x-forwarded-proto': 'https' } }],
    ['Via', { headers: { via: '1.1 proxy.example' } }],
    ['a peer that is not loopback', { remoteAddress: '203.0.113.5' }],
    ['an IPv6 peer that is not loopback', { remoteAddress: '2001:db8::1' }],
  ])('the dev routes refuse (403) a request through a proxy or from another machine: %s', async (_name, how) => {
    const options = { headers: {}, ...how } as { headers: Record<string, string>; remoteAddress?: string };
    const tools = await ctx.app.inject({ method: 'GET', url: '/api/dev/tools', ...options });
    expect(tools.statusCode).toBe(403);
    expect(tools.json().error.message).toBe('Development tools answer only requests made on this machine, never through a proxy.');
    const sessionsBefore = await scalar<number>(ctx.pool, 'select count(*)::int from sessions');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: ALICE }, ...options });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
    // nor does the fixed code work from there
    const fixed = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ALICE, code: '123456' }, ...options });
    expect(fixed.statusCode).toBe(400);
    expect(await scalar(ctx.pool, 'select count(*)::int from sessions')).toBe(sessionsBefore);
  });

  it('says loudly in the log, at start, that the tools are on; nothing when they are off', async () => {
    const warningsOf = async (vars: Record<string, string>) => {
      const lines: { level: number; msg: string }[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
          done();
        },
      });
      const database = await createTestDatabase();
      const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', ...vars });
      const app = await buildApp({ env, db: database.db, mailer: memoryMailer(), logger: { level: 'info', stream } });
      await app.close();
      return lines.filter((l) => l.level === 40 && /DEVELOPMENT TOOLS ARE ON/.test(l.msg));
    };
    expect(await warningsOf({})).toHaveLength(1);
    expect(await warningsOf({ DEV_TOOLS: 'off', ADMIN_EMAIL: 'tutor@school.test' })).toHaveLength(0);
  });

  it('DEV_LOGIN_CODE replaces the default fixed code', async () => {
    const custom = await createTestApp({ env: { DEV_LOGIN_CODE: '654321' } });
    expect((await login(custom.app, ALICE, '123456')).statusCode).toBe(400);
    expect((await login(custom.app, ALICE, '654321')).statusCode).toBe(200);
  });
});

describe('in production', () => {
  const PROD_ENV = { NODE_ENV: 'production', ADMIN_EMAIL: 'tutor@school.test', MAIL_TRANSPORT: 'console' };

  it('the seed creates no test students', async () => {
    const ctx = await createTestApp({ env: PROD_ENV });
    expect(await scalar(ctx.pool, 'select count(*)::int from users')).toBe(1);
    expect(await scalar(ctx.pool, "select count(*)::int from users where role = 'admin' and email = 'tutor@school.test'")).toBe(1);
    expect(await scalar(ctx.pool, 'select count(*)::int from users where email = any($1)', [TEST_STUDENTS.map((s) => s.email)])).toBe(0);
  });

  describe('on a database that still holds the test students', () => {
    let app: App;
    let pool: Awaited<ReturnType<typeof createTestDatabase>>['pool'];
    const mailer = memoryMailer();
    beforeAll(async () => {
      const database = await createTestDatabase();
      pool = database.pool;
      await seed(database.db, { adminEmail: 'tutor@school.test', isProduction: false });
      const env = loadEnv({ ...PROD_ENV, DATA_DIR: '/tmp/unused' });
      expect(env.isProduction).toBe(true);
      app = await buildApp({ env, db: database.db, mailer });
      return () => app.close();
    });

    it('GET /api/dev/tools is refused (403)', async () => {
      const res = await get(app, '/api/dev/tools');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Development tools are disabled in production.' });
    });

    it('POST /api/dev/login is refused (403) and makes no session', async () => {
      const res = await devLogin(app, ALICE);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Development tools are disabled in production.' });
      expect(res.cookies).toHaveLength(0);
      expect(await countSessionsOf(pool, ALICE)).toBe(0);
    });

    it('the fixed code no longer works', async () => {
      const res = await login(app, ALICE, '123456');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CODE');
      expect(await countSessionsOf(pool, ALICE)).toBe(0);
    });

    it('a real code still works, and the cookie is __Host-sid with Secure, HttpOnly, SameSite=Lax, Path=/', async () => {
      expect((await requestCode(app, 'tutor@school.test')).statusCode).toBe(202);
      const res = await login(app, 'tutor@school.test', codeMailedTo(mailer.sent, 'tutor@school.test')!);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('admin');
      // the session, and the mark of a browser that signed in before (the same attributes, months long)
      expect(res.cookies.map((c) => c.name)).toEqual(['__Host-sid', '__Host-known']);
      for (const c of res.cookies) {
        expect(c).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
        expect(c.domain).toBeUndefined();
      }
      expect(res.cookies[1]!.maxAge).toBe(180 * 24 * 60 * 60);
      const cookie = sessionCookieFrom(res, '__Host-sid')!;
      expect((await get(app, '/api/me', cookie)).statusCode).toBe(200);
      // the development cookie name means nothing in production
      expect((await get(app, '/api/me', cookie.replace('__Host-sid=', 'sid='))).statusCode).toBe(401);

      const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(out.statusCode).toBe(204);
      expect((await get(app, '/api/me', cookie)).statusCode).toBe(401);
    });
  });
});
