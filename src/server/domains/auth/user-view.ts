import type { SessionUser } from '../../../common/auth';
import type { UserRow } from '../../platform/db/schema/index';

/** The name shown for a user everywhere: the full name, or 'User'. */
export const fullNameOf = (u: Pick<UserRow, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim() || 'User';

export function toSessionUser(u: UserRow): SessionUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: fullNameOf(u),
    role: u.role,
    approvalStatus: u.approvalStatus,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}
