import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, pgEnum, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses, lessons, lessonTypeEnum } from './courses';
import { progressStatusEnum } from './learning';
import { users } from './users';

/**
 * Learning analytics: the raw learning events the course screen sends, and the rollups
 * the analytics answer reads instead of scanning a million progress rows and events each time.
 *
 * The rollups are kept current by statement-level PostgreSQL triggers (migration 0004), so every
 * writer — the learning API, enrollment removal, cascading deletes, seeds, tests — keeps them right
 * without knowing they exist; `analytics_rebuild()` recomputes them all from the raw tables (used
 * after a bulk load, and by the tests as the reference). Days and hours are UTC.
 *
 * Counts over progress rows follow deletions exactly. Activity is history: the last activity, the
 * active days and the platform-wide event counts keep what happened even when the progress or
 * the lesson behind it is removed later (a rebuild can only see the rows that are left).
 */

export const learningEventTypeEnum = pgEnum('learning_event_type', [
  'lesson_opened',
  'lesson_heartbeat',
  'pdf_viewed',
  'tutorial_downloaded',
  'video_started',
]);

/** One event from a student's course screen, accepted in batches by POST /api/events. */
export const learningEvents = pgTable(
  'learning_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    type: learningEventTypeEnum('type').notNull(),
    /** lesson_heartbeat only: seconds the lesson was on screen in a visible tab since the last heartbeat. */
    seconds: integer('seconds'),
    /** The browser's time of the event, clamped by the server to [now − 7 days, now]. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('learning_events_student_idx').on(t.studentId, t.occurredAt),
    index('learning_events_lesson_idx').on(t.lessonId, t.occurredAt),
    // Finds the events past the retention period (migration 0013) at almost no cost per insert.
    index('learning_events_occurred_brin_idx').using('brin', t.occurredAt),
  ],
);

/**
 * Per lesson: its course and type, and counts over its progress rows (plus the pending
 * analytics_lesson_deltas: read the view analytics_lesson_totals). No foreign keys on purpose:
 * when a lesson or its course is deleted, the row must still be there while the cascaded progress
 * rows are subtracted from the other rollups; the triggers remove it afterwards.
 */
export const analyticsLessonStats = pgTable('analytics_lesson_stats', {
  lessonId: uuid('lesson_id').primaryKey(),
  courseId: uuid('course_id').notNull(),
  lessonType: lessonTypeEnum('lesson_type').notNull(),
  /** Progress rows (in_progress or completed): students who started the lesson. */
  started: integer('started').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  /** Completed more than 7 days (the lesson-struggle threshold) after being started: students who came back. */
  recovered: integer('recovered').notNull().default(0),
});

/**
 * Per student and course: the enrollment date (null once unenrolled, or for progress without an
 * enrollment) and counts over the student's progress rows in the course's lessons.
 */
export const analyticsEnrollmentStats = pgTable(
  'analytics_enrollment_stats',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    started: integer('started').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    lastCompletedAt: timestamp('last_completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.courseId] }),
    index('analytics_enrollment_stats_course_idx').on(t.courseId),
    index('analytics_enrollment_stats_enrolled_idx').on(t.enrolledAt),
  ],
);

/**
 * Per student with at least one enrollment: their enrollments summed up (the percent of each is
 * completed ÷ the course's lessons, as in common/learning.ts), recomputed for the students
 * concerned whenever their enrollment rows or a course's lessons change. The analytics read one
 * row per student instead of aggregating every enrollment.
 */
export const analyticsStudentStats = pgTable('analytics_student_stats', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  courses: integer('courses').notNull(),
  completed: integer('completed').notNull(),
  percentSum: integer('percent_sum').notNull(),
  percentMin: integer('percent_min').notNull(),
  firstEnrolledAt: timestamp('first_enrolled_at', { withTimezone: true }).notNull(),
});

/** Days of activity kept per student: bit i of active_days is the day window_end − i. */
export const ACTIVE_DAYS_WINDOW = 62;
/** Days of completion counts kept per student: completed_days[i + 1] counts the day window_end − i. */
export const COMPLETED_DAYS_WINDOW = 16;

/**
 * One row per student: the latest activity (opening a lesson, a progress write, an event) and
 * rolling windows of their recent days, so weekly active students and the recent learning pace
 * cost one row per student instead of one row per student-day. The windows end at window_end
 * (the latest day recorded) and are re-aligned to "today" by analytics_shift_bits/_days.
 */
export const analyticsStudentActivity = pgTable('analytics_student_activity', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
  windowEnd: date('window_end', { mode: 'string' }).notNull(),
  activeDays: bigint('active_days', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  completedDays: integer('completed_days').array().notNull(),
});

/** Platform-wide counts per UTC hour and lesson type: what the time-range filter sums (with the pending analytics_hourly_deltas). */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    lessonType: lessonTypeEnum('lesson_type').notNull(),
    opens: integer('opens').notNull().default(0),
    visibleSeconds: bigint('visible_seconds', { mode: 'number' }).notNull().default(0),
    videoStarts: integer('video_starts').notNull().default(0),
    pdfViews: integer('pdf_views').notNull().default(0),
    tutorialDownloads: integer('tutorial_downloads').notNull().default(0),
    completions: integer('completions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.lessonType] })],
);

/**
 * Additions to analytics_lesson_stats not folded in yet (migration 0005). Progress writes append a
 * row here instead of updating the lesson's row, so concurrent completions of one lesson never
 * wait for each other; analytics_fold() moves these sums into analytics_lesson_stats (every 250 ms
 * in the app's background, under an advisory lock, and before each analytics answer). Readers use the view
 * analytics_lesson_totals (the row plus its pending deltas). No index and no key: it stays small,
 * and inserting into it takes no lock another writer could hold.
 */
export const analyticsLessonDeltas = pgTable('analytics_lesson_deltas', {
  lessonId: uuid('lesson_id').notNull(),
  started: integer('started').notNull(),
  completed: integer('completed').notNull(),
  recovered: integer('recovered').notNull(),
});

/** Additions to analytics_hourly not folded in yet, as analytics_lesson_deltas; read through the view analytics_hourly_totals. */
export const analyticsHourlyDeltas = pgTable('analytics_hourly_deltas', {
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  lessonType: lessonTypeEnum('lesson_type').notNull(),
  opens: integer('opens').notNull().default(0),
  visibleSeconds: bigint('visible_seconds', { mode: 'number' }).notNull().default(0),
  videoStarts: integer('video_starts').notNull().default(0),
  pdfViews: integer('pdf_views').notNull().default(0),
  tutorialDownloads: integer('tutorial_downloads').notNull().default(0),
  completions: integer('completions').notNull().default(0),
});

/**
 * lesson_progress rows added (sign 1) or removed (sign -1) whose effect on the rollups is not
 * applied yet (migration 0006). The progress triggers only append here, so a progress write costs
 * one small insert; analytics_fold() applies the queue to every rollup at once, set-based: the app
 * folds every 250 ms in the background (migration 0010; skipped when another instance's fold runs),
 * and every analytics answer folds first (waiting for a fold in progress), so answers count every
 * committed write.
 */
export const analyticsProgressQueue = pgTable('analytics_progress_queue', {
  studentId: uuid('student_id').notNull(),
  lessonId: uuid('lesson_id').notNull(),
  status: progressStatusEnum('status').notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  sign: integer('sign').notNull(),
});

/** Each (student, lesson) whose tutorial PDF was downloaded, for the download rate and its correlation with completion. */
export const analyticsTutorialDownloads = pgTable(
  'analytics_tutorial_downloads',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    downloads: integer('downloads').notNull().default(0),
    /** The pair's lesson_progress status now (null: no progress row), kept by the progress trigger. */
    progressStatus: progressStatusEnum('progress_status'),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.lessonId] }), index('analytics_tutorial_downloads_lesson_idx').on(t.lessonId)],
);

/**
 * Per student: a token bucket of learning events (POST /api/events answers 429 when it is empty)
 * and the server time up to which lesson heartbeats have been credited, so a student's visible time
 * never runs ahead of the wall clock (migration 0013, docs/decisions/017-bounded-learning-events.md).
 */
export const learningEventBudgets = pgTable('learning_event_budgets', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
  heartbeatUntil: timestamp('heartbeat_until', { withTimezone: true }),
});

/**
 * Raw events past EVENTS_RETENTION_DAYS, compacted to one row per student, lesson, type and UTC hour
 * by learning_events_prune() (src/server/platform/db/sql/learning-events.sql). The view learning_event_history reads raw and archived
 * events alike, so analytics_rebuild() and the drop-off indicators see the same history after a prune.
 */
export const learningEventsArchive = pgTable(
  'learning_events_archive',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    type: learningEventTypeEnum('type').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    events: integer('events').notNull(),
    /** lesson_heartbeat only: the seconds summed. */
    seconds: bigint('seconds', { mode: 'number' }),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.lessonId, t.type, t.hour] }), index('learning_events_archive_lesson_idx').on(t.lessonId)],
);

export type LearningEventRow = typeof learningEvents.$inferSelect;
