import type { MeResponse } from '@common/auth';
import { paths } from '@web/lib/paths';

export type SignInOutcome = { to: string; title: string; message: string; pending: boolean };

/** The location a guard passed along (`state.from`) as a safe in-app path, or undefined. */
export function fromLocation(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'object' || from === null) return undefined;
  const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return undefined;
  if (pathname === paths.login || pathname === paths.register) return undefined;
  return pathname + (typeof search === 'string' ? search : '') + (typeof hash === 'string' ? hash : '');
}

/**
 * After a successful sign-in: where to go and what to say. A student on a first visit (isFirstVisit,
 * the dashboard's own rule) is welcomed, not welcomed back; the caller learns it from their courses.
 */
export function signInOutcome(session: MeResponse, from?: string, firstVisit = false): SignInOutcome {
  const { user } = session;
  if (user.role === 'student' && user.approvalStatus !== 'approved') {
    return {
      to: paths.home,
      title: 'Account Pending Approval',
      message: "Your account is waiting for administrator approval. You'll receive an email once your account is approved.",
      pending: true,
    };
  }
  if (user.role === 'admin') {
    return {
      to: from ?? paths.admin.dashboard,
      title: 'Welcome Back!',
      message: 'Successfully logged in as Administrator.',
      pending: false,
    };
  }
  return {
    to: from ?? paths.dashboard,
    title: firstVisit ? 'Welcome!' : 'Welcome Back!',
    message: 'Successfully logged in to your courses.',
    pending: false,
  };
}
