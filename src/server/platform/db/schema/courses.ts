import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files';

export const lessonTypeEnum = pgEnum('lesson_type', ['VIDEO', 'PDF', 'MIXED']);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnailUrl: text('thumbnail_url'),
    isPublished: boolean('is_published').notNull().default(false),
    /** Each lesson opens only once every lesson before it is completed (learning.sql). */
    lessonsInOrder: boolean('lessons_in_order').notNull().default(false),
    /** The percent of a lesson's video a student must really play before completing it; null: no such rule. */
    videoWatchShare: integer('video_watch_share'),
    /** The AI tutor questions a student may ask a day in this course; null: the site's default. */
    aiTutorDailyMessages: integer('ai_tutor_daily_messages'),
    /**
     * What a submission after its due date gets ('Late Submissions', decision 034): 'accept' (no penalty), 'penalty'
     * (late_penalty_per_day percent off per day or part of a day late, up to late_penalty_cap), or 'closed'.
     */
    latePolicy: text('late_policy').notNull().default('accept'),
    latePenaltyPerDay: integer('late_penalty_per_day').notNull().default(10),
    latePenaltyCap: integer('late_penalty_cap').notNull().default(50),
    /** Hidden tests' names and results are shown to a student once the exercise's due date (theirs) has passed. */
    hiddenTestsAfterDue: boolean('hidden_tests_after_due').notNull().default(false),
    /** The gradebook's weights of its two categories, exercises and quizzes (any non-negative numbers, not both 0). */
    exercisesWeight: integer('exercises_weight').notNull().default(50),
    quizzesWeight: integer('quizzes_weight').notNull().default(50),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Keyset pages of the admin's table API, one per sortable field (migration 0013).
  (t) => [
    index('courses_title_id_idx').on(t.title, t.id),
    index('courses_created_at_id_idx').on(t.createdAt, t.id),
    index('courses_updated_at_id_idx').on(t.updatedAt, t.id),
    check('courses_video_watch_share_check', sql`${t.videoWatchShare} is null or ${t.videoWatchShare} between 1 and 100`),
    check('courses_ai_tutor_daily_messages_check', sql`${t.aiTutorDailyMessages} is null or ${t.aiTutorDailyMessages} between 0 and 1000`),
    check('courses_late_policy_check', sql`${t.latePolicy} in ('accept', 'penalty', 'closed')`),
    check('courses_late_penalty_check', sql`${t.latePenaltyPerDay} between 0 and 100 and ${t.latePenaltyCap} between 0 and 100`),
    check(
      'courses_grade_weights_check',
      sql`${t.exercisesWeight} >= 0 and ${t.quizzesWeight} >= 0 and ${t.exercisesWeight} + ${t.quizzesWeight} > 0`,
    ),
  ],
);

export const chapters = pgTable(
  'chapters',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 1-based order within the course (`order` in the API). */
    position: integer('position').notNull(),
    /** 'Release': the chapter opens at this moment for everyone; null: see release_after_days. */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    /** 'Release': the chapter opens this many days after the student's enrollment; null with release_at null: open. */
    releaseAfterDays: integer('release_after_days'),
    /** 'Due Date' of the chapter's exercises and quizzes that have none of their own; null: not due. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chapters_release_check', sql`${t.releaseAt} is null or ${t.releaseAfterDays} is null`),
    check('chapters_release_after_days_check', sql`${t.releaseAfterDays} is null or ${t.releaseAfterDays} between 0 and 3650`),
    check('chapters_due_after_release_check', sql`${t.dueAt} is null or ${t.releaseAt} is null or ${t.dueAt} >= ${t.releaseAt}`),
    index('chapters_course_idx').on(t.courseId, t.position),
    index('chapters_title_id_idx').on(t.title, t.id),
    index('chapters_position_id_idx').on(t.position, t.id),
    index('chapters_created_at_id_idx').on(t.createdAt, t.id),
    index('chapters_updated_at_id_idx').on(t.updatedAt, t.id),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    lessonType: lessonTypeEnum('lesson_type').notNull(),
    videoUrl: text('video_url'),
    pdfUrl: text('pdf_url'),
    tutorialPdfUrl: text('tutorial_pdf_url'),
    /** The uploaded file behind pdf_url, when the PDF was uploaded here (pdf_url is then /api/files/{id}). */
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The uploaded file behind tutorial_pdf_url, likewise. */
    tutorialFileId: uuid('tutorial_file_id').references(() => files.id, { onDelete: 'set null' }),
    summary: text('summary').notNull().default(''),
    /** 1-based order within the chapter (`order` in the API). */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lessons_chapter_idx').on(t.chapterId, t.position),
    index('lessons_pdf_file_idx').on(t.pdfFileId),
    index('lessons_tutorial_file_idx').on(t.tutorialFileId),
    index('lessons_title_id_idx').on(t.title, t.id),
    index('lessons_position_id_idx').on(t.position, t.id),
    index('lessons_created_at_id_idx').on(t.createdAt, t.id),
    index('lessons_updated_at_id_idx').on(t.updatedAt, t.id),
  ],
);
