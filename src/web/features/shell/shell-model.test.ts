import type { MeResponse } from '@common/auth';
import { describe, expect, it } from 'vitest';
import { displayName, mobileTitle, navItems, roleLabel } from './shell-model';

const session = (
  role: 'admin' | 'student',
  viewMode: 'admin' | 'student' = 'admin',
  fullName = 'Ada Lovelace',
  firstName = 'Ada',
): MeResponse => ({
  user: {
    id: '1',
    email: 'a@example.com',
    firstName,
    lastName: '',
    fullName,
    role,
    approvalStatus: 'approved',
    createdAt: '',
    lastLoginAt: null,
  },
  viewMode,
});

describe('mobileTitle', () => {
  it.each([
    ['/admin/dashboard', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/student/dashboard', 'Dashboard'],
    ['/admin/analytics', 'Analytics'],
    ['/admin/database-helper', 'Database Helper'],
    ['/admin/invitations', 'Invite Students'],
    ['/admin/notifications', 'Notifications'],
    ['/admin/students', 'Students'],
    ['/admin/students/', 'Students'],
    ['/admin/courses', 'Courses'],
    ['/admin/courses/abc/edit', 'Courses'],
    ['/admin/courses/new', 'Create Course'],
    ['/admin/courses/create', 'Create Course'],
    ['/course/42', 'Course'],
  ])('%s → %s', (path, title) => {
    expect(mobileTitle(path)).toBe(title);
  });
});

describe('roleLabel', () => {
  it('names the role, and the admin student view', () => {
    expect(roleLabel(session('admin'))).toBe('Admin');
    expect(roleLabel(session('admin', 'student'))).toBe('Admin (Student View)');
    expect(roleLabel(session('student'))).toBe('Student');
  });
});

describe('displayName', () => {
  it('falls back from full name to first name to User', () => {
    expect(displayName(session('student'))).toBe('Ada Lovelace');
    expect(displayName(session('student', 'admin', ' ', 'Ada'))).toBe('Ada');
    expect(displayName(session('student', 'admin', '', ''))).toBe('User');
  });
});

describe('navItems', () => {
  it('gives the admin five entries, Questions with the count of unanswered ones', () => {
    expect(navItems(session('admin')).map((i) => i.label)).toEqual(['Dashboard', 'Students', 'Courses', 'Create Course', 'Questions']);
    expect(navItems(session('admin')).at(-1)!.badge).toBeUndefined();
    expect(navItems(session('admin'), 3).at(-1)).toMatchObject({
      to: '/admin/questions',
      badge: '3',
      badgeLabel: '3 unanswered questions',
    });
  });
  it('gives students two entries to their dashboard, marked Demo in the admin student view', () => {
    const student = navItems(session('student'));
    expect(student.map((i) => [i.label, i.to, i.badge])).toEqual([
      ['Dashboard', '/student/dashboard', undefined],
      ['My Courses', '/student/dashboard', undefined],
    ]);
    expect(navItems(session('admin', 'student')).every((i) => i.badge === 'Demo')).toBe(true);
  });
});
