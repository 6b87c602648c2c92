import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { exercises, exerciseSubmissions } from './practice';
import { users } from './users';

/**
 * The tutor's similarity check of one exercise, one row per exercise: the latest request ('Check Similarity') and
 * what the last finished check found. A re-run replaces the results in one transaction when it finishes, so the
 * previous results stay on screen while it runs, and stay if it fails.
 */
export const similarityChecks = pgTable(
  'similarity_checks',
  {
    exerciseId: uuid('exercise_id')
      .primaryKey()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    /** The latest request: its job carries this id, and a job whose request was replaced in the meantime gives up. */
    runId: uuid('run_id').notNull(),
    /** 'queued' | 'running' | 'done' | 'failed', of the latest request. */
    status: text('status').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The latest request's threshold, in whole percent. */
    threshold: integer('threshold').notNull(),
    error: text('error'),
    /** The results held: when they were found, with which threshold, how many programs and pairs (null before any). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    resultThreshold: integer('result_threshold'),
    compared: integer('compared'),
    pairsAbove: integer('pairs_above'),
  },
  (t) => [check('similarity_checks_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`)],
);

/**
 * A pair of students' submissions whose code matches above the threshold, as the last finished check found it. A
 * submission's deletion (its student's, or its exercise's) takes the pair with it.
 */
export const similarityPairs = pgTable(
  'similarity_pairs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => similarityChecks.exerciseId, { onDelete: 'cascade' }),
    leftSubmissionId: uuid('left_submission_id')
      .notNull()
      .references(() => exerciseSubmissions.id, { onDelete: 'cascade' }),
    rightSubmissionId: uuid('right_submission_id')
      .notNull()
      .references(() => exerciseSubmissions.id, { onDelete: 'cascade' }),
    /** The share of matching code, 0 to 1. */
    similarity: real('similarity').notNull(),
    /** The matching fragments: [{ left: region, right: region }], rows and columns from 0. */
    fragments: jsonb('fragments').notNull(),
  },
  (t) => [
    index('similarity_pairs_exercise_idx').on(t.exerciseId, t.similarity),
    index('similarity_pairs_left_idx').on(t.leftSubmissionId),
    index('similarity_pairs_right_idx').on(t.rightSubmissionId),
  ],
);
