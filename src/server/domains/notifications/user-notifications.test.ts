import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ALICE, BOB, userId } from '@test-support/fixtures/users-and-courses';
import { mailOutbox } from '../../platform/db/schema/index';
import { eq } from 'drizzle-orm';

describe('notifications in the app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('lists only the caller’s own items, newest first, marks them read, and e-mails unless the student opted out', async () => {
    const carol = { id: await userId(t.db, ALICE), cookies: { sid: '' } };
    const dave = { id: await userId(t.db, BOB), cookies: { sid: '' } };
    carol.cookies.sid = (await t.signIn(ALICE)).slice(4);
    dave.cookies.sid = (await t.signIn(BOB)).slice(4);
    const notices = t.app.services.userNotifications;
    await t.db.transaction(async (tx) => {
      await notices.notify(tx, {
        userId: carol.id,
        kind: 'reply',
        title: 'Your tutor replied',
        body: 'Look at line 3',
        link: '/course/x',
        mail: { dedupeKey: 'reply:1' },
      });
      await notices.notify(tx, { userId: carol.id, kind: 'feedback', title: 'Your tutor commented', link: '/course/y' });
      await notices.notify(tx, { userId: dave.id, kind: 'reply', title: 'For Dave only', link: '/course/z' });
    });

    const mine = await t.app.inject({ method: 'GET', url: '/api/notifications', cookies: carol.cookies });
    expect(mine.statusCode).toBe(200);
    const list = mine.json();
    expect(list.unread).toBe(2);
    expect(list.notifications.map((n: { title: string }) => n.title)).toEqual(['Your tutor commented', 'Your tutor replied']);

    // Dave's item id sent by Carol changes nothing of Dave's.
    const daves = (await t.app.inject({ method: 'GET', url: '/api/notifications', cookies: dave.cookies })).json();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      cookies: carol.cookies,
      payload: { ids: [daves.notifications[0].id] },
    });
    expect(forged.json().unread).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', cookies: dave.cookies })).json().unread).toBe(1);

    const one = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      cookies: carol.cookies,
      payload: { ids: [list.notifications[0].id] },
    });
    expect(one.json().unread).toBe(1);
    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read', cookies: carol.cookies, payload: { all: true } });
    expect(all.json().unread).toBe(0);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/notifications/read', cookies: carol.cookies, payload: { ids: [] } })).statusCode,
    ).toBe(400);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, carol.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your tutor replied');
    expect(mails[0]!.textBody).toContain('> Look at line 3');
    expect(mails[0]!.unsubscribeUrl).toContain('/unsubscribe/');

    // Once the student turns the class e-mails off, the bell still tells them, the mail does not.
    const token = t.app.services.notifications.unsubscribeToken(carol.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` })).statusCode).toBe(200);
    await t.db.transaction((tx) =>
      notices.notify(tx, { userId: carol.id, kind: 'reply', title: 'Second reply', link: '/course/x', mail: { dedupeKey: 'reply:2' } }),
    );
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, carol.id))).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', cookies: carol.cookies })).json().unread).toBe(1);
  });
});
