import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { activeSince } from '../../../common/analytics-texts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  INACTIVE_AFTER_DAYS,
  type MailTransport,
  type NotificationSettings,
  type NudgeResponse,
  type TestMailResponse,
  type UnsubscribeKind,
} from '../../../common/notifications';
import { NotificationMessages } from '../../../common/notifications-texts';
import type { Db } from '../../platform/db/client';
import { notificationSettings, reminderState } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import { badRequest } from '../../platform/http/errors';
import {
  enrollmentMail,
  registrationDigestMail,
  reminderMail,
  testMail,
  weeklySummaryMail,
  type MailContext,
} from '../../platform/mail/templates/notifications';
import { outboxFigures, queueMail } from '../../platform/mail/outbox';
import { queueDueReminders } from './due-reminders';

/** Jobs of the notifications, run by the app's background job runner (background-jobs.ts). */
export const REGISTRATION_DIGEST_TASK = 'registration_digest';
export const INACTIVITY_REMINDERS_TASK = 'inactivity_reminders';
export const WEEKLY_SUMMARY_TASK = 'weekly_summary';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The tutor's settings; the defaults until they save their own (a new database has no row). */
async function loadSettings(on: Queryable): Promise<NotificationSettings> {
  const [row] = await on.select().from(notificationSettings).where(eq(notificationSettings.id, 1));
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return {
    registrationDigest: row.registrationDigest,
    enrollmentNotice: row.enrollmentNotice,
    inactivityReminders: row.inactivityReminders,
    weeklySummary: row.weeklySummary,
    dueReminders: row.dueReminders,
    reminderText: row.reminderText,
  };
}

/**
 * Locks the settings row for the caller's transaction, writing the defaults first when there is
 * none: the timed jobs take this lock so that two instances running one together take turns.
 */
async function lockSettings(on: Queryable): Promise<{ registrationsToldUntil: string | null }> {
  await on.insert(notificationSettings).values({ id: 1, reminderText: DEFAULT_NOTIFICATION_SETTINGS.reminderText }).onConflictDoNothing();
  const { rows } = await on.execute<{ told_until: string | null }>(
    sql`select registrations_told_until as told_until from notification_settings where id = 1 for update`,
  );
  return { registrationsToldUntil: rows[0]!.told_until };
}

const courseUrl = (ctx: MailContext, courseId: string) => `${ctx.appUrl}/course/${encodeURIComponent(courseId)}`;

/**
 * Tells a student they were enrolled, one message per course, unless the tutor turned these off.
 * Runs in the caller's transaction: the message exists exactly when the enrollment does.
 */
export async function queueEnrollmentNotices(on: Queryable, ctx: MailContext, studentId: string, courseIds: string[]): Promise<void> {
  if (courseIds.length === 0) return;
  const settings = await loadSettings(on);
  if (!settings.enrollmentNotice) return;
  const { rows } = await on.execute<{ email: string; first_name: string; course_id: string; title: string }>(sql`
    select u.email, u.first_name, c.id as course_id, c.title
    from users u cross join courses c
    where u.id = ${studentId} and c.id in (${sql.join(
      courseIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  for (const r of rows) {
    const mail = enrollmentMail(ctx, r.first_name, { title: r.title, url: courseUrl(ctx, r.course_id) });
    await queueMail(on, { kind: 'enrolment', userId: studentId, to: r.email, ...mail });
  }
}

/**
 * After a registration: the tutor's digest job, due an hour after the last digest (or now). The
 * job key keeps one digest waiting, whatever the number of registrations until it runs.
 */
export async function scheduleRegistrationDigest(on: Queryable): Promise<void> {
  await on.execute(sql`
    select graphile_worker.add_job(${REGISTRATION_DIGEST_TASK}, '{}'::json,
      job_key => 'registration-digest', job_key_mode => 'preserve_run_at', max_attempts => 5,
      run_at => (select greatest(now(), registrations_told_until + interval '1 hour') from notification_settings where id = 1))`);
}

type InactiveStudent = { id: string; email: string; first_name: string; last_name: string; last_active: Date | string | null };

export type NotificationsServiceDeps = {
  db: Db;
  ctx: MailContext;
  secret: string;
  now: () => Date;
  /** How mail leaves this server: the outbox and 'Send Test E-mail' say so when it only goes to the log. */
  mailTransport: MailTransport;
};

export function createNotificationsService({ db, ctx, secret, now, mailTransport }: NotificationsServiceDeps) {
  const mac = (userId: string) => crypto.createHmac('sha256', secret).update(`reminders-unsubscribe:${userId}`).digest('base64url');

  /** The student's own opt-out link: their id, then a keyed hash of it, so it needs no sign-in and fits no one else. */
  // No dot in it: the server takes a last path segment with a dot for a file's name.
  const unsubscribeToken = (userId: string) => `${userId}${mac(userId)}`;
  // One link and one mechanism for every opt-out: the reminders of due dates name what they turn off in the query.
  const unsubscribeUrl = (userId: string, kind: UnsubscribeKind = 'all') =>
    `${ctx.appUrl}/unsubscribe/${unsubscribeToken(userId)}${kind === 'all' ? '' : `?reminders=${kind}`}`;

  function userOfToken(token: string): string | null {
    const [userId, given] = [token.slice(0, 36), token.slice(36)];
    if (!given || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
    const expected = Buffer.from(mac(userId));
    const actual = Buffer.from(given);
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected) ? userId : null;
  }

  /**
   * Approved students enrolled in a course they have not finished who are inactive by the one
   * definition the analytics page uses (analytics_student_engagement: nothing done in a lesson for
   * a week, and not newly joined or enrolled), who have not turned reminders off and had none this
   * week. `ids` narrows them to a list (the tutor's nudge), where inactivity is not asked.
   */
  async function remindable(on: Queryable, at: Date, ids?: string[]): Promise<InactiveStudent[]> {
    const since = new Date(at.getTime() - INACTIVE_AFTER_DAYS * DAY_MS);
    const chosen = ids
      ? sql`u.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`true`;
    const inactive = ids ? sql`true` : sql`eg.status = 'inactive'`;
    const { rows } = await on.execute<InactiveStudent>(sql`
      select u.id, u.email, u.first_name, u.last_name, eg.last_activity_at as last_active
      from analytics_student_engagement(${activeSince(at).toISOString()}::timestamptz) eg
      join users u on u.id = eg.student_id
      left join reminder_state r on r.user_id = u.id
      where ${chosen}
        and r.unsubscribed_at is null
        and (r.last_reminded_at is null or r.last_reminded_at < ${since.toISOString()}::timestamptz)
        and ${inactive}
        and exists (
          select 1 from enrollments e cross join lateral learning_course_counts(u.id, e.course_id) k
          where e.student_id = u.id and k.total > 0 and k.completed < k.total)
      order by u.last_name, u.first_name`);
    return rows;
  }

  /** Queues one reminder and notes when it went; the caller's transaction holds both. */
  async function remind(on: Queryable, student: InactiveStudent, text: string, at: Date): Promise<void> {
    const { rows: courses } = await on.execute<{ id: string; title: string; total: number; completed: number }>(sql`
      select c.id, c.title, k.total, k.completed
      from enrollments e join courses c on c.id = e.course_id cross join lateral learning_course_counts(${student.id}::uuid, c.id) k
      where e.student_id = ${student.id} and k.total > 0 and k.completed < k.total
      order by c.title`);
    const mail = reminderMail(
      ctx,
      student.first_name,
      text,
      courses.map((c) => ({ title: c.title, percent: Math.floor((100 * c.completed) / c.total), url: courseUrl(ctx, c.id) })),
      unsubscribeUrl(student.id),
    );
    await queueMail(on, { kind: 'reminder', userId: student.id, to: student.email, unsubscribeUrl: unsubscribeUrl(student.id), ...mail });
    await on
      .insert(reminderState)
      .values({ userId: student.id, lastRemindedAt: at })
      .onConflictDoUpdate({ target: reminderState.userId, set: { lastRemindedAt: at } });
  }

  async function adminRecipients(on: Queryable): Promise<{ id: string; email: string }[]> {
    const { rows } = await on.execute<{ id: string; email: string }>(
      sql`select id, email from users where role = 'admin' order by created_at`,
    );
    return rows;
  }

  return {
    unsubscribeToken,

    async settings() {
      return { settings: await loadSettings(db), outbox: { ...(await outboxFigures(db)), transport: mailTransport } };
    },

    /**
     * 'Send Test E-mail': one message to the signed-in tutor, through the outbox like every other
     * (so it proves the whole way: queue, sender, mail server), and where it went in words.
     */
    async sendTestMail(tutor: { id: string; email: string }): Promise<TestMailResponse> {
      await db.transaction((tx) => queueMail(tx, { kind: 'test-mail', userId: tutor.id, to: tutor.email, ...testMail(ctx) }));
      return { to: tutor.email, transport: mailTransport, message: NotificationMessages.testMailQueued(tutor.email, mailTransport) };
    },

    async updateSettings(next: NotificationSettings) {
      await db
        .insert(notificationSettings)
        .values({ id: 1, ...next, updatedAt: now() })
        .onConflictDoUpdate({ target: notificationSettings.id, set: { ...next, updatedAt: now() } });
      return this.settings();
    },

    /**
     * Who a link belongs to and whether they are off already (for 'due', the reminders of due dates: off by their own
     * link or with every reminder); a forged or altered link is a 400.
     */
    async unsubscribeStatus(token: string, kind: UnsubscribeKind = 'all') {
      const userId = userOfToken(token);
      const { rows } = userId
        ? await db.execute<{ first_name: string; unsubscribed_at: Date | null; due_reminders_off_at: Date | null }>(
            sql`select u.first_name, r.unsubscribed_at, r.due_reminders_off_at
                from users u left join reminder_state r on r.user_id = u.id where u.id = ${userId}`,
          )
        : { rows: [] };
      const row = rows[0];
      if (!userId || !row) throw badRequest('This unsubscribe link is not valid. Open the whole link from the e-mail.');
      const off = row.unsubscribed_at !== null || (kind === 'due' && row.due_reminders_off_at !== null);
      return { userId, firstName: row.first_name, unsubscribed: off };
    },

    async unsubscribe(token: string, kind: UnsubscribeKind = 'all') {
      const { userId, firstName } = await this.unsubscribeStatus(token, kind);
      const column = kind === 'due' ? reminderState.dueRemindersOffAt : reminderState.unsubscribedAt;
      await db
        .insert(reminderState)
        .values({ userId, ...(kind === 'due' ? { dueRemindersOffAt: now() } : { unsubscribedAt: now() }) })
        .onConflictDoUpdate({
          target: reminderState.userId,
          set:
            kind === 'due'
              ? { dueRemindersOffAt: sql`coalesce(${column}, ${now()})` }
              : { unsubscribedAt: sql`coalesce(${column}, ${now()})` },
        });
      return { firstName, unsubscribed: true };
    },

    /**
     * The tutor's nudge from analytics: a reminder to each chosen student now, except those who
     * turned reminders off, were reminded this week, or have nothing left to study. Unknown ids
     * are a 400 and nothing is sent.
     */
    async nudge(studentIds: string[]): Promise<NudgeResponse> {
      const ids = [...new Set(studentIds)];
      return db.transaction(async (tx) => {
        const { rows: known } = await tx.execute<{ id: string; name: string; approval_status: string }>(sql`
          select id, trim(first_name || ' ' || last_name) as name, approval_status from users
          where role = 'student' and id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`);
        if (known.length !== ids.length) throw badRequest('A chosen student was not found. Refresh the page and try again.');
        const at = now();
        const settings = await loadSettings(tx);
        const due = new Map((await remindable(tx, at, ids)).map((s) => [s.id, s]));
        const { rows: state } = await tx.execute<{ user_id: string; unsubscribed_at: Date | null }>(
          sql`select user_id, unsubscribed_at from reminder_state where user_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
        const off = new Set(state.filter((s) => s.unsubscribed_at).map((s) => s.user_id));
        const results: NudgeResponse['results'] = [];
        for (const k of known) {
          const student = due.get(k.id);
          if (student) {
            await remind(tx, student, settings.reminderText, at);
            results.push({ studentId: k.id, name: k.name, outcome: 'reminded', message: 'Reminder queued' });
            continue;
          }
          const why =
            k.approval_status !== 'approved'
              ? 'Not an approved student'
              : off.has(k.id)
                ? 'Turned reminders off'
                : 'Reminded in the last 7 days, or has no unfinished course';
          results.push({ studentId: k.id, name: k.name, outcome: 'skipped', message: why });
        }
        return { reminded: results.filter((r) => r.outcome === 'reminded').length, results };
      });
    },

    /** The digest job: every registration since the last digest, in one message to the tutor. */
    async sendRegistrationDigest(): Promise<number> {
      return db.transaction(async (tx) => {
        // Registrations are stamped by the database's clock, so the digest's cut-off is that clock too.
        const { registrationsToldUntil: toldUntil } = await lockSettings(tx);
        const { rows: clock } = await tx.execute<{ until: string }>(sql`select now() as until`);
        const { until } = clock[0]!;
        const { rows: students } = await tx.execute<{ name: string; email: string }>(sql`
          select trim(first_name || ' ' || last_name) as name, email from users
          where role = 'student' and approval_status = 'pending'
            and created_at > coalesce(${toldUntil}::timestamptz, '-infinity') and created_at <= ${until}::timestamptz
          order by created_at`);
        await tx.execute(sql`update notification_settings set registrations_told_until = ${until}::timestamptz where id = 1`);
        const settings = await loadSettings(tx);
        if (!settings.registrationDigest || students.length === 0) return 0;
        const mail = registrationDigestMail(ctx, students);
        for (const admin of await adminRecipients(tx))
          await queueMail(tx, { kind: 'registration-digest', userId: admin.id, to: admin.email, ...mail });
        return students.length;
      });
    },

    /** The hourly job: reminders to the students inactive for a week (each at most once a week). */
    async sendInactivityReminders(): Promise<number> {
      return db.transaction(async (tx) => {
        const settings = await loadSettings(tx);
        if (!settings.inactivityReminders) return 0;
        // One sender at a time: two instances running the job together would both see a student as due.
        await lockSettings(tx);
        const at = now();
        const due = await remindable(tx, at);
        for (const student of due) await remind(tx, student, settings.reminderText, at);
        return due.length;
      });
    },

    /**
     * The hourly job: a reminder a day before each due date a student has not met (due-reminders.ts), unless the
     * tutor turned these off.
     */
    async sendDueReminders(): Promise<number> {
      return db.transaction(async (tx) => {
        const settings = await loadSettings(tx);
        if (!settings.dueReminders) return 0;
        return queueDueReminders(tx, ctx, now(), (userId) => unsubscribeUrl(userId, 'due'));
      });
    },

    /**
     * The weekly job, to the tutor: new students, completions and students at risk of the last 7 days, and per course
     * what is due in the coming week, late this week and overdue.
     */
    async sendWeeklySummary(): Promise<boolean> {
      return db.transaction(async (tx) => {
        const settings = await loadSettings(tx);
        if (!settings.weeklySummary) return false;
        const at = now();
        const since = new Date(at.getTime() - 7 * DAY_MS).toISOString();
        const { rows: newStudents } = await tx.execute<{ name: string }>(sql`
          select trim(first_name || ' ' || last_name) as name from users
          where role = 'student' and created_at > ${since}::timestamptz order by created_at`);
        const { rows: completions } = await tx.execute<{ name: string; course: string }>(sql`
          select trim(u.first_name || ' ' || u.last_name) as name, c.title as course
          from certificates ce join users u on u.id = ce.student_id join courses c on c.id = ce.course_id
          where ce.issued_at > ${since}::timestamptz order by ce.issued_at`);
        // At risk: every student with an unfinished course who is inactive by the analytics page's
        // definition (analytics_student_engagement), reminded or not, whether or not they turned reminders off;
        // and every approved student with overdue work by the calendar's (calendar_overdue, the analytics'
        // 'Overdue work'), each with their reasons.
        const nowAt = sql`${at.toISOString()}::timestamptz`;
        const { rows: atRisk } = await tx.execute<{
          name: string;
          inactive: boolean;
          last_active: Date | string | null;
          overdue: number;
        }>(sql`
          with inactive as (
            select eg.student_id, eg.last_activity_at
            from analytics_student_engagement(${activeSince(at).toISOString()}::timestamptz) eg
            where eg.status = 'inactive'
              and exists (select 1 from enrollments e cross join lateral learning_course_counts(eg.student_id, e.course_id) k
                          where e.student_id = eg.student_id and k.total > 0 and k.completed < k.total)
          ), overdue as (
            select o.student_id, sum(o.items)::int as items from calendar_overdue(${nowAt}) o group by o.student_id
          )
          select trim(u.first_name || ' ' || u.last_name) as name, i.student_id is not null as inactive,
            i.last_activity_at as last_active, coalesce(od.items, 0) as overdue
          from users u
          left join inactive i on i.student_id = u.id
          left join overdue od on od.student_id = u.id
          where u.role = 'student' and u.approval_status = 'approved' and (i.student_id is not null or od.student_id is not null)
          order by i.student_id is null, i.last_activity_at nulls first, u.last_name, u.first_name`);
        // Per published course with due dates, over its approved students: the items due in the coming week, the work
        // handed in late this week (met after the student's due date: calendar_late), and the overdue work now.
        const { rows: dues } = await tx.execute<{ course: string; due_next_week: number; late_this_week: number; overdue: number }>(sql`
          with overdue as (select o.course_id, o.student_id, o.items from calendar_overdue(${nowAt}) o)
          select c.title as course,
            count(distinct coalesce(w.exercise_id, w.quiz_id))
              filter (where w.due_at > ${nowAt} and w.due_at <= ${nowAt} + interval '7 days')::int as due_next_week,
            count(*) filter (where w.met_at > ${since}::timestamptz and (calendar_late(c.id, w.due_at, w.met_at)).late)::int as late_this_week,
            coalesce((select sum(o.items) from overdue o join users ou on ou.id = o.student_id
                      where o.course_id = c.id and ou.approval_status = 'approved'), 0)::int as overdue
          from courses c
          cross join lateral calendar_course_work(c.id, null) w
          join users u on u.id = w.student_id and u.approval_status = 'approved'
          where c.is_published and calendar_course_has_dues(c.id)
          group by c.id, c.title
          order by c.title, c.id`);
        const summary = {
          newStudents: newStudents.map((s) => s.name),
          completions,
          atRisk: atRisk.map((s) => ({
            name: s.name,
            inactive: s.inactive,
            days: s.last_active === null ? null : Math.floor((at.getTime() - new Date(s.last_active).getTime()) / DAY_MS),
            overdue: s.overdue,
          })),
          dues: dues
            .filter((d) => d.due_next_week + d.late_this_week + d.overdue > 0)
            .map((d) => ({ course: d.course, dueNextWeek: d.due_next_week, lateThisWeek: d.late_this_week, overdue: d.overdue })),
        };
        const mail = weeklySummaryMail(ctx, summary);
        // One summary per week, however many instances run the job.
        const week = `${at.getUTCFullYear()}-${Math.floor((at.getTime() - Date.UTC(at.getUTCFullYear(), 0, 1)) / (7 * DAY_MS))}`;
        let queued = false;
        for (const admin of await adminRecipients(tx)) {
          queued =
            (await queueMail(tx, {
              kind: 'weekly-summary',
              userId: admin.id,
              to: admin.email,
              dedupeKey: `weekly-summary:${admin.id}:${week}`,
              ...mail,
            })) || queued;
        }
        return queued;
      });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
