import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/client';
import { enrollments, mailOutbox, reminderState } from '../../platform/db/schema/index';
import { smtpMailer } from '../../platform/mail/transport';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, seedCourse } from '@test-support/fixtures/users-and-courses';
import { readMailbox } from '@test-support/mailbox';
import { startSmtpSink } from '@test-support/smtp-sink';
import { startBackgroundJobs } from '../../background-jobs';
import { queueMail } from '../../platform/mail/outbox';
import { NotificationMessages } from '../../../common/notifications-texts';
import { createNotificationsService } from './notifications.service';

const DAY = 24 * 60 * 60 * 1000;
let clock = Date.now();
let t: TestContext;
let admin: string;

const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-outbox-'));
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
};

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const runner = (db: TestContext['db'], port: number) =>
  startBackgroundJobs({
    db,
    mailer: smtpMailer(`smtp://127.0.0.1:${port}`),
    mailFrom: t.env.mailFrom,
    notifications: t.app.services.notifications,
    warn: () => {},
    crontab: false,
  });

async function queueMany(prefix: string, n: number) {
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < n; i++)
      await queueMail(tx, { kind: 'test', to: `${prefix}${i}@example.com`, subject: `Message ${i}`, text: `Body ${i}` });
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await t.signIn(ADMIN);
});

describe('the mail outbox', () => {
  it('keeps messages while the mail server is down and delivers each once when it is back', async () => {
    const dir = await tempDir();
    // A port taken, then freed: the mail server is "down" on it until started there again.
    const probe = await startSmtpSink(dir);
    const port = probe.port;
    await probe.close();
    const jobs = await runner(t.db, port);
    try {
      await queueMany('down', 5);
      // Every message tried and failed at least once.
      await until(async () => {
        const rows = await t.db
          .select()
          .from(mailOutbox)
          .where(sql`recipient like 'down%'`);
        return rows.every((r) => r.attempts > 0 && r.lastError && !r.sentAt);
      });
      expect(await readMailbox(dir)).toHaveLength(0);
      const smtp = await startSmtpSink(dir, port);
      try {
        const mails = await until(async () => {
          const got = await readMailbox(dir);
          return got.length >= 5 && got;
        }, 30_000);
        await new Promise((r) => setTimeout(r, 1000));
        const all = await readMailbox(dir);
        expect(all.map((m) => m.to[0]).sort()).toEqual([
          'down0@example.com',
          'down1@example.com',
          'down2@example.com',
          'down3@example.com',
          'down4@example.com',
        ]);
        expect(mails.length).toBe(5);
        const rows = await t.db
          .select()
          .from(mailOutbox)
          .where(sql`recipient like 'down%'`);
        expect(rows.every((r) => r.sentAt && r.textBody === '' && r.lastError === null)).toBe(true);
      } finally {
        await smtp.close();
      }
    } finally {
      await jobs.stop();
    }
  }, 60_000);

  it('two app instances sending the same outbox send every message once', async () => {
    const dir = await tempDir();
    const smtp = await startSmtpSink(dir);
    const second = openDatabase(t.url, { max: 5 });
    const [a, b] = [await runner(t.db, smtp.port), await runner(second.db, smtp.port)];
    try {
      await queueMany('twice', 40);
      await until(async () => (await readMailbox(dir)).length >= 40);
      await new Promise((r) => setTimeout(r, 1500));
      const to = (await readMailbox(dir)).map((m) => m.to[0]);
      expect(to).toHaveLength(40);
      expect(new Set(to).size).toBe(40);
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
      await smtp.close();
    }
  }, 60_000);
});

describe("'Send Test E-mail' and where mail goes", () => {
  it('sends the tutor a test message through the outbox and says it only goes to the log without a mail server', async () => {
    admin = await t.signIn(ADMIN);
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/notification-settings', headers: { cookie: admin } });
    // The test app prints mail (MAIL_TRANSPORT=console): the outbox says so instead of counting it as sent.
    expect(settings.json().outbox.transport).toBe('console');
    const sent = await t.app.inject({ method: 'POST', url: '/api/admin/notifications/test-mail', headers: { cookie: admin } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ to: ADMIN, transport: 'console', message: NotificationMessages.testMailQueued(ADMIN, 'console') });
    expect(sent.json().message).toMatch(/printed in the server's log, not sent/);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'test-mail'));
    expect(rows.map((r) => [r.recipient, r.subject])).toEqual([[ADMIN, expect.stringMatching(/^Test e-mail from /)]]);

    // With a mail server, the same answer says it leaves through it.
    const { db, ctx } = { db: t.db, ctx: { appName: 'Tutor', appUrl: 'http://localhost' } };
    const smtp = createNotificationsService({ db, ctx, secret: 'x', now: () => new Date(clock), mailTransport: 'smtp' });
    expect((await smtp.settings()).outbox.transport).toBe('smtp');
    const viaSmtp = await smtp.sendTestMail({ id: rows[0]!.userId!, email: ADMIN });
    expect(viaSmtp.message).toMatch(/through your mail server/);
  });
});

describe('notifications', () => {
  it('tells the tutor of registrations in one digest an hour at most', async () => {
    const { notifications } = t.app.services;
    const register = async (email: string, firstName: string) => {
      await t.app.inject({ method: 'POST', url: '/api/auth/code', payload: { email, purpose: 'register' } });
      const code = [...t.mailer.sent]
        .reverse()
        .find((m) => m.to.includes(email))!
        .subject.slice(0, 6);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, firstName, lastName: 'New', code } });
      expect(res.statusCode).toBe(201);
    };
    const digestJobs = async () =>
      (
        await t.db.execute<{ run_at: string }>(sql`select run_at from graphile_worker.jobs where task_identifier = 'registration_digest'`)
      ).rows.map((r) => ({ runAt: new Date(r.run_at) }));

    await register('first.new@example.com', 'First');
    // The first digest is due at once.
    expect((await digestJobs())[0]!.runAt.getTime()).toBeLessThan(Date.now() + 5000);
    // The first digest also lists whoever waited before (the demo data has a pending student).
    expect(await notifications.sendRegistrationDigest()).toBeGreaterThanOrEqual(1);
    await t.db.execute(sql`select graphile_worker.remove_job('registration-digest')`);

    await register('second.new@example.com', 'Second');
    await register('third.new@example.com', 'Third');
    // One waiting digest for both, an hour after the last one.
    const waiting = await digestJobs();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect(await notifications.sendRegistrationDigest()).toBe(2);
    const digests = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'registration-digest'));
    expect(digests).toHaveLength(2);
    expect(digests[0]!.textBody).toMatch(/First New/);
    expect(digests[1]!.textBody).toMatch(/2 new students registered[\s\S]*Second New[\s\S]*Third New[\s\S]*\/admin\/students/);
    expect(digests[1]!.recipient).toBe(ADMIN);
    // Nothing new: no message.
    expect(await notifications.sendRegistrationDigest()).toBe(0);
  });

  it('reminds an inactive student at most once a week, and a one-click link turns it off without sign-in', async () => {
    const { notifications } = t.app.services;
    const { course, lessonIds } = await seedCourse(t.db, {
      title: 'Java Basics',
      chapters: [{ title: 'One', lessons: [{ title: 'A' }, { title: 'B' }] }],
    });
    // Inactive is the analytics page's one definition: nothing done in a lesson for a week, and not
    // newly joined. Idle and Busy joined 8 days ago; Busy opened a lesson today, Fresh joined today.
    const joined = new Date(clock - 8 * DAY);
    const idle = await createUser(t.db, 'idle@example.com', { firstName: 'Idle', createdAt: joined });
    const busy = await createUser(t.db, 'busy@example.com', { firstName: 'Busy', createdAt: joined });
    const fresh = await createUser(t.db, 'fresh@example.com', { firstName: 'Fresh' });
    await t.db.insert(enrollments).values([
      { studentId: idle.id, courseId: course.id, enrolledAt: joined },
      { studentId: busy.id, courseId: course.id, enrolledAt: joined },
      { studentId: fresh.id, courseId: course.id, enrolledAt: new Date(clock) },
    ]);
    // A sign-in alone is not learning: only what is done in a lesson makes a student active.
    await t.db.execute(sql`update users set last_login_at = ${new Date(clock).toISOString()} where id = ${idle.id}`);
    await t.db.execute(sql`
      insert into learning_events (student_id, lesson_id, type, occurred_at)
      values (${busy.id}, ${lessonIds[0]![0]!}, 'lesson_opened', ${new Date(clock).toISOString()})`);
    // Only these students' reminders: other tests' students (and the demo data) are left out.
    const reminders = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'reminder'))).filter((m) => /^(idle|busy|fresh)@/.test(m.recipient));
    const remind = async () => {
      const before = (await reminders()).length;
      await notifications.sendInactivityReminders();
      return (await reminders())
        .slice(before)
        .map((m) => m.recipient)
        .sort();
    };

    expect(await remind()).toEqual(['idle@example.com']);
    const [first] = await reminders();
    expect(first).toMatchObject({ recipient: 'idle@example.com' });
    expect(first!.textBody).toMatch(/Java Basics: 0% done/);
    // A path the app serves as a page: no dot in its last segment.
    expect(first!.unsubscribeUrl).toMatch(/\/unsubscribe\/[0-9a-f-]{36}[A-Za-z0-9_-]{43}$/);
    // Not again the same week.
    expect(await remind()).toEqual([]);
    clock += 8 * DAY;
    // A week on, all three are inactive.
    expect(await remind()).toEqual(['busy@example.com', 'fresh@example.com', 'idle@example.com']);

    const token = first!.unsubscribeUrl!.split('/unsubscribe/')[1]!;
    // Reading the link changes nothing (mail scanners follow links).
    const seen = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(seen.json()).toEqual({ firstName: 'Idle', unsubscribed: false });
    const forged = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${busy.id}${token.slice(36)}` });
    expect(forged.statusCode).toBe(400);
    // A mail client's one-click post (RFC 8058), with no cookie and no origin.
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ firstName: 'Idle', unsubscribed: true });
    clock += 8 * DAY;
    expect(await remind()).toEqual(['busy@example.com', 'fresh@example.com']);

    // The tutor's nudge: unknown ids refuse the whole action; the unsubscribed and the just-reminded are skipped.
    admin = await t.signIn(ADMIN); // the earlier session ended while the clock moved on
    const nudge = (studentIds: string[]) =>
      t.app.inject({ method: 'POST', url: '/api/admin/notifications/nudge', headers: { cookie: admin }, payload: { studentIds } });
    const before = (await reminders()).length;
    const unknown = await nudge([idle.id, '00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(400);
    expect((await reminders()).length).toBe(before);
    const nudged = await nudge([idle.id, busy.id]);
    expect(nudged.json().reminded).toBe(0);
    expect(nudged.json().results.map((r: { message: string }) => r.message)).toEqual([
      'Turned reminders off',
      'Reminded in the last 7 days, or has no unfinished course',
    ]);
    await t.db.update(reminderState).set({ lastRemindedAt: null }).where(eq(reminderState.userId, busy.id));
    expect((await nudge([busy.id])).json().reminded).toBe(1);
  });

  it('the weekly summary goes once a week and each kind can be turned off', async () => {
    const { notifications } = t.app.services;
    // Joined today with a course to do: new, not at risk (the analytics page's one definition).
    const newbie = await createUser(t.db, 'newbie@example.com', { firstName: 'Newbie', createdAt: new Date(clock) });
    const { course: newbieCourse } = await seedCourse(t.db, {
      title: 'Newbie Course',
      chapters: [{ title: 'One', lessons: [{ title: 'A' }] }],
    });
    await t.db.insert(enrollments).values({ studentId: newbie.id, courseId: newbieCourse.id, enrolledAt: new Date(clock) });
    expect(await notifications.sendWeeklySummary()).toBe(true);
    expect(await notifications.sendWeeklySummary()).toBe(false);
    const [summary] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'weekly-summary'));
    expect(summary!.textBody).toMatch(/New students \(\d+\)[\s\S]*Course completions[\s\S]*At risk/);
    // The reminders' students, 16 days on: Busy last opened a lesson 16 days ago, Idle and Fresh never did.
    const atRisk = summary!.textBody.split('At risk: nothing done in a lesson for a week or more')[1]!;
    expect(atRisk).toContain('Busy User: inactive for 16 days');
    expect(atRisk).toContain('Idle User: nothing done in a lesson yet');
    expect(atRisk).not.toContain('Newbie');

    admin = await t.signIn(ADMIN);
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/notification-settings', headers: { cookie: admin } });
    const off = {
      ...settings.json().settings,
      weeklySummary: false,
      inactivityReminders: false,
      registrationDigest: false,
      enrollmentNotice: false,
    };
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/notification-settings',
      headers: { cookie: admin },
      payload: { ...off, reminderText: ' ' },
    });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, 'Write the reminder text.']);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/notification-settings', headers: { cookie: admin }, payload: off });
    expect(saved.json().settings).toMatchObject({ weeklySummary: false, enrollmentNotice: false });
    clock += 8 * DAY;
    expect(await notifications.sendWeeklySummary()).toBe(false);
    expect(await notifications.sendInactivityReminders()).toBe(0);
    const student = await createUser(t.db, 'quiet@example.com');
    const { course } = await seedCourse(t.db, { title: 'Quiet Course' });
    const enrolled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/students/${student.id}/enrollments`,
      headers: { cookie: admin },
      payload: { courseId: course.id },
    });
    expect(enrolled.statusCode).toBe(201);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'quiet@example.com'))).toHaveLength(0);
  });
});
