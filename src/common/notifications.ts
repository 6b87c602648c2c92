import { z } from 'zod';
import { ACTIVE_WITHIN_DAYS } from './analytics-texts';

/** The tutor's notification settings and the one-click reminder opt-out. */

export const REMINDER_TEXT_MAX = 2000;
/**
 * An enrolled student below 100% who is inactive by the analytics' one definition (nothing done in
 * a lesson for this long, and not newly joined) gets a reminder, at most once in as long again.
 */
export const INACTIVE_AFTER_DAYS = ACTIVE_WITHIN_DAYS;

export const notificationSettingsSchema = z.object({
  registrationDigest: z.boolean(),
  enrollmentNotice: z.boolean(),
  inactivityReminders: z.boolean(),
  weeklySummary: z.boolean(),
  /** A student is reminded a day before a due date they have not met (decision 034). */
  dueReminders: z.boolean(),
  reminderText: z.string(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Until the tutor saves their own: every kind on, and a reminder in a friendly tone. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  registrationDigest: true,
  enrollmentNotice: true,
  inactivityReminders: true,
  weeklySummary: true,
  dueReminders: true,
  reminderText:
    'We have not seen you for a while. Your course is waiting where you left it: a few minutes today keep what you learned fresh.',
};

export const notificationSettingsBodySchema = z.strictObject({
  registrationDigest: z.boolean(),
  enrollmentNotice: z.boolean(),
  inactivityReminders: z.boolean(),
  weeklySummary: z.boolean(),
  dueReminders: z.boolean(),
  reminderText: z
    .string({ error: 'Write the reminder text.' })
    .trim()
    .min(1, 'Write the reminder text.')
    .max(REMINDER_TEXT_MAX, `The reminder text may have at most ${REMINDER_TEXT_MAX} characters.`),
});

/** How mail leaves this server: through the mail server of SMTP_URL, or printed in its log (nobody receives it). */
export const mailTransportSchema = z.enum(['smtp', 'console']);
export type MailTransport = z.infer<typeof mailTransportSchema>;

export const notificationSettingsResponseSchema = z.object({
  settings: notificationSettingsSchema,
  /**
   * The outbox as it stands: messages waiting, waiting after a failed try, and handed on in the
   * last 7 days (to the mail server, or to the log when `transport` is 'console').
   */
  outbox: z.object({
    waiting: z.number().int(),
    failing: z.number().int(),
    sentLastWeek: z.number().int(),
    transport: mailTransportSchema,
  }),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;

/** POST /api/admin/notifications/test-mail: a test message to the signed-in tutor, through the outbox. */
export const testMailResponseSchema = z.object({
  /** The address it went to: the tutor's own. */
  to: z.string(),
  transport: mailTransportSchema,
  /** Where it went, in a sentence for the screen (NotificationMessages.testMailQueued). */
  message: z.string(),
});
export type TestMailResponse = z.infer<typeof testMailResponseSchema>;

export const NUDGE_MAX = 500;
export const nudgeBodySchema = z.strictObject({
  studentIds: z
    .array(z.uuid({ error: 'A student was not found. Refresh the page and try again.' }), { error: 'Choose the students to remind.' })
    .min(1, 'Choose the students to remind.')
    .max(NUDGE_MAX, `Remind at most ${NUDGE_MAX} students at a time.`),
});
export const nudgeOutcomeSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  outcome: z.enum(['reminded', 'skipped']),
  message: z.string(),
});
export type NudgeOutcome = z.infer<typeof nudgeOutcomeSchema>;
export const nudgeResponseSchema = z.object({ reminded: z.number().int(), results: z.array(nudgeOutcomeSchema) });
export type NudgeResponse = z.infer<typeof nudgeResponseSchema>;

/**
 * Which reminders an opt-out link turns off: 'all' (the reminders to inactive students, and the e-mails of the bell;
 * the reminders of due dates with them), or 'due' (only the reminders of due dates: the link in such a reminder).
 */
export const UNSUBSCRIBE_KINDS = ['all', 'due'] as const;
export const unsubscribeQuerySchema = z.object({ reminders: z.enum(UNSUBSCRIBE_KINDS).default('all') });
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

export const unsubscribeResponseSchema = z.object({ firstName: z.string(), unsubscribed: z.boolean() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
export const UnsubscribeMessages = {
  invalid: 'This unsubscribe link is not valid. Open the whole link from the e-mail.',
} as const;
