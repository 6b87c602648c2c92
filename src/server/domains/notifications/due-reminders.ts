import { sql } from 'drizzle-orm';
import { CalendarMessages, formatInZone } from '../../../common/calendar';
import type { Queryable } from '../../platform/db/transaction';
import { queueMail } from '../../platform/mail/outbox';
import { dueReminderMail, type DueReminderItem } from '../../platform/mail/templates/calendar';
import type { MailContext } from '../../platform/mail/templates/notifications';

/** The hourly job of the reminders of due dates, run by the app's background job runner (background-jobs.ts). */
export const DUE_REMINDERS_TASK = 'due_reminders';

/** How long before a due date its reminder goes: the hourly job reminds what falls due within this window. */
export const DUE_REMINDER_AHEAD_HOURS = 24;

type DueRow = {
  student_id: string;
  email: string;
  first_name: string;
  course_id: string;
  course_title: string;
  exercise_id: string | null;
  quiz_id: string | null;
  lesson_id: string;
  title: string;
  due_at: Date | string;
  /** The due date as PostgreSQL writes it, to the microsecond: the key of its reminder row (a JavaScript date keeps milliseconds). */
  due_key: string;
};

/** The school's time zone (calendar_time_zone), in which every date of a mail is written. */
async function schoolTimeZone(on: Queryable): Promise<string> {
  const { rows } = await on.execute<{ time_zone: string }>(sql`select calendar_time_zone() as time_zone`);
  return rows[0]!.time_zone;
}

/**
 * Queues a reminder to every student with an exercise or quiz falling due within the next DUE_REMINDER_AHEAD_HOURS
 * that they have not met (calendar_course_work: no passing graded submit, no passed attempt), in a chapter open to
 * them, of a published course they are enrolled in; one mail per student listing their items. Not to a student who
 * turned these reminders off (reminder_state.due_reminders_off_at) or every reminder (unsubscribed_at). Each student,
 * item and due date is reminded once (the unique row in due_reminders is claimed first, so two runs or two instances
 * never send it twice); a due date moved later, by the tutor or an extension, is reminded again. Runs in the caller's
 * transaction: the rows exist exactly when the mails do. The number of mails queued.
 */
export async function queueDueReminders(
  tx: Queryable,
  ctx: MailContext,
  at: Date,
  unsubscribeUrl: (userId: string) => string,
): Promise<number> {
  const until = new Date(at.getTime() + DUE_REMINDER_AHEAD_HOURS * 60 * 60 * 1000);
  const { rows } = await tx.execute<DueRow>(sql`
    select w.student_id, u.email, u.first_name, c.id as course_id, c.title as course_title, w.exercise_id, w.quiz_id,
      coalesce(x.lesson_id, q.lesson_id) as lesson_id, coalesce(x.title, ql.title) as title, w.due_at, w.due_at::text as due_key
    from courses c
    cross join lateral calendar_course_work(c.id, null) w
    join users u on u.id = w.student_id
    left join reminder_state r on r.user_id = u.id
    left join exercises x on x.id = w.exercise_id
    left join quizzes q on q.id = w.quiz_id
    left join lessons ql on ql.id = q.lesson_id
    where c.is_published and calendar_course_has_dues(c.id)
      and u.role = 'student' and u.approval_status = 'approved'
      and r.unsubscribed_at is null and r.due_reminders_off_at is null
      and w.met_at is null
      and w.due_at > ${at.toISOString()}::timestamptz and w.due_at <= ${until.toISOString()}::timestamptz
      and (w.opens_at is null or w.opens_at <= ${at.toISOString()}::timestamptz)
    order by u.id, w.due_at, c.title, title`);
  if (rows.length === 0) return 0;
  const zone = await schoolTimeZone(tx);
  const byStudent = new Map<string, { email: string; firstName: string; items: DueReminderItem[] }>();
  for (const r of rows) {
    const { rows: claimed } = await tx.execute(sql`
      insert into due_reminders (student_id, exercise_id, quiz_id, due_at, sent_at)
      values (${r.student_id}, ${r.exercise_id}, ${r.quiz_id}, ${r.due_key}::timestamptz, ${at.toISOString()}::timestamptz)
      on conflict do nothing returning id`);
    if (claimed.length === 0) continue;
    const student = byStudent.get(r.student_id) ?? { email: r.email, firstName: r.first_name, items: [] };
    student.items.push({
      title: r.quiz_id ? CalendarMessages.quizItem(r.title) : r.title,
      courseTitle: r.course_title,
      due: formatInZone(r.due_at, zone),
      url: `${ctx.appUrl}/course/${encodeURIComponent(r.course_id)}?lesson=${encodeURIComponent(r.lesson_id)}`,
    });
    byStudent.set(r.student_id, student);
  }
  for (const [studentId, s] of byStudent) {
    const optOut = unsubscribeUrl(studentId);
    await queueMail(tx, {
      kind: 'due-reminder',
      userId: studentId,
      to: s.email,
      unsubscribeUrl: optOut,
      ...dueReminderMail(ctx, s.firstName, s.items, optOut),
    });
  }
  return byStudent.size;
}
