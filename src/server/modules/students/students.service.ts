import { and, asc, count, eq } from 'drizzle-orm';
import type { StudentRow, StudentsOverviewResponse } from '../../../common/students';
import type { Db } from '../../db/client';
import { courses, enrollments, sessions, users, type UserRow } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { approvalMail } from '../../lib/mail-templates';
import { fullNameOf } from '../auth/user-view';

export type StudentsServiceDeps = {
  db: Db;
  mailer: Mailer;
  appName: string;
  appUrl: string;
  mailFrom: string;
  log: { warn: (obj: object, msg: string) => void };
};

const toStudentRow = (u: UserRow): StudentRow => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  fullName: fullNameOf(u),
  approvalStatus: u.approvalStatus,
  createdAt: u.createdAt.toISOString(),
});

export function createStudentsService({ db, mailer, appName, appUrl, mailFrom, log }: StudentsServiceDeps) {
  return {
    /** Everything the student-management screen shows (stats, the Pending and Approved tabs, Manage Enrollments). */
    async overview(): Promise<StudentsOverviewResponse> {
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
    },

    /**
     * Approve, reject or revoke (approved → rejected). Rejecting ends the student's sessions in
     * the same transaction; approving sends the e-mail the pending screen promises.
     */
    async setApprovalStatus(studentId: string, status: 'approved' | 'rejected'): Promise<UserRow> {
      const { before, after } = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, studentId), eq(users.role, 'student')))
          .for('update');
        if (!current) throw notFound('User not found');
        if (current.approvalStatus === status) throw badRequest(`The student is already ${status}.`);
        const [updated] = await tx
          .update(users)
          .set({ approvalStatus: status, updatedAt: new Date() })
          .where(eq(users.id, studentId))
          .returning();
        if (status === 'rejected') await tx.delete(sessions).where(eq(sessions.userId, studentId));
        return { before: current, after: updated! };
      });
      if (status === 'approved' && before.approvalStatus !== 'approved') {
        const mail = approvalMail(appName, after.firstName, appUrl);
        // The approval stands even if the mail server is down; the tutor sees it in the log.
        await mailer.send({ from: mailFrom, to: [after.email], ...mail }).catch((err: unknown) => {
          log.warn({ err, studentId }, 'approval e-mail could not be sent');
        });
      }
      return after;
    },
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
