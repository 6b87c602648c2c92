import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { lessons } from './courses';
import { users } from './users';

/** A lesson's quiz: at most one per lesson (docs/decisions/020-quizzes-and-progression.md). */
export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** The share of questions right, in percent, that passes. */
    passMark: integer('pass_mark').notNull().default(70),
    /** Null: as many attempts as the student likes. */
    attemptsAllowed: integer('attempts_allowed'),
    /** Questions and their choices in an order of their own per attempt. */
    shuffle: boolean('shuffle').notNull().default(false),
    /**
     * When a student reads the explanations of a graded attempt: 'each_attempt', or 'at_end' (once
     * they passed the quiz or used every attempt), so an explanation cannot hand out the answer for a retry.
     */
    explanationsShown: text('explanations_shown').notNull().default('at_end'),
    /** 'Due Date' of this quiz; null: its chapter's. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('quizzes_lesson_uq').on(t.lessonId),
    check('quizzes_pass_mark_check', sql`${t.passMark} between 0 and 100`),
    check('quizzes_attempts_allowed_check', sql`${t.attemptsAllowed} is null or ${t.attemptsAllowed} >= 1`),
    check('quizzes_explanations_shown_check', sql`${t.explanationsShown} in ('each_attempt', 'at_end')`),
  ],
);

/**
 * A question. What is right depends on the kind: the choices marked correct (single and multiple),
 * `accepted_answers` (short answer, compared trimmed and case-insensitive), or `correct_number`
 * give or take `tolerance` (number). None of it leaves the server before an attempt is graded.
 */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    prompt: text('prompt').notNull(),
    explanation: text('explanation').notNull().default(''),
    acceptedAnswers: jsonb('accepted_answers').$type<string[]>(),
    correctNumber: doublePrecision('correct_number'),
    tolerance: doublePrecision('tolerance'),
  },
  (t) => [
    index('quiz_questions_quiz_idx').on(t.quizId, t.position),
    check('quiz_questions_kind_check', sql`${t.kind} in ('single', 'multiple', 'short', 'number')`),
    check('quiz_questions_tolerance_check', sql`${t.tolerance} is null or ${t.tolerance} >= 0`),
  ],
);

export const quizChoices = pgTable(
  'quiz_choices',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    correct: boolean('correct').notNull().default(false),
  },
  (t) => [index('quiz_choices_question_idx').on(t.questionId, t.position)],
);

/**
 * A graded attempt. `answers` is what the student sent, `results` per question whether it was
 * right (by question id, with its position at the time), so the tutor's figures survive edits.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 for the student's first attempt at this quiz, and so on. */
    number: integer('number').notNull(),
    answers: jsonb('answers').notNull(),
    results: jsonb('results').notNull().$type<{ questionId: string; correct: boolean }[]>(),
    correctCount: integer('correct_count').notNull(),
    questionCount: integer('question_count').notNull(),
    /** Percent, 0 to 100, rounded down. */
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('quiz_attempts_student_number_uq').on(t.quizId, t.studentId, t.number),
    index('quiz_attempts_created_idx').on(t.createdAt),
  ],
);

/**
 * What the tutor changed of one student's allowance at a quiz (decision 020, revision 1): attempts
 * granted beyond the quiz's number, and a reset. A reset keeps every attempt (the figures count
 * them, the student still sees the last one) and stops counting the `attempts_before_reset` first
 * ones against the allowance. One row per student and quiz, written only by the tutor; without
 * one the quiz's number applies as it is. `attemptsAllowance` (quiz-allowance.ts) is the one
 * reader of the rule.
 */
export const quizAttemptGrants = pgTable(
  'quiz_attempt_grants',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Attempts the tutor granted since the last reset, on top of the quiz's. */
    extraAttempts: integer('extra_attempts').notNull().default(0),
    /** Attempts made before the tutor's last reset: kept, and no longer counted against the allowance. */
    attemptsBeforeReset: integer('attempts_before_reset').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.studentId] }),
    index('quiz_attempt_grants_student_idx').on(t.studentId),
    check('quiz_attempt_grants_extra_check', sql`${t.extraAttempts} >= 0`),
    check('quiz_attempt_grants_reset_check', sql`${t.attemptsBeforeReset} >= 0`),
  ],
);

/**
 * Where a student is in a lesson's video, and how much of it they have really played: credited
 * against the server's clock (`updated_at`), so seeking ahead or a forged report adds nothing.
 */
export const videoProgress = pgTable(
  'video_progress',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    positionSeconds: doublePrecision('position_seconds').notNull().default(0),
    watchedSeconds: doublePrecision('watched_seconds').notNull().default(0),
    durationSeconds: doublePrecision('duration_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the student's player reported that the video could not be played ('error': the player said
     * so; 'timeout': it never answered), which lifts the watch rule for them (decision 030). Kept, so
     * the figures can tell a lesson completed without its video.
     */
    unplayableAt: timestamp('unplayable_at', { withTimezone: true }),
    unplayableReason: text('unplayable_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.lessonId] }),
    index('video_progress_lesson_idx').on(t.lessonId),
    check('video_progress_unplayable_reason_check', sql`${t.unplayableReason} is null or ${t.unplayableReason} in ('error', 'timeout')`),
  ],
);
