import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgEnum, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WebSource } from '../../../../common/media-helpers-texts';
import { courses, lessons } from './courses';
import { users } from './users';

export const tutorRoleEnum = pgEnum('tutor_role', ['user', 'assistant']);

/**
 * One chat with the AI tutor about one lesson, by one user (a student, or the admin previewing).
 * course_id is the lesson's course when the chat began, kept for per-course analytics.
 */
export const tutorConversations = pgTable(
  'tutor_conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The time of its newest message: the conversation a student finds again is the latest used. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tutor_conversations_user_lesson_idx').on(t.userId, t.lessonId, t.updatedAt),
    index('tutor_conversations_lesson_idx').on(t.lessonId),
    index('tutor_conversations_course_idx').on(t.courseId),
  ],
);

/** A question ('user') or an answer ('assistant'); the system prompt is rebuilt per request, never stored. */
export const tutorMessages = pgTable(
  'tutor_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The order of the messages: two can share a timestamp (a question and its instant answer). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => tutorConversations.id, { onDelete: 'cascade' }),
    role: tutorRoleEnum('role').notNull(),
    content: text('content').notNull(),
    /** An answer's web sources: the search results it cites as [n], in the order numbered; null for none. */
    sources: jsonb('sources').$type<WebSource[]>(),
    /** The hint level the question asked for in an exercise (1 nudge … 3 concept with an example); null outside one. */
    hintLevel: smallint('hint_level'),
    /**
     * What the leak guard did to this answer: null when it passed as written, 'regenerated' when the
     * first answer gave the solution away and this is the stricter second one, 'withheld' when both did
     * and the student read a refusal instead.
     */
    guardOutcome: text('guard_outcome'),
    /** The answer the guard kept from the student, for the tutor to read; null when none was kept back. */
    withheldContent: text('withheld_content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tutor_messages_conversation_idx').on(t.conversationId, t.seq),
    // Today's questions of a user (the daily budget): conversations by user, then this.
    index('tutor_messages_questions_idx')
      .on(t.conversationId, t.createdAt)
      .where(sql`${t.role} = 'user'`),
  ],
);
export type TutorConversationRow = typeof tutorConversations.$inferSelect;
export type TutorMessageRow = typeof tutorMessages.$inferSelect;
