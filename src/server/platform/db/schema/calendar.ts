import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chapters, courses } from './courses';
import { exercises } from './practice';
import { quizzes } from './quizzes';
import { users } from './users';

/**
 * The school's own settings; one row. The time zone is the one every date is shown in and every "day" is counted
 * in (a due date's day, the late days, "this week"); dates are stored in UTC (decision 034).
 */
export const schoolSettings = pgTable(
  'school_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** An IANA zone name, such as Europe/Berlin. */
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('school_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * 'Extend Deadline': one student's own due date for a chapter (its exercises and quizzes without a due date of
 * their own take it), an exercise or a quiz. Exactly one of the three is set. The tutor's, with who and when.
 */
export const deadlineExtensions = pgTable(
  'deadline_extensions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id').references(() => exercises.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id').references(() => quizzes.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('deadline_extensions_one_item', sql`num_nonnulls(${t.chapterId}, ${t.exerciseId}, ${t.quizId}) = 1`),
    uniqueIndex('deadline_extensions_item_uq').on(t.studentId, sql`coalesce(${t.chapterId}, ${t.exerciseId}, ${t.quizId})`),
    index('deadline_extensions_course_idx').on(t.courseId, t.studentId),
  ],
);

/**
 * 'Override Score': the tutor's score for one student's exercise or quiz, in percent, with the reason, who and when.
 * It replaces the graded score in the gradebook and My Grades; the graded submissions stay as they were.
 */
export const gradeOverrides = pgTable(
  'grade_overrides',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id').references(() => exercises.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id').references(() => quizzes.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    reason: text('reason').notNull(),
    overriddenBy: uuid('overridden_by').references(() => users.id, { onDelete: 'set null' }),
    overriddenAt: timestamp('overridden_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('grade_overrides_one_item', sql`num_nonnulls(${t.exerciseId}, ${t.quizId}) = 1`),
    check('grade_overrides_score_check', sql`${t.score} between 0 and 100`),
    uniqueIndex('grade_overrides_item_uq').on(t.studentId, sql`coalesce(${t.exerciseId}, ${t.quizId})`),
    index('grade_overrides_course_idx').on(t.courseId),
  ],
);

/** The reminders of due dates sent: one per student, item and due date, so a moved due date is reminded again. */
export const dueReminders = pgTable(
  'due_reminders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id').references(() => exercises.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id').references(() => quizzes.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('due_reminders_one_item', sql`num_nonnulls(${t.exerciseId}, ${t.quizId}) = 1`),
    uniqueIndex('due_reminders_item_uq').on(t.studentId, sql`coalesce(${t.exerciseId}, ${t.quizId})`, t.dueAt),
  ],
);
