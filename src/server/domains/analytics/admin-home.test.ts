import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { get, login, sessionCookieFrom, signInWithCode } from '@test-support/http';
import { demoCourses } from '../../seed/seed-content';

describe('GET /api/admin/stats', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await signInWithCode(ctx.app, ctx.mailer.sent, 'admin@example.com')).cookie;
  });

  it('gives the admin the platform counts of the seeded platform', async () => {
    const res = await get(ctx.app, '/api/admin/stats', admin);
    expect(res.statusCode).toBe(200);
    const lessons = demoCourses.flatMap((c) => c.chapters.flatMap((ch) => ch.lessons)).length;
    expect(res.json()).toEqual({ totalCourses: 3, activeStudents: 2, totalLessons: lessons, pendingApprovals: 1, unansweredQuestions: 0 });
  });

  it('follows the database', async () => {
    await ctx.pool.query(
      "insert into users (email, first_name, last_name, approval_status) values ('p1@example.com', 'P', '1', 'pending'), ('r1@example.com', 'R', '1', 'rejected')",
    );
    await ctx.pool.query("insert into courses (title) values ('Draft course')");
    const res = await get(ctx.app, '/api/admin/stats', admin);
    expect(res.json()).toMatchObject({ totalCourses: 4, activeStudents: 2, pendingApprovals: 2 });
  });

  it('an approved student gets 403, a pending one 403, a signed-out caller 401', async () => {
    for (const email of ['alice.student@example.com', 'carol.pending@example.com']) {
      const cookie = sessionCookieFrom(await login(ctx.app, email, '123456'))!;
      const res = await get(ctx.app, '/api/admin/stats', cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'FORBIDDEN', message: 'Only the administrator can do that.', title: 'Access Denied' },
      });
    }
    const anon = await get(ctx.app, '/api/admin/stats');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  });

  it('an admin in student view is still the admin', async () => {
    await ctx.app.inject({ method: 'PUT', url: '/api/me/view-mode', headers: { cookie: admin }, payload: { viewMode: 'student' } });
    expect((await get(ctx.app, '/api/admin/stats', admin)).statusCode).toBe(200);
  });
});
