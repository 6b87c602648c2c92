import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvitationMessages } from '../../../common/invitations';
import { enrollments, invitations, mailOutbox, users } from '../../platform/db/schema/index';
import { smtpMailer } from '../../platform/mail/transport';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, seedCourse } from '@test-support/fixtures/users-and-courses';
import { readMailbox } from '@test-support/mailbox';
import { startSmtpSink } from '@test-support/smtp-sink';
import { startBackgroundJobs } from '../../background-jobs';

/** The text of a received message, quoted-printable soft breaks undone. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

let t: TestContext;
let admin: string;
let mailDir: string;
let courseA: Awaited<ReturnType<typeof seedCourse>>;
let unpublished: Awaited<ReturnType<typeof seedCourse>>;

async function waitForMailTo(email: string, count = 1) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await readMailbox(mailDir)).filter((m) => m.to.includes(email));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const invite = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/invitations', headers: { cookie: admin }, payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(ADMIN);
  mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tutor-invite-mail-'));
  const smtp = await startSmtpSink(mailDir);
  const jobs = await startBackgroundJobs({
    db: t.db,
    mailer: smtpMailer(`smtp://127.0.0.1:${smtp.port}`),
    mailFrom: t.env.mailFrom,
    notifications: t.app.services.notifications,
    warn: () => {},
    crontab: false,
  });
  afterAll(async () => {
    await jobs.stop();
    await smtp.close();
    await fs.rm(mailDir, { recursive: true, force: true });
  });
  courseA = await seedCourse(t.db, { title: 'C Programming', chapters: [{ title: 'Basics', lessons: [{ title: 'Hello' }] }] });
  unpublished = await seedCourse(t.db, { title: 'Draft', isPublished: false });
});

describe('invitations', () => {
  it('invites the good rows, reports the bad ones, and an accepted invitation registers, approves, enrolls and signs in', async () => {
    const known = await createUser(t.db, 'known.student@example.com', { firstName: 'Known', lastName: 'Student' });
    const list = [
      'email,first name,last name',
      'ada@example.com,Ada,Lovelace',
      'not-an-address,Bad,Row',
      'known.student@example.com,,',
    ].join('\n');
    const res = await invite({ list, courseIds: [courseA.course.id] });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as { row: number; email: string; outcome: string; message: string }[];
    expect(results.map((r) => [r.row, r.outcome])).toEqual([
      [1, 'invited'],
      [2, 'failed'],
      [3, 'enrolled'],
    ]);
    expect(results[1]!.message).toBe(InvitationMessages.notAnAddress('not-an-address'));
    // The approved student is simply enrolled, and told so.
    const knownEnrollments = await t.db.select().from(enrollments).where(eq(enrollments.studentId, known.id));
    expect(knownEnrollments.map((e) => e.courseId)).toEqual([courseA.course.id]);
    const [enrollMail] = await waitForMailTo('known.student@example.com');
    expect(enrollMail!.raw).toMatch(/You are enrolled in C Programming/);

    const [mail] = await waitForMailTo('ada@example.com');
    const link = bodyOf(mail!.raw).match(/\/invitation\/([A-Za-z0-9_-]+)/)?.[1];
    expect(link).toBeTruthy();

    const preview = await t.app.inject({ method: 'GET', url: `/api/invitations/${link}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', courses: ['C Programming'] });

    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: { cookie: admin } });
    expect(listed.json().invitations.find((i: { email: string }) => i.email === 'ada@example.com').status).toBe('Invitation sent');

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${link}/accept`,
      payload: { firstName: 'Ada', lastName: 'King' },
    });
    expect(accepted.statusCode).toBe(200);
    const cookie = accepted.cookies.find((c) => c.name === 'sid');
    expect(cookie).toBeTruthy();
    const [ada] = await t.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(ada).toMatchObject({ approvalStatus: 'approved', lastName: 'King' });
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/student/dashboard', headers: { cookie: `sid=${cookie!.value}` } });
    expect(dashboard.statusCode).toBe(200);
    expect(JSON.stringify(dashboard.json())).toContain('C Programming');

    const after = await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: { cookie: admin } });
    expect(after.json().invitations.find((i: { email: string }) => i.email === 'ada@example.com').status).toBe('Accepted');

    // The link works once.
    const reused = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${link}/accept`,
      payload: { firstName: 'Ada', lastName: 'King' },
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error.message).toBe(InvitationMessages.linkUsed);
  });

  it('an expired, cancelled or unknown link says so, and a resend replaces the link', async () => {
    await invite({ list: 'late@example.com\ngone@example.com', courseIds: [] });
    const mails = await waitForMailTo('late@example.com');
    const token = bodyOf(mails[0]!.raw).match(/\/invitation\/([A-Za-z0-9_-]+)/)![1];
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'late@example.com'));
    const expired = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect([expired.statusCode, expired.json().error.message]).toEqual([410, InvitationMessages.linkExpired]);
    const rows = await t.app.inject({ method: 'GET', url: '/api/admin/invitations', headers: { cookie: admin } });
    const late = rows.json().invitations.find((i: { email: string }) => i.email === 'late@example.com');
    expect(late.status).toBe('Expired');

    const resent = await t.app.inject({ method: 'POST', url: `/api/admin/invitations/${late.id}/resend`, headers: { cookie: admin } });
    expect(resent.json().invitation.status).toBe('Invitation sent');
    const again = await waitForMailTo('late@example.com', 2);
    const fresh = bodyOf(again.at(-1)!.raw).match(/\/invitation\/([A-Za-z0-9_-]+)/)![1];
    expect(fresh).not.toBe(token);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${fresh}` })).statusCode).toBe(200);

    const gone = rows.json().invitations.find((i: { email: string }) => i.email === 'gone@example.com');
    const goneToken = bodyOf((await waitForMailTo('gone@example.com'))[0]!.raw).match(/\/invitation\/([A-Za-z0-9_-]+)/)![1];
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/invitations/${gone.id}/cancel`, headers: { cookie: admin } });
    expect(cancelled.json().invitation.status).toBe('Cancelled');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${goneToken}/accept`,
      payload: { firstName: 'G', lastName: 'One' },
    });
    expect([refused.statusCode, refused.json().error.message]).toEqual([410, InvitationMessages.linkCancelled]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, InvitationMessages.linkInvalid]);
  });

  it('takes the forms people paste, and a corrected list sent again leaves the links already sent alone unless asked', async () => {
    const known = await createUser(t.db, 'sami@school.test', { firstName: 'Sami', lastName: 'Known' });
    const first = await invite({
      list: 'omar@school.test Omar Haddad\njin@school.test;Jin;Park\nLi Wei <li@school.test>\nmo@school.test, Mo Salah',
      courseIds: [],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['invited', 'invited', 'invited', 'invited']);
    const names = await t.db
      .select()
      .from(invitations)
      .where(sql`${invitations.email} like '%@school.test'`);
    expect(names.map((i) => [i.email, i.firstName, i.lastName]).sort()).toEqual([
      ['jin@school.test', 'Jin', 'Park'],
      ['li@school.test', 'Li', 'Wei'],
      ['mo@school.test', 'Mo', 'Salah'],
      ['omar@school.test', 'Omar', 'Haddad'],
    ]);
    const tokenOf = async (email: string) => bodyOf((await waitForMailTo(email)).at(-1)!.raw).match(/\/invitation\/([A-Za-z0-9_-]+)/)![1]!;
    const omarLink = await tokenOf('omar@school.test');
    const jinLink = await tokenOf('jin@school.test');
    const mailsTo = async (email: string) =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'invitation')))
      ).length;

    // The corrected list: Jin's name fixed, a course chosen, one more person, one already a student.
    const corrected = await invite({
      list: 'omar@school.test Omar Haddad\njin@school.test;Jin;Parker\nnew@school.test New Person\nsami@school.test',
      courseIds: [courseA.course.id],
    });
    const results = corrected.json().results as { email: string; outcome: string; message: string; invitationId?: string }[];
    expect(results.map((r) => [r.email, r.outcome])).toEqual([
      ['omar@school.test', 'already_invited'],
      ['jin@school.test', 'already_invited'],
      ['new@school.test', 'invited'],
      ['sami@school.test', 'enrolled'],
    ]);
    expect(results[0]!.message).toBe(InvitationMessages.alreadyInvitedCoursesAdded(1));
    expect(results[0]!.invitationId).toBeTruthy();
    // Nothing was mailed again, and the links sent first still work, now with the course and the corrected name.
    expect([await mailsTo('omar@school.test'), await mailsTo('jin@school.test')]).toEqual([1, 1]);
    const jin = await t.app.inject({ method: 'GET', url: `/api/invitations/${jinLink}` });
    expect(jin.statusCode).toBe(200);
    expect(jin.json()).toMatchObject({ lastName: 'Parker', courses: ['C Programming'] });
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${omarLink}` })).statusCode).toBe(200);

    // The same list once more: the student already in the course is listed as such, and nothing is sent.
    const same = await invite({ list: 'omar@school.test\nsami@school.test', courseIds: [courseA.course.id] });
    expect(same.json().results.map((r: { outcome: string; message: string }) => [r.outcome, r.message])).toEqual([
      ['already_invited', InvitationMessages.alreadyInvited],
      ['already_student', 'Already a student, in every chosen course: nothing sent.'],
    ]);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.studentId, known.id))).toHaveLength(1);

    // 'Send Again' for one row: a new link, the old one stops working.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/invitations/${results[0]!.invitationId}/resend`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(200);
    expect(await mailsTo('omar@school.test')).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${omarLink}` })).statusCode).toBe(404);

    // Asked for the whole list: the open invitations are sent again with new links.
    const resent = await invite({ list: 'jin@school.test', courseIds: [], resendInvited: true });
    expect(resent.json().results).toMatchObject([{ outcome: 'resent', message: InvitationMessages.resentOnRequest }]);
    expect(await mailsTo('jin@school.test')).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${jinLink}` })).statusCode).toBe(404);

    // An expired invitation has no working link to keep: it is sent again without asking.
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'li@school.test'));
    const expired = await invite({ list: 'Li Wei <li@school.test>', courseIds: [] });
    expect(expired.json().results).toMatchObject([{ outcome: 'resent', message: InvitationMessages.resentExpired }]);
  });

  it('refuses a bad line with its own message, and an unreadable list as a whole, as the screen does', async () => {
    const res = await invite({ list: 'ok@school.test Ok Row\nada@@school Ada\nok@school.test', courseIds: [] });
    expect(res.json().results.map((r: { outcome: string; message: string }) => [r.outcome, r.message])).toEqual([
      ['invited', 'Invitation sent.'],
      ['failed', InvitationMessages.notAnAddress('ada@@school')],
      ['failed', InvitationMessages.listedTwice(1)],
    ]);
  });

  it('refuses a list over 1,000 rows and a course that is not published, writing nothing', async () => {
    const count = async () => (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from invitations`)).rows[0]!.n;
    const outbox = async () => (await t.db.select().from(mailOutbox)).length;
    const [before, mailsBefore] = [await count(), await outbox()];
    const long = Array.from({ length: 1001 }, (_, i) => `p${i}@example.com`).join('\n');
    const tooMany = await invite({ list: long, courseIds: [] });
    expect([tooMany.statusCode, tooMany.json().error.message]).toEqual([400, InvitationMessages.tooManyRows]);
    const draft = await invite({ list: 'someone@example.com', courseIds: [unpublished.course.id] });
    expect([draft.statusCode, draft.json().error.message]).toEqual([400, InvitationMessages.courseNotFound]);
    const empty = await invite({ list: '  \n ', courseIds: [] });
    expect(empty.statusCode).toBe(400);
    expect([await count(), await outbox()]).toEqual([before, mailsBefore]);
    // A list of exactly 1,000 is accepted.
    const most = await invite({ list: Array.from({ length: 1000 }, (_, i) => `q${i}@example.com`).join(', '), courseIds: [] });
    expect(most.statusCode).toBe(200);
    expect(most.json().results).toHaveLength(1000);
  }, 60_000);
});
