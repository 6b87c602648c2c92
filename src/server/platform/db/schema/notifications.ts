import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every e-mail except sign-in codes is written here first, in the transaction of what it tells,
 * and sent by a background job (docs/decisions/022-mail-outbox-and-notifications.md). Once sent,
 * the body is emptied: the row stays as a record that the message went, without its content.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** What kind of message (approval, enrolment, invitation, reminder, digest, summary). */
    kind: text('kind').notNull(),
    /** The person it is about or for; their messages go when they are deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** The one-click unsubscribe address of a reminder (List-Unsubscribe). */
    unsubscribeUrl: text('unsubscribe_url'),
    /** A message that must exist once (a weekly summary of one week): a second insert is ignored. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
    index('mail_outbox_user_idx').on(t.userId),
  ],
);

/** The tutor's choices of which notifications go out; one row. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: integer('id').primaryKey().default(1),
    registrationDigest: boolean('registration_digest').notNull().default(true),
    enrollmentNotice: boolean('enrolment_notice').notNull().default(true),
    inactivityReminders: boolean('inactivity_reminders').notNull().default(true),
    weeklySummary: boolean('weekly_summary').notNull().default(true),
    /** A student is reminded a day before a due date they have not met. */
    dueReminders: boolean('due_reminders').notNull().default(true),
    /** The tutor's own words in the reminder to inactive students. */
    reminderText: text('reminder_text').notNull(),
    /** Registrations up to here have been told to the tutor. */
    registrationsToldUntil: timestamp('registrations_told_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('notification_settings_one_row', sql`${t.id} = 1`)],
);

/** Per student: whether they turned reminders off, and when the last one went. */
export const reminderState = pgTable('reminder_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
  /** The student turned off the reminders of due dates (their own link in such a mail). */
  dueRemindersOffAt: timestamp('due_reminders_off_at', { withTimezone: true }),
});

/** An e-mailed invitation to join, with the courses its taker is enrolled in. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    courseIds: uuid('course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** SHA-256 of the link's token; a resend makes a new token, so an older link stops working. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // One open invitation per address: inviting it again resends that one.
    uniqueIndex('invitations_open_email_uq')
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.cancelledAt} is null`),
    index('invitations_created_idx').on(t.createdAt),
  ],
);
