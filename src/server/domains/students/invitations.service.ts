import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  INVITATION_DEFAULT_DAYS,
  InvitationMessages,
  type AcceptInvitationBody,
  type Invitation,
  type InvitationPreview,
  type InvitationStatus,
  type InviteBody,
  type InviteOutcome,
} from '../../../common/invitations';
import type { Db } from '../../platform/db/client';
import { courses, invitations, users, type UserRow } from '../../platform/db/schema/index';
import type { Queryable } from '../../platform/db/transaction';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors';
import { ErrorCode } from '../../../common/errors';
import { parseInvitationList } from '../../../common/invitation-list';
import { invitationMail, type MailContext } from '../../platform/mail/templates/notifications';
import { queueMail } from '../../platform/mail/outbox';
import { enrollableCourses, enrollIn } from './enrollments.service';
import { changeApproval } from './students.service';

const DAY_MS = 24 * 60 * 60 * 1000;
type InvitationRow = typeof invitations.$inferSelect;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

const gone = (message: string) => new AppError(410, ErrorCode.validation, message, 'Invitation unavailable');

function statusOf(row: InvitationRow, at: Date): InvitationStatus {
  if (row.acceptedAt) return 'Accepted';
  if (row.cancelledAt) return 'Cancelled';
  return row.expiresAt.getTime() <= at.getTime() ? 'Expired' : 'Invitation sent';
}

export type InvitationsServiceDeps = { db: Db; ctx: MailContext; now: () => Date };

export function createInvitationsService({ db, ctx, now }: InvitationsServiceDeps) {
  const linkOf = (token: string) => `${ctx.appUrl}/invitation/${token}`;

  async function publishedCourses(on: Queryable, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await on
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(and(inArray(courses.id, ids), eq(courses.isPublished, true)));
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  /**
   * Enrolls an approved student in each of these courses they are not yet in, through the
   * enrollment rule, in courses the caller locked with enrollableCourses; returns how many were new.
   */
  async function enroll(tx: Queryable, student: UserRow, courseIds: string[], notify: boolean): Promise<number> {
    let added = 0;
    for (const courseId of courseIds) if (await enrollIn(tx, ctx, student, courseId, { notify })) added++;
    return added;
  }

  /** Mails an invitation with a fresh token: an earlier link of the same invitation stops working. */
  async function sendInvitation(on: Queryable, row: InvitationRow, titles: string[], days: number): Promise<InvitationRow> {
    const token = newToken();
    const sentAt = now();
    const [updated] = await on
      .update(invitations)
      .set({ tokenHash: hashToken(token), sentAt, expiresAt: new Date(sentAt.getTime() + days * DAY_MS) })
      .where(eq(invitations.id, row.id))
      .returning();
    const mail = invitationMail(ctx, { firstName: row.firstName, courses: titles, url: linkOf(token), expiresAt: updated!.expiresAt });
    await queueMail(on, { kind: 'invitation', to: row.email, ...mail });
    return updated!;
  }

  async function toInvitations(rows: InvitationRow[]): Promise<Invitation[]> {
    const titles = await publishedCourses(db, [...new Set(rows.flatMap((r) => r.courseIds))]);
    const at = now();
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      courses: r.courseIds.filter((id) => titles.has(id)).map((id) => ({ id, title: titles.get(id)! })),
      status: statusOf(r, at),
      sentAt: r.sentAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      acceptedAt: r.acceptedAt?.toISOString() ?? null,
    }));
  }

  /** The invitation a link stands for, locked for the caller's transaction; each unusable state has its sentence. */
  async function usableByToken(on: Queryable, token: string): Promise<InvitationRow> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(InvitationMessages.linkInvalid);
    const [row] = await on
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashToken(token)))
      .for('update');
    if (!row) throw notFound(InvitationMessages.linkInvalid);
    if (row.acceptedAt) throw gone(InvitationMessages.linkUsed);
    if (row.cancelledAt) throw gone(InvitationMessages.linkCancelled);
    if (row.expiresAt.getTime() <= now().getTime()) throw gone(InvitationMessages.linkExpired);
    return row;
  }

  /** An address that already has an account: a student is enrolled (and approved if pending); others are reported. */
  async function admitExisting(tx: Queryable, person: UserRow, courseIds: string[]): Promise<Omit<InviteOutcome, 'row' | 'email'>> {
    if (person.role === 'admin') return { outcome: 'failed', message: "This is the tutor's own address." };
    if (person.approvalStatus === 'rejected') {
      return { outcome: 'failed', message: 'This student was rejected. Approve them in Student Management first.' };
    }
    const approved = person.approvalStatus === 'pending' ? await changeApproval(tx, ctx, person, 'approved', { at: now() }) : null;
    const added = await enroll(tx, approved ?? person, courseIds, true);
    const courses = `${added} course${added === 1 ? '' : 's'}`;
    if (approved) {
      return { outcome: 'enrolled', message: added ? `Had registered: approved and enrolled in ${courses}.` : 'Had registered: approved.' };
    }
    if (added) return { outcome: 'enrolled', message: `Already a student: enrolled in ${courses} more.` };
    return { outcome: 'already_student', message: 'Already a student, in every chosen course: nothing sent.' };
  }

  return {
    /**
     * Invites every good row of the list, in one transaction: new addresses get an invitation,
     * approved students are enrolled at once. An open invitation is left alone, so its link keeps
     * working, unless the tutor asks to send again (`resendInvited`) or it has expired; the chosen
     * courses are added to it either way. Malformed rows are reported and skipped; a bad course or
     * an over-long list changes nothing.
     */
    async invite(body: InviteBody): Promise<InviteOutcome[]> {
      const list = parseInvitationList(body.list);
      if (!list.ok) throw badRequest(list.message);
      const { rows } = list;
      const courseIds = [...new Set(body.courseIds)];
      const days = body.days ?? INVITATION_DEFAULT_DAYS;
      return db.transaction(async (tx) => {
        // Locked as any enrollment locks them: an existing student on the list is enrolled at once.
        const chosen = await enrollableCourses(tx, courseIds);
        if (chosen.size !== courseIds.length) throw badRequest(InvitationMessages.courseNotFound);
        const titles = [...chosen.values()].map((c) => c.title);
        const emails = rows.filter((r) => !r.error).map((r) => r.email);
        const people = emails.length ? await tx.select().from(users).where(inArray(users.email, emails)).for('update') : [];
        const byEmail = new Map(people.map((u) => [u.email, u]));
        const open = emails.length
          ? await tx
              .select()
              .from(invitations)
              .where(and(inArray(invitations.email, emails), isNull(invitations.acceptedAt), isNull(invitations.cancelledAt)))
              .for('update')
          : [];
        const openByEmail = new Map(open.map((i) => [i.email, i]));
        const at = now();

        const results: InviteOutcome[] = [];
        for (const r of rows) {
          const base = { row: r.row, email: r.email };
          if (r.error) {
            results.push({ ...base, outcome: 'failed', message: r.error });
            continue;
          }
          const person = byEmail.get(r.email);
          if (person) {
            results.push({ ...base, ...(await admitExisting(tx, person, courseIds)) });
            continue;
          }
          const existing = openByEmail.get(r.email);
          if (existing) {
            const added = courseIds.filter((id) => !existing.courseIds.includes(id));
            const [merged] = await tx
              .update(invitations)
              .set({
                courseIds: [...existing.courseIds, ...added],
                firstName: r.firstName || existing.firstName,
                lastName: r.lastName || existing.lastName,
              })
              .where(eq(invitations.id, existing.id))
              .returning();
            const expired = existing.expiresAt.getTime() <= at.getTime();
            if (!expired && !body.resendInvited) {
              const message = added.length
                ? InvitationMessages.alreadyInvitedCoursesAdded(added.length)
                : InvitationMessages.alreadyInvited;
              results.push({ ...base, outcome: 'already_invited', message, invitationId: existing.id });
              continue;
            }
            const allTitles = [...(await publishedCourses(tx, merged!.courseIds)).values()];
            await sendInvitation(tx, merged!, allTitles, days);
            const message = expired ? InvitationMessages.resentExpired : InvitationMessages.resentOnRequest;
            results.push({ ...base, outcome: 'resent', message });
            continue;
          }
          const [created] = await tx
            .insert(invitations)
            .values({
              email: r.email,
              firstName: r.firstName,
              lastName: r.lastName,
              courseIds,
              // Replaced at once by sendInvitation; unique and unguessable meanwhile.
              tokenHash: hashToken(newToken()),
              expiresAt: new Date(at.getTime() + days * DAY_MS),
            })
            .returning();
          await sendInvitation(tx, created!, titles, days);
          results.push({ ...base, outcome: 'invited', message: 'Invitation sent.' });
        }
        return results;
      });
    },

    async list(): Promise<Invitation[]> {
      const rows = await db.select().from(invitations).orderBy(desc(invitations.sentAt), desc(invitations.id)).limit(1000);
      return toInvitations(rows);
    },

    /** A new link, valid for the default time again; the old one stops working. */
    async resend(id: string): Promise<Invitation> {
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(invitations).where(eq(invitations.id, id)).for('update');
        if (!current) throw notFound(InvitationMessages.notFound);
        if (current.acceptedAt) throw conflict(InvitationMessages.alreadyAccepted);
        if (current.cancelledAt) throw conflict(InvitationMessages.cancelled);
        const titles = [...(await publishedCourses(tx, current.courseIds)).values()];
        return sendInvitation(tx, current, titles, INVITATION_DEFAULT_DAYS);
      });
      return (await toInvitations([row]))[0]!;
    },

    async cancel(id: string): Promise<Invitation> {
      const [current] = await db.select().from(invitations).where(eq(invitations.id, id));
      if (!current) throw notFound(InvitationMessages.notFound);
      if (current.acceptedAt) throw conflict(InvitationMessages.alreadyAccepted);
      const [row] = await db
        .update(invitations)
        .set({ cancelledAt: sql`coalesce(${invitations.cancelledAt}, ${now()})` })
        .where(eq(invitations.id, id))
        .returning();
      return (await toInvitations([row!]))[0]!;
    },

    /** What the link's page shows before the person accepts. */
    async preview(token: string): Promise<InvitationPreview> {
      return db.transaction(async (tx) => {
        const row = await usableByToken(tx, token);
        const titles = [...(await publishedCourses(tx, row.courseIds)).values()];
        return {
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          courses: titles,
          expiresAt: row.expiresAt.toISOString(),
        };
      });
    },

    /**
     * Registers the invited person, approved, and enrolls them in the invitation's courses that are
     * still published, in one transaction; the link then stops working. The invitation named the
     * courses, so no separate enrollment messages are sent.
     */
    async accept(token: string, names: AcceptInvitationBody): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const row = await usableByToken(tx, token);
        const [existing] = await tx.select().from(users).where(eq(users.email, row.email)).for('update');
        let user: UserRow;
        if (existing) {
          if (existing.role !== 'student' || existing.approvalStatus === 'rejected') throw gone(InvitationMessages.linkCancelled);
          user = (await changeApproval(tx, ctx, existing, 'approved', { mail: false, at: now() })) ?? existing;
        } else {
          [user] = (await tx
            .insert(users)
            .values({ email: row.email, firstName: names.firstName, lastName: names.lastName, role: 'student', approvalStatus: 'approved' })
            .returning()) as [UserRow];
        }
        const stillOpen = await enrollableCourses(tx, row.courseIds);
        await enroll(tx, user, [...stillOpen.keys()], false);
        await tx.update(invitations).set({ acceptedAt: now() }).where(eq(invitations.id, row.id));
        return user;
      });
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
