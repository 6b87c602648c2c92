import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { countSessionsOf, get, login, scalar, sessionCookieFrom, signInWithCode } from '@test-support/http';

const ALICE = 'alice.student@example.com';
const BOB = 'bob.student@example.com';
const CAROL = 'carol.pending@example.com';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PATCH /api/admin/students/:id/status', () => {
  let ctx: TestContext;
  let admin: string;
  const idOf = (email: string) => scalar<string>(ctx.pool, 'select id::text from users where email = $1', [email]);
  const statusOf = (email: string) => scalar<string>(ctx.pool, 'select approval_status::text from users where email = $1', [email]);
  /** The messages queued in the outbox (the background job sends them) to an address, oldest first. */
  const outboxTo = async (email: string) =>
    (
      await ctx.pool.query<{ kind: string; subject: string; text_body: string; sent_at: Date | null }>(
        'select kind, subject, text_body, sent_at from mail_outbox where recipient = $1 order by created_at',
        [email],
      )
    ).rows;
  const patch = (cookie: string | undefined, id: string, payload: unknown) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/students/${id}/status`,
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await signInWithCode(ctx.app, ctx.mailer.sent, 'admin@example.com')).cookie;
  });

  it('approving a pending student queues their approval e-mail, and their pending session starts to work', async () => {
    const carol = sessionCookieFrom(await login(ctx.app, CAROL, '123456'))!;
    expect(await outboxTo(CAROL)).toEqual([]);
    const res = await patch(admin, await idOf(CAROL), { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: CAROL, approvalStatus: 'approved' });
    expect(await statusOf(CAROL)).toBe('approved');
    const mails = await outboxTo(CAROL);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'approval', subject: 'Your CodeTutor account has been approved', sent_at: null });
    expect(mails[0]!.text_body).toContain('Hello Carol');
    expect((await get(ctx.app, '/api/me', carol)).json().user.approvalStatus).toBe('approved');
  });

  it('approval does not wait for the mail server (the message waits in the outbox); a failed approval queues no message', async () => {
    await ctx.pool.query("insert into users (email, first_name, last_name) values ('dan@example.com', 'Dan', 'D')");
    await ctx.pool.query("insert into users (email, first_name, last_name) values ('eli@example.com', 'Eli', 'E')");
    vi.spyOn(ctx.mailer, 'send').mockRejectedValue(new Error('smtp down'));
    const res = await patch(admin, await idOf('dan@example.com'), { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(await statusOf('dan@example.com')).toBe('approved');
    expect(await outboxTo('dan@example.com')).toHaveLength(1);

    // The message is written in the approval's transaction: when queueing it fails, the approval is undone.
    await ctx.pool.query(`
      create function fail_for_eli() returns trigger language plpgsql as $$ begin raise exception 'simulated failure'; end $$;
      create trigger fail_for_eli before insert on mail_outbox for each row when (new.recipient = 'eli@example.com') execute function fail_for_eli();`);
    try {
      const failed = await patch(admin, await idOf('eli@example.com'), { status: 'approved' });
      expect(failed.statusCode).toBe(500);
      expect(await statusOf('eli@example.com')).toBe('pending');
    } finally {
      await ctx.pool.query('drop trigger fail_for_eli on mail_outbox; drop function fail_for_eli()');
    }
  });

  it('rejecting (revoking) an approved student ends their live sessions at once (401) and blocks sign-in', async () => {
    const first = sessionCookieFrom(await login(ctx.app, ALICE, '123456'))!;
    const second = sessionCookieFrom(await login(ctx.app, ALICE, '123456'))!;
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(2);
    const mails = (await outboxTo(ALICE)).length;

    const res = await patch(admin, await idOf(ALICE), { status: 'rejected' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.approvalStatus).toBe('rejected');
    expect(await statusOf(ALICE)).toBe('rejected');
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(0);
    expect(await outboxTo(ALICE)).toHaveLength(mails); // no approval mail for a rejection
    for (const cookie of [first, second]) {
      const me = await get(ctx.app, '/api/me', cookie);
      expect(me.statusCode).toBe(401);
      expect(me.json().error.code).toBe('UNAUTHENTICATED');
    }
    const again = await login(ctx.app, ALICE, '123456');
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('ACCESS_REVOKED');
    expect(await countSessionsOf(ctx.pool, ALICE)).toBe(0);
  });

  it('a session whose user was rejected behind the API’s back is refused too', async () => {
    const bob = sessionCookieFrom(await login(ctx.app, BOB, '123456'))!;
    await ctx.pool.query("update users set approval_status = 'rejected' where email = $1", [BOB]);
    expect((await get(ctx.app, '/api/me', bob)).statusCode).toBe(401);
    await ctx.pool.query("update users set approval_status = 'approved' where email = $1", [BOB]);
  });

  it('a rejected student can be approved again (and is mailed)', async () => {
    const mails = (await outboxTo(ALICE)).length;
    const res = await patch(admin, await idOf(ALICE), { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(ALICE)).toBe('approved');
    expect(await outboxTo(ALICE)).toHaveLength(mails + 1);
    expect((await login(ctx.app, ALICE, '123456')).statusCode).toBe(200);
  });

  it('setting the status a student already has is 400 and sends nothing', async () => {
    const mails = (await outboxTo(BOB)).length;
    const res = await patch(admin, await idOf(BOB), { status: 'approved' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The student is already approved.');
    expect(await outboxTo(BOB)).toHaveLength(mails);
  });

  it('unknown ids and the admin’s own row are 404 "User not found"; a malformed id is 400', async () => {
    for (const id of [randomUUID(), await idOf('admin@example.com')]) {
      const res = await patch(admin, id, { status: 'rejected' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    }
    expect(await scalar(ctx.pool, "select role::text from users where email = 'admin@example.com'")).toBe('admin');
    const bad = await patch(admin, 'not-a-uuid', { status: 'rejected' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('a bad body is 400 and changes nothing', async () => {
    const id = await idOf(BOB);
    for (const body of [{}, { status: 'pending' }, { status: 'approved', role: 'admin' }, { status: 1 }]) {
      const res = await patch(admin, id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect(await statusOf(BOB)).toBe('approved');
    expect(await scalar(ctx.pool, 'select role::text from users where email = $1', [BOB])).toBe('student');
  });

  it('a student gets 403 and a signed-out caller 401, whatever the body; nothing changes', async () => {
    const bob = sessionCookieFrom(await login(ctx.app, BOB, '123456'))!;
    const aliceId = await idOf(ALICE);
    const forbidden = await patch(bob, aliceId, { status: 'rejected' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'Only the administrator can do that.' });
    expect((await patch(bob, 'not-a-uuid', { nonsense: true })).statusCode).toBe(403);
    const anon = await patch(undefined, aliceId, { status: 'rejected' });
    expect(anon.statusCode).toBe(401);
    expect((await patch(undefined, 'not-a-uuid', {})).statusCode).toBe(401);
    expect(await statusOf(ALICE)).toBe('approved');
  });
});
