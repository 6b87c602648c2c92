import { and, asc, eq, inArray } from 'drizzle-orm';
import { EnrollmentMessages, type Enrollment } from '../../../common/enrollments';
import type { Db } from '../../platform/db/client';
import { chapters, courses, enrollments, lessonProgress, lessons, users, type UserRow } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { requireId } from '../../platform/http/ids';
import type { MailContext } from '../../platform/mail/templates/notifications';
import { queueEnrollmentNotices } from '../notifications';

const toEnrollment = (e: typeof enrollments.$inferSelect): Enrollment => ({
  id: e.id,
  studentId: e.studentId,
  courseId: e.courseId,
  status: e.status,
  enrolledAt: e.enrolledAt.toISOString(),
});

/*
 * The rules of one enrollment change live in the functions below, each taking the caller's
 * transaction: the single-student routes, the bulk action and the invitations all call them, so an
 * enrollment means the same thing (and writes the same rows) whichever screen made it.
 */

/** What enrolling needs of a course: it exists and is published. Locks it, so it cannot be unpublished or deleted meanwhile. */
export async function enrollableCourse(on: Queryable, courseId: string) {
  const [course] = await on.select().from(courses).where(eq(courses.id, courseId)).for('share');
  if (!course) throw notFound('Course not found');
  if (!course.isPublished) throw badRequest(EnrollmentMessages.notPublished);
  return course;
}

/**
 * The published courses among these ids, locked as enrollableCourse locks one, in id order so that
 * two callers locking several never wait on each other in a circle; the others are left out.
 */
export async function enrollableCourses(on: Queryable, courseIds: string[]): Promise<Map<string, typeof courses.$inferSelect>> {
  if (courseIds.length === 0) return new Map();
  const rows = await on
    .select()
    .from(courses)
    .where(and(inArray(courses.id, courseIds), eq(courses.isPublished, true)))
    .orderBy(asc(courses.id))
    .for('share');
  return new Map(rows.map((c) => [c.id, c]));
}

/**
 * Enrolls an approved student (the caller checked) in a course the caller locked with
 * enrollableCourse(s), and queues the "you were enrolled" e-mail in the same transaction (unless
 * the tutor turned it off, or the caller says no: an accepted invitation already named its
 * courses); null when they already were enrolled (the unique key decides, so it holds under
 * concurrency).
 */
export async function enrollIn(
  on: Queryable,
  ctx: MailContext,
  student: UserRow,
  courseId: string,
  { notify = true }: { notify?: boolean } = {},
): Promise<Enrollment | null> {
  const [row] = await on.insert(enrollments).values({ studentId: student.id, courseId }).onConflictDoNothing().returning();
  if (!row) return null;
  if (notify) await queueEnrollmentNotices(on, ctx, student.id, [courseId]);
  return toEnrollment(row);
}

/** Deletes the enrollment and the student's progress in that course's lessons; null when there was no enrollment. */
export async function unenrollFrom(on: Queryable, studentId: string, courseId: string): Promise<{ deletedProgressCount: number } | null> {
  const [removed] = await on
    .delete(enrollments)
    .where(and(eq(enrollments.studentId, studentId), eq(enrollments.courseId, courseId)))
    .returning({ id: enrollments.id });
  if (!removed) return null;
  const courseLessons = on
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
    .where(eq(chapters.courseId, courseId));
  const progress = await on
    .delete(lessonProgress)
    .where(and(eq(lessonProgress.studentId, studentId), inArray(lessonProgress.lessonId, courseLessons)))
    .returning({ id: lessonProgress.id });
  return { deletedProgressCount: progress.length };
}

export function createEnrollmentsService({ db, ctx }: { db: Db; ctx: MailContext }) {
  return {
    /** Enrolls an approved student in a published course; the unique (student, course) key makes a second enrollment impossible. */
    async enroll(studentId: string, courseId: string): Promise<Enrollment> {
      requireId(studentId, 'User not found');
      requireId(courseId, 'Course not found');
      return db.transaction(async (tx) => {
        const [student] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, studentId), eq(users.role, 'student')))
          .for('share');
        if (!student) throw notFound('User not found');
        if (student.approvalStatus !== 'approved') throw badRequest(EnrollmentMessages.notApproved);
        await enrollableCourse(tx, courseId);
        const enrollment = await enrollIn(tx, ctx, student, courseId);
        if (!enrollment) throw conflict(EnrollmentMessages.alreadyEnrolled);
        return enrollment;
      });
    },

    /** Deletes the enrollment and the student's progress in that course's lessons, in one transaction. */
    async unenroll(studentId: string, courseId: string): Promise<{ deletedProgressCount: number }> {
      requireId(studentId, 'Enrollment not found');
      requireId(courseId, 'Enrollment not found');
      return db.transaction(async (tx) => {
        const removed = await unenrollFrom(tx, studentId, courseId);
        if (!removed) throw notFound('Enrollment not found');
        return removed;
      });
    },
  };
}
export type EnrollmentsService = ReturnType<typeof createEnrollmentsService>;
