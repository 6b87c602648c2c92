/**
 * The words of the notifications page about where mail goes, without zod (the page imports them).
 * The server answers 'Send Test E-mail' with the same sentence the screen shows.
 */

export type MailTransportKey = 'smtp' | 'console';

export const NotificationMessages = {
  testMailQueued: (to: string, transport: MailTransportKey) =>
    transport === 'smtp'
      ? `A test e-mail to ${to} is in the outbox and leaves within seconds through your mail server. If it does not arrive, look in the spam folder, then at the outbox below.`
      : `A test e-mail to ${to} is in the outbox, but no mail server is set up: it will be printed in the server's log, not sent.`,
  /** Said on the outbox when mail only goes to the console. */
  consoleOnly:
    "No mail server is set up (SMTP_URL is not set): e-mails are printed in the server's log and nobody receives them. Set SMTP_URL and restart the server to send them.",
  /** The opt-out page of a reminder of a due date (its link turns off only those reminders). */
  dueRemindersOff: 'Due date reminders turned off',
  dueRemindersOffText: (firstName: string, appName: string) =>
    `${firstName ? `${firstName}, you` : 'You'} will no longer get e-mails from ${appName} a day before something is due. Other reminders and messages about your account still arrive.`,
  /** The tutor's switch of the reminders of due dates. */
  dueRemindersLabel: 'Reminders of due dates',
  dueRemindersDescription:
    'To a student a day before an exercise or quiz is due that they have not passed yet (their own due date, extensions included), once per due date, with a one-click link to stop them.',
  /** The weekly summary's words of at risk (inactive, or with overdue work) and of what is due per course. */
  weeklyAtRiskTitle: 'At risk: nothing done in a lesson for a week or more, or overdue work',
  weeklyInactiveFor: (days: number | null) => (days === null ? 'nothing done in a lesson yet' : `inactive for ${days} days`),
  weeklyOverdue: (items: number) => (items === 1 ? '1 overdue item' : `${items} overdue items`),
  weeklyDueTitle: 'Due dates by course',
  weeklyDueLine: (course: string, dueNextWeek: number, lateThisWeek: number, overdue: number) =>
    `${course}: ${dueNextWeek} ${dueNextWeek === 1 ? 'item' : 'items'} due in the coming week, ${lateThisWeek} handed in late this week, ${overdue} overdue and not passed`,
  /** The outbox's third figure, by where mail goes. */
  handedOnLabel: (transport: MailTransportKey) =>
    transport === 'smtp' ? 'Sent in the last 7 days' : "Printed in the server's log in the last 7 days (not sent)",
} as const;
