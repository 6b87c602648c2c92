import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  BulkStudentsMessages,
  type BulkOutcome,
  type BulkStudentsBody,
  type BulkStudentsResponse,
  type StudentRow,
  type StudentsOverviewResponse,
} from '../../../common/students';
import type { Db } from '../../platform/db/client';
import { courses, enrollments, sessions, users, type UserRow } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import { badRequest, notFound } from '../../platform/http/errors';
import { approvalMail } from '../../platform/mail/templates/layout';
import { fullNameOf } from '../auth';
import { enrollableCourse, enrollIn, unenrollFrom } from './enrollments.service';
import type { MailContext } from '../../platform/mail/templates/notifications';
import { queueMail } from '../../platform/mail/outbox';

export type StudentsServiceDeps = { db: Db; ctx: MailContext };

const toStudentRow = (u: UserRow): StudentRow => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  fullName: fullNameOf(u),
  approvalStatus: u.approvalStatus,
  createdAt: u.createdAt.toISOString(),
});

type ApprovalStatus = 'approved' | 'rejected';

/**
 * The one rule of an approval change, for a student row the caller has locked in its
 * transaction: approve, reject, or revoke (approved → rejected). Rejecting ends the student's
 * sessions; approving queues the e-mail the pending screen promises, both in the same
 * transaction, so the mail exists exactly when the approval does. Null when the student already
 * had that status. The student management screens and the invitations all change an approval
 * through it; an accepted invitation asks for no mail (the person is there, signing in).
 */
export async function changeApproval(
  tx: Queryable,
  ctx: MailContext,
  current: UserRow,
  status: ApprovalStatus,
  { mail = true, at = new Date() }: { mail?: boolean; at?: Date } = {},
): Promise<UserRow | null> {
  if (current.approvalStatus === status) return null;
  const [updated] = await tx.update(users).set({ approvalStatus: status, updatedAt: at }).where(eq(users.id, current.id)).returning();
  if (status === 'rejected') await tx.delete(sessions).where(eq(sessions.userId, current.id));
  if (status === 'approved' && mail) {
    const message = approvalMail(ctx.appName, updated!.firstName, ctx.appUrl);
    await queueMail(tx, { kind: 'approval', userId: updated!.id, to: updated!.email, ...message });
  }
  return updated!;
}

export function createStudentsService({ db, ctx }: StudentsServiceDeps) {
  /** The students of these ids, locked in id order (two bulk actions never deadlock); every id must be a student's. */
  async function lockStudents(tx: Queryable, ids: string[]): Promise<Map<string, UserRow>> {
    const rows = await tx
      .select()
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.role, 'student')))
      .orderBy(asc(users.id))
      .for('update');
    const missing = ids.length - rows.length;
    if (missing > 0) throw notFound(BulkStudentsMessages.unknownStudents(missing));
    return new Map(rows.map((r) => [r.id, r]));
  }

  return {
    /** Everything the student-management screen shows (stats, the Pending and Approved tabs, Manage Enrollments). */
    async overview(): Promise<StudentsOverviewResponse> {
      const [students, enrollmentRows, published, [totals]] = await Promise.all([
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
      for (const e of enrollmentRows) byStudent.set(e.studentId, [...(byStudent.get(e.studentId) ?? []), e.courseId]);
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

    /** Approve, reject or revoke one student (the rule is changeApproval's); a second identical change is refused. */
    async setApprovalStatus(studentId: string, status: ApprovalStatus): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, studentId), eq(users.role, 'student')))
          .for('update');
        if (!current) throw notFound('User not found');
        const updated = await changeApproval(tx, ctx, current, status);
        if (!updated) throw badRequest(`The student is already ${status}.`);
        return updated;
      });
    },

    /**
     * One action on several students, in one transaction: every id must be a student (and, to
     * enroll, an approved one) and the course must exist and be published, or nothing is written.
     * What is not an error (already approved, already enrolled, not enrolled) is told per student.
     */
    async bulk(body: BulkStudentsBody): Promise<BulkStudentsResponse> {
      const ids = [...new Set(body.studentIds)];
      const results = await db.transaction(async (tx) => {
        const students = await lockStudents(tx, ids);
        const inOrder = ids.map((id) => students.get(id)!);
        const out: BulkStudentsResponse['results'] = [];
        const record = (s: UserRow, outcome: BulkOutcome) => out.push({ studentId: s.id, fullName: fullNameOf(s), outcome });

        if (body.action === 'approve' || body.action === 'reject') {
          const status: ApprovalStatus = body.action === 'approve' ? 'approved' : 'rejected';
          for (const s of inOrder) {
            const updated = await changeApproval(tx, ctx, s, status);
            record(s, updated ? status : status === 'approved' ? 'already_approved' : 'already_rejected');
          }
          return out;
        }

        const courseId = body.courseId!;
        await enrollableCourse(tx, courseId);
        if (body.action === 'enroll') {
          const notApproved = inOrder.filter((s) => s.approvalStatus !== 'approved');
          if (notApproved.length > 0) throw badRequest(BulkStudentsMessages.notApproved(notApproved.map(fullNameOf)));
          for (const s of inOrder) record(s, (await enrollIn(tx, ctx, s, courseId)) ? 'enrolled' : 'already_enrolled');
        } else {
          for (const s of inOrder) record(s, (await unenrollFrom(tx, s.id, courseId)) ? 'unenrolled' : 'not_enrolled');
        }
        return out;
      });
      return { action: body.action, results };
    },
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
