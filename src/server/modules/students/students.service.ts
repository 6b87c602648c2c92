import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, type UserRow } from '../../db/schema/index';
import { badRequest, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { approvalMail } from '../../lib/mail-templates';

export type StudentsServiceDeps = {
  db: Db;
  mailer: Mailer;
  appName: string;
  appUrl: string;
  mailFrom: string;
  log: { warn: (obj: object, msg: string) => void };
};

export function createStudentsService({ db, mailer, appName, appUrl, mailFrom, log }: StudentsServiceDeps) {
  return {
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
