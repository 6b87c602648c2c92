import type { MeResponse, Role } from '@common/auth';
import { paths } from './paths';

/** What a guarded route requires: an optional role, and approval (on by default). */
export type Requirement = { role?: Role; requireApproval?: boolean };

export type AccessDecision = { kind: 'allow' } | { kind: 'login' } | { kind: 'redirect'; to: string } | { kind: 'pending' };

/**
 * The route guard's rule, mirroring the server: signed out → login (with the attempted location);
 * role mismatch → the admin home for an admin, /dashboard for a student (an admin in student view
 * may pass student-only routes); an unapproved student sees the pending-approval screen.
 */
export function decideAccess(session: MeResponse | null, { role, requireApproval = true }: Requirement): AccessDecision {
  if (!session) return { kind: 'login' };
  const { user, viewMode } = session;
  if (role === 'admin' && user.role !== 'admin') return { kind: 'redirect', to: paths.dashboard };
  if (role === 'student' && user.role === 'admin' && viewMode !== 'student') return { kind: 'redirect', to: paths.admin.dashboard };
  if (requireApproval && user.role === 'student' && user.approvalStatus !== 'approved') return { kind: 'pending' };
  return { kind: 'allow' };
}

/** Where /dashboard sends a signed-in user: by role and view mode. */
export function dashboardTarget(session: MeResponse): string {
  if (session.user.role === 'admin') return session.viewMode === 'student' ? paths.student.dashboard : paths.admin.dashboard;
  return paths.student.dashboard;
}
