import type { MeResponse } from '@common/auth';
import { describe, expect, it } from 'vitest';
import { dashboardTarget, decideAccess } from './access';

const session = (
  role: 'admin' | 'student',
  approvalStatus: 'pending' | 'approved' | 'rejected' = 'approved',
  viewMode: 'admin' | 'student' = 'admin',
): MeResponse => ({
  user: {
    id: 'u1',
    email: 'x@example.com',
    firstName: 'X',
    lastName: 'Y',
    fullName: 'X Y',
    role,
    approvalStatus,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastLoginAt: null,
  },
  viewMode,
});

describe('decideAccess', () => {
  it('sends a signed-out visitor to login', () => {
    expect(decideAccess(null, {})).toEqual({ kind: 'login' });
    expect(decideAccess(null, { role: 'admin' })).toEqual({ kind: 'login' });
  });

  it('sends a student away from admin routes to /dashboard', () => {
    expect(decideAccess(session('student'), { role: 'admin' })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('sends an admin in admin view away from student-only routes to the admin home', () => {
    expect(decideAccess(session('admin'), { role: 'student' })).toEqual({ kind: 'redirect', to: '/admin/dashboard' });
  });

  it('lets an admin in student view pass student-only routes, and keeps admin routes open to them', () => {
    expect(decideAccess(session('admin', 'approved', 'student'), { role: 'student' })).toEqual({ kind: 'allow' });
    expect(decideAccess(session('admin', 'approved', 'student'), { role: 'admin' })).toEqual({ kind: 'allow' });
  });

  it('shows the pending screen to an unapproved student unless approval is not required', () => {
    expect(decideAccess(session('student', 'pending'), { role: 'student' })).toEqual({ kind: 'pending' });
    expect(decideAccess(session('student', 'pending'), {})).toEqual({ kind: 'pending' });
    expect(decideAccess(session('student', 'pending'), { requireApproval: false })).toEqual({ kind: 'allow' });
  });

  it('role mismatch wins over approval for a pending student on an admin route', () => {
    expect(decideAccess(session('student', 'pending'), { role: 'admin' })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('allows an approved student on student routes', () => {
    expect(decideAccess(session('student'), { role: 'student' })).toEqual({ kind: 'allow' });
  });
});

describe('dashboardTarget', () => {
  it('redirects by role and view mode', () => {
    expect(dashboardTarget(session('admin'))).toBe('/admin/dashboard');
    expect(dashboardTarget(session('admin', 'approved', 'student'))).toBe('/student/dashboard');
    expect(dashboardTarget(session('student'))).toBe('/student/dashboard');
  });
});
