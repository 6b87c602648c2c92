import type { SessionUser } from '../../../common/auth';
import type { UserRow } from '../../db/schema/index';

export function toSessionUser(u: UserRow): SessionUser {
  const fullName = `${u.firstName} ${u.lastName}`.trim();
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: fullName || 'User',
    role: u.role,
    approvalStatus: u.approvalStatus,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}
