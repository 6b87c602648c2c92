import type { MeResponse } from '@common/auth';
import { describe, expect, it } from 'vitest';
import { fromLocation, signInOutcome } from './sign-in-outcome';

const session = (role: 'admin' | 'student', approvalStatus: 'pending' | 'approved' = 'approved'): MeResponse => ({
  user: {
    id: '1',
    email: 'a@example.com',
    firstName: 'A',
    lastName: 'B',
    fullName: 'A B',
    role,
    approvalStatus,
    createdAt: '',
    lastLoginAt: null,
  },
  viewMode: 'admin',
});

describe('signInOutcome', () => {
  it('sends a pending student home with the pending notice', () => {
    const out = signInOutcome(session('student', 'pending'), '/student/dashboard');
    expect(out).toMatchObject({ to: '/', title: 'Account Pending Approval', pending: true });
  });
  it('welcomes the admin to the admin home, or back where they were', () => {
    expect(signInOutcome(session('admin'))).toMatchObject({ to: '/admin/dashboard', message: 'Successfully logged in as Administrator.' });
    expect(signInOutcome(session('admin'), '/admin/students').to).toBe('/admin/students');
  });
  it('welcomes an approved student to /dashboard, or back where they were', () => {
    expect(signInOutcome(session('student'))).toMatchObject({
      to: '/dashboard',
      title: 'Welcome Back!',
      message: 'Successfully logged in to your courses.',
    });
    expect(signInOutcome(session('student'), '/course/7').to).toBe('/course/7');
  });
  it('welcomes a student on a first visit without "back"', () => {
    expect(signInOutcome(session('student'), undefined, true)).toMatchObject({ to: '/dashboard', title: 'Welcome!' });
    expect(signInOutcome(session('admin'), undefined, true).title).toBe('Welcome Back!');
  });
});

describe('fromLocation', () => {
  it('reads the guard’s location', () => {
    expect(fromLocation({ from: { pathname: '/admin/students', search: '?tab=pending', hash: '#x' } })).toBe(
      '/admin/students?tab=pending#x',
    );
  });
  it('ignores anything that is not an in-app path', () => {
    expect(fromLocation(undefined)).toBeUndefined();
    expect(fromLocation({ from: '/admin' })).toBeUndefined();
    expect(fromLocation({ from: { pathname: '//evil.example.com' } })).toBeUndefined();
    expect(fromLocation({ from: { pathname: 'https://evil.example.com' } })).toBeUndefined();
    expect(fromLocation({ from: { pathname: '/login' } })).toBeUndefined();
  });
});
