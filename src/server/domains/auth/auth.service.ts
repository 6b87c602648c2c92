import { eq, inArray } from 'drizzle-orm';
import type { RegistrationDetails } from '../../../common/auth';
import { ErrorCode } from '../../../common/errors';
import type { Db } from '../../platform/db/client';
import { users, type UserRow } from '../../platform/db/schema/index';
import { AppError, conflict, forbidden } from '../../platform/http/errors';
import { isTestStudent, TEST_STUDENTS } from '../../../common/test-students';
import { scheduleRegistrationDigest } from '../notifications';
import type { CodeService } from './codes.service';
import { fullNameOf } from './user-view';

export type AuthServiceDeps = {
  db: Db;
  codes: CodeService;
  adminEmail: string;
  /** The fixed code of the test students; undefined in production. */
  devLoginCode: string | undefined;
  now: () => Date;
};

/** Where a code comes from: a known browser's id, and whether the request is this machine's own. */
export type CodeCheckFrom = { local: boolean; device?: string };

export const userNotFound = () =>
  new AppError(404, ErrorCode.userNotFound, 'User not found in database. Please contact administrator.', 'Verification Failed');
export const accessRevoked = () =>
  new AppError(403, ErrorCode.accessRevoked, 'Your account access has been revoked. Please contact the administrator.', 'Access Denied');

export function createAuthService({ db, codes, adminEmail, devLoginCode, now }: AuthServiceDeps) {
  /** The administrator is whoever holds ADMIN_EMAIL, whatever the table says. */
  async function ensureAdmin(): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values({ email: adminEmail, firstName: 'Course', lastName: 'Tutor', role: 'admin', approvalStatus: 'approved' })
      .onConflictDoUpdate({ target: users.email, set: { role: 'admin', approvalStatus: 'approved' } })
      .returning();
    return row!;
  }

  /** `local`: the request came from this machine, not through a proxy (the only place the fixed code works). */
  async function verifyCode(email: string, purpose: 'login' | 'register', code: string, from: CodeCheckFrom) {
    if (devLoginCode && from.local && purpose === 'login' && isTestStudent(email) && code === devLoginCode) return;
    await codes.verify(email, purpose, code, from.device);
  }

  /** Who may have a session: the admin and students not rejected (a pending one sees the pending screen). */
  async function signInUser(email: string): Promise<UserRow> {
    const user = email === adminEmail ? await ensureAdmin() : (await db.select().from(users).where(eq(users.email, email)))[0];
    if (!user) throw userNotFound();
    if (user.role === 'student' && user.approvalStatus === 'rejected') throw accessRevoked();
    const [updated] = await db.update(users).set({ lastLoginAt: now() }).where(eq(users.id, user.id)).returning();
    return updated!;
  }

  return {
    ensureAdmin,

    async login(email: string, code: string, from: CodeCheckFrom = { local: false }): Promise<UserRow> {
      await verifyCode(email, 'login', code, from);
      return signInUser(email);
    },

    /** Outside production: the test students as they are now; null in production. */
    async testUsers() {
      if (!devLoginCode) return null;
      const rows = await db
        .select()
        .from(users)
        .where(
          inArray(
            users.email,
            TEST_STUDENTS.map((s) => s.email),
          ),
        );
      return rows.map((u) => ({ email: u.email, fullName: fullNameOf(u), approvalStatus: u.approvalStatus }));
    },

    /** Outside production only: quick login, without a code, as one of the built-in test students. */
    async devLogin(email: string): Promise<UserRow> {
      if (!devLoginCode) throw forbidden('Development tools are disabled in production.');
      if (!isTestStudent(email)) throw forbidden('Quick login is only for the built-in test students.');
      return signInUser(email);
    },

    async register(details: RegistrationDetails, code: string, device?: string): Promise<UserRow> {
      await codes.verify(details.email, 'register', code, device);
      const exists = () => conflict('An account with this email already exists. Please sign in instead.', ErrorCode.accountExists);
      if (details.email === adminEmail) throw exists();
      // The tutor's digest of new registrations is scheduled with the account, in one transaction.
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ ...details, role: 'student', approvalStatus: 'pending' })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (row) await scheduleRegistrationDigest(tx);
        return row;
      });
      if (!created) throw exists();
      return created;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
