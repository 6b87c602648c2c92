import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { lessons } from './courses';
import { users } from './users';

export const exerciseLanguageEnum = pgEnum('exercise_language', ['c', 'java', 'javascript', 'webgl']);
export const submissionPurposeEnum = pgEnum('submission_purpose', ['run', 'submit', 'reference']);

/** A programming exercise of a lesson; a lesson holds several, in `position` order. */
export const exercises = pgTable(
  'exercises',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    statement: text('statement').notNull().default(''),
    language: exerciseLanguageEnum('language').notNull(),
    starterCode: text('starter_code').notNull().default(''),
    /** The tutor's own answer: proves the tests at every save, never leaves the tutor's screens. */
    referenceSolution: text('reference_solution').notNull(),
    timeLimitMs: integer('time_limit_ms').notNull().default(2000),
    memoryLimitMb: integer('memory_limit_mb').notNull().default(128),
    outputLimitKb: integer('output_limit_kb').notNull().default(64),
    /** 'tests': the listed tests; 'junit' (Java): the @Test methods of the tutor's JUnit 5 class among the files. */
    gradingMode: text('grading_mode').notNull().default('tests'),
    /** 'Due Date' of this exercise; null: its chapter's. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exercises_lesson_idx').on(t.lessonId, t.position),
    check('exercises_grading_mode_check', sql`${t.gradingMode} in ('tests', 'junit')`),
  ],
);

/** The tutor's support files of an exercise, written beside the student's code: read only for the student, or hidden. */
export const exerciseFiles = pgTable(
  'exercise_files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    /** Never sent to the student (a test harness, a grader's helper). */
    hidden: boolean('hidden').notNull().default(false),
    /** 'Student Writes' (Java): the student's own file in an editor tab of its own; `content` is its starter. */
    editable: boolean('editable').notNull().default(false),
    /** The tutor's version of a file the student writes, graded with the reference solution; never sent to a student. */
    referenceContent: text('reference_content').notNull().default(''),
  },
  (t) => [uniqueIndex('exercise_files_name_idx').on(t.exerciseId, t.name)],
);

/** A test of an exercise: standard input and expected output (for WebGL, a check and its description). */
export const exerciseTests = pgTable(
  'exercise_tests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    input: text('input').notNull(),
    expectedOutput: text('expected_output').notNull(),
    match: text('match').notNull().default('trailing_whitespace'),
    expectedExitCode: integer('expected_exit_code'),
    hidden: boolean('hidden').notNull().default(false),
    /** What the student reads of the test; empty for an unnamed input/output test. */
    name: text('name').notNull().default(''),
    /** Test code: a snippet calling the student's functions, run instead of the student's main; empty for none. */
    code: text('code').notNull().default(''),
    /** The test's share of the score. */
    points: integer('points').notNull().default(1),
  },
  (t) => [
    index('exercise_tests_exercise_idx').on(t.exerciseId, t.position),
    check('exercise_tests_match_check', sql`${t.match} in ('exact', 'trailing_whitespace')`),
    check('exercise_tests_points_check', sql`${t.points} between 0 and 1000`),
  ],
);

/** The code a student is writing, saved as they type. */
export const exerciseDrafts = pgTable(
  'exercise_drafts',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The student's further files (Java): `[{ name, content }]`; null for an exercise of one file. */
    studentFiles: jsonb('student_files').$type<{ name: string; content: string }[]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.exerciseId] }), index('exercise_drafts_exercise_idx').on(t.exerciseId)],
);

/**
 * One grading: a student's run or submission, the admin's preview run, or the check of a reference
 * solution before an exercise is saved. `spec` is what the worker grades (code, tests, limits),
 * copied at enqueue time so a grading never depends on later edits; it is cleared once graded.
 */
export const exerciseSubmissions = pgTable(
  'exercise_submissions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Null for the reference check of an exercise not saved yet. */
    exerciseId: uuid('exercise_id').references(() => exercises.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: submissionPurposeEnum('purpose').notNull(),
    /** The admin's student view: graded like any other, never counted, never completes anything. */
    preview: boolean('preview').notNull().default(false),
    code: text('code').notNull(),
    /** The student's further files as submitted (Java): `[{ name, content }]`; null for one file. */
    studentFiles: jsonb('student_files').$type<{ name: string; content: string }[]>(),
    spec: jsonb('spec'),
    status: text('status').notNull().default('queued'),
    verdict: text('verdict'),
    passedCount: integer('passed_count').notNull().default(0),
    totalCount: integer('total_count').notNull().default(0),
    /** The points of the passed tests and of all tests (the student's own input counts for nothing): the score. */
    pointsEarned: integer('points_earned').notNull().default(0),
    pointsTotal: integer('points_total').notNull().default(0),
    /** The outcome per test as the submitter may see it (hidden tests carry only passed). */
    results: jsonb('results'),
    /** The outcome per test for the tutor's figures: position and passed, hidden ones included. */
    testPassed: jsonb('test_passed'),
    compileOutput: text('compile_output'),
    diagnostics: jsonb('diagnostics'),
    summary: text('summary'),
    attempts: integer('attempts').notNull().default(0),
    workerId: text('worker_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    lessonCompleted: boolean('lesson_completed').notNull().default(false),
    courseJustCompleted: boolean('course_just_completed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('exercise_submissions_exercise_user_idx').on(t.exerciseId, t.userId, t.createdAt),
    index('exercise_submissions_user_created_idx').on(t.userId, t.createdAt),
    index('exercise_submissions_open_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} <> 'done'`),
    check('exercise_submissions_status_check', sql`${t.status} in ('queued', 'running', 'done')`),
  ],
);
