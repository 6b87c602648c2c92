import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { courses, lessons } from './courses';
import { users } from './users';

export const progressStatusEnum = pgEnum('progress_status', ['in_progress', 'completed']);

export const enrollments = pgTable(
  'enrollments',
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
    status: text('enrollment_status').notNull().default('active'),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('enrollments_student_course_uq').on(t.studentId, t.courseId),
    index('enrollments_course_idx').on(t.courseId),
    // Keyset pages of the admin's table API, one per sortable field (migration 0013).
    index('enrollments_enrolled_at_id_idx').on(t.enrolledAt, t.id),
    index('enrollments_created_at_id_idx').on(t.createdAt, t.id),
    index('enrollments_updated_at_id_idx').on(t.updatedAt, t.id),
  ],
);

export const lessonProgress = pgTable(
  'lesson_progress',
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
    status: progressStatusEnum('status').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('lesson_progress_student_lesson_uq').on(t.studentId, t.lessonId),
    index('lesson_progress_lesson_idx').on(t.lessonId),
    // Keyset pages of the admin's table API (migration 0013); only these two, this table is written most.
    index('lesson_progress_created_at_id_idx').on(t.createdAt, t.id),
    index('lesson_progress_updated_at_id_idx').on(t.updatedAt, t.id),
  ],
);
