import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentsOverviewResponseSchema, type StudentRow, type StudentsOverviewResponse } from '../../../common/students';
import type { Db } from '../../db/client';
import { courses, enrollments, users, type UserRow } from '../../db/schema/index';
import { requireAdmin } from '../auth/auth.plugin';
import { fullNameOf } from '../auth/user-view';

const toStudentRow = (u: UserRow): StudentRow => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  fullName: fullNameOf(u),
  approvalStatus: u.approvalStatus,
  createdAt: u.createdAt.toISOString(),
});

/** Everything the student-management screen shows (stats, the Pending and Approved tabs, Manage Enrollments). */
export async function loadStudentsOverview(db: Db): Promise<StudentsOverviewResponse> {
  const [students, enrolmentRows, published, [totals]] = await Promise.all([
    db.select().from(users).where(eq(users.role, 'student')).orderBy(asc(users.lastName), asc(users.firstName), asc(users.createdAt)),
    db
      .select({ studentId: enrollments.studentId, courseId: enrollments.courseId })
      .from(enrollments)
      .innerJoin(users, and(eq(users.id, enrollments.studentId), eq(users.approvalStatus, 'approved'))),
    db
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.isPublished, true))
      .orderBy(asc(courses.title), asc(courses.id)),
    db.select({ n: count() }).from(enrollments),
  ]);
  const byStudent = new Map<string, string[]>();
  for (const e of enrolmentRows) byStudent.set(e.studentId, [...(byStudent.get(e.studentId) ?? []), e.courseId]);
  const pending = students.filter((s) => s.approvalStatus === 'pending').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const approved = students.filter((s) => s.approvalStatus === 'approved');
  return {
    stats: {
      pendingApproval: pending.length,
      approvedStudents: approved.length,
      rejected: students.filter((s) => s.approvalStatus === 'rejected').length,
      totalEnrollments: totals?.n ?? 0,
    },
    pending: pending.map(toStudentRow),
    approved: approved.map((s) => {
      const courseIds = byStudent.get(s.id) ?? [];
      return { ...toStudentRow(s), enrolledCount: courseIds.length, enrolledCourseIds: courseIds };
    }),
    publishedCourses: published,
  };
}

export const studentsListRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/students',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['students'],
        summary: 'The student-management screen: statistics, pending and approved students with their enrolments, published courses',
        response: { 200: studentsOverviewResponseSchema },
      },
    },
    () => loadStudentsOverview(db),
  );
};
