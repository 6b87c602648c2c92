import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { users } from './users';

/**
 * A certificate of completion: issued once, when a student's progress in a course first reaches
 * 100% (in the same transaction as that progress write). Its id is the public verification key.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('certificates_student_course_uq').on(t.studentId, t.courseId), index('certificates_course_idx').on(t.courseId)],
);
export type CertificateRow = typeof certificates.$inferSelect;
