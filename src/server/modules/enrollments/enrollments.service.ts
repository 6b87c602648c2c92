import { and, eq, inArray } from 'drizzle-orm';
import { EnrollmentMessages, type Enrollment } from '../../../common/enrollments';
import type { Db } from '../../db/client';
import { chapters, courses, enrollments, lessonProgress, lessons, users } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { requireId } from '../../lib/ids';

const toEnrollment = (e: typeof enrollments.$inferSelect): Enrollment => ({
  id: e.id,
  studentId: e.studentId,
  courseId: e.courseId,
  status: e.status,
  enrolledAt: e.enrolledAt.toISOString(),
});

export function createEnrollmentsService({ db }: { db: Db }) {
  return {
    /** Enrols an approved student in a published course; the unique (student, course) key makes a second enrolment impossible. */
    async enroll(studentId: string, courseId: string): Promise<Enrollment> {
      requireId(studentId, 'User not found');
      requireId(courseId, 'Course not found');
      const [student] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, studentId), eq(users.role, 'student')));
      if (!student) throw notFound('User not found');
      if (student.approvalStatus !== 'approved') throw badRequest(EnrollmentMessages.notApproved);
      const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
      if (!course) throw notFound('Course not found');
      if (!course.isPublished) throw badRequest(EnrollmentMessages.notPublished);
      const [row] = await db.insert(enrollments).values({ studentId, courseId }).onConflictDoNothing().returning();
      if (!row) throw conflict(EnrollmentMessages.alreadyEnrolled);
      return toEnrollment(row);
    },

    /** Deletes the enrolment and the student's progress in that course's lessons, in one transaction. */
    async unenroll(studentId: string, courseId: string): Promise<{ deletedProgressCount: number }> {
      requireId(studentId, 'Enrollment not found');
      requireId(courseId, 'Enrollment not found');
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(enrollments)
          .where(and(eq(enrollments.studentId, studentId), eq(enrollments.courseId, courseId)))
          .returning({ id: enrollments.id });
        if (!removed) throw notFound('Enrollment not found');
        const courseLessons = tx
          .select({ id: lessons.id })
          .from(lessons)
          .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
          .where(eq(chapters.courseId, courseId));
        const progress = await tx
          .delete(lessonProgress)
          .where(and(eq(lessonProgress.studentId, studentId), inArray(lessonProgress.lessonId, courseLessons)))
          .returning({ id: lessonProgress.id });
        return { deletedProgressCount: progress.length };
      });
    },
  };
}
export type EnrollmentsService = ReturnType<typeof createEnrollmentsService>;
