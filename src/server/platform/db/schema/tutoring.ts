import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { courses, lessons } from './courses';
import { exercises, exerciseSubmissions } from './practice';
import { tutorConversations } from './ai-tutor';
import { users } from './users';

/**
 * What is new for one person, shown under the bell in the header: feedback on a submission, a reply
 * to a question, a new question for the tutor. The text is written when the event happens, so the
 * list needs no joins; `link` is the in-app path the item opens.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'feedback' | 'reply' | 'question' (the shared type in src/common/user-notifications.ts). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('user_notifications_user_idx').on(t.userId, t.createdAt),
    index('user_notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * The tutor's review of one submission: an overall comment and the line comments below. A draft
 * until 'Send Feedback' sets sent_at; the student sees only sent reviews, and seen_at marks the
 * lesson in their outline until they have looked.
 */
export const submissionReviews = pgTable(
  'submission_reviews',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => exerciseSubmissions.id, { onDelete: 'cascade' }),
    /** The submission's author, kept here so a student's reviews are found without the submissions. */
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** What the student sees once sent: set by 'Send Feedback' from the draft below. */
    overallComment: text('overall_comment').notNull().default(''),
    /** An overall comment written and not sent yet (null: none pending). */
    draftOverallComment: text('draft_overall_comment'),
    /** How many times the feedback was sent: each send is told to the student once. */
    sendCount: integer('send_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('submission_reviews_submission_idx').on(t.submissionId),
    index('submission_reviews_student_lesson_idx').on(t.studentId, t.lessonId),
  ],
);

/** A comment on one line of a reviewed submission (1-based); several may share a line. Markdown. */
export const reviewComments = pgTable(
  'review_comments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => submissionReviews.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while a draft; a comment added after a send is a draft until the next one. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('review_comments_review_idx').on(t.reviewId, t.line), check('review_comments_line_check', sql`${t.line} >= 1`)],
);

/** The tutor's bank of comments to reuse ('Saved Comments'). */
export const savedComments = pgTable('saved_comments', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A student's question to the tutor about a lesson ('Ask Your Tutor'), with what was attached when
 * it was asked: the exercise, the code and the latest result, and, if the student chose, their
 * conversation with the AI tutor. Waiting for the tutor while the newest message is the student's.
 */
export const questionThreads = pgTable(
  'question_threads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id').references(() => exercises.id, { onDelete: 'set null' }),
    code: text('code'),
    /** The latest result as the student saw it (verdict, counts, summary), or null. */
    result: jsonb('result'),
    aiConversationId: uuid('ai_conversation_id').references(() => tutorConversations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while the newest message is the student's; cleared by the tutor's reply. */
    awaitingTutorSince: timestamp('awaiting_tutor_since', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('question_threads_student_lesson_idx').on(t.studentId, t.lessonId),
    index('question_threads_awaiting_idx')
      .on(t.awaitingTutorSince)
      .where(sql`${t.awaitingTutorSince} is not null and ${t.resolvedAt} is null`),
    index('question_threads_last_message_idx').on(t.lastMessageAt),
  ],
);

/** One message of a thread, by the student or the tutor. */
export const questionMessages = pgTable(
  'question_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => questionThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('question_messages_thread_idx').on(t.threadId, t.seq)],
);

/**
 * A student's own daily allowance of AI tutor questions in one course, overriding the course's
 * default (courses.ai_tutor_daily_messages) and the site's.
 */
export const aiTutorAllowances = pgTable(
  'ai_tutor_allowances',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyMessages: integer('daily_messages').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.studentId] }),
    index('ai_tutor_allowances_student_idx').on(t.studentId),
    check('ai_tutor_allowances_daily_check', sql`${t.dailyMessages} between 0 and 1000`),
  ],
);

export type UserNotificationRow = typeof userNotifications.$inferSelect;
export type SubmissionReviewRow = typeof submissionReviews.$inferSelect;
export type ReviewCommentRow = typeof reviewComments.$inferSelect;
export type QuestionThreadRow = typeof questionThreads.$inferSelect;
export type QuestionMessageRow = typeof questionMessages.$inferSelect;
