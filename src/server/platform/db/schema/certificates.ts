import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { users } from './users';

/**
 * A certificate of completion: issued once, when a student's progress in a course first reaches
 * 100% (in the same transaction as that progress write). Its id is the public verification key.
 * It records an achievement, so unenrollment or a rejected account leave it valid; only the admin
 * revokes one, with a reason the verification page shows (docs/decisions/016).
 */
export const certificates = pgTable(
  'certificates',
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
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revocationReason: text('revocation_reason'),
  },
  (t) => [
    unique('certificates_student_course_uq').on(t.studentId, t.courseId),
    index('certificates_course_idx').on(t.courseId),
    // Revoked with a reason, or not revoked at all.
    check('certificates_revocation_ck', sql`(${t.revokedAt} is null) = (${t.revocationReason} is null)`),
  ],
);
export type CertificateRow = typeof certificates.$inferSelect;
