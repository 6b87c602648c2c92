import type { MeResponse } from '@common/auth';
import { describe, expect, it } from 'vitest';
import { areaNav, displayName, mobileTitle, navCurrent, navItems, roleLabel } from './shell-model';

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
    ['/admin/gradebook', 'Gradebook'],
    ['/admin/database-helper', 'Database Helper'],
    ['/admin/invitations', 'Invite Students'],
    ['/admin/notifications', 'Notifications'],
    ['/admin/backups', 'Backups'],
    ['/admin/questions', 'Questions'],
    ['/admin/students', 'Students'],
    ['/admin/students/', 'Students'],
    ['/admin/courses', 'Courses'],
    ['/admin/courses/abc/edit', 'Courses'],
    ['/admin/courses/new', 'Create Course'],
    ['/admin/courses/create', 'Create Course'],
    ['/course/42', 'Course'],
    ['/course/42/grades', 'My Grades'],
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
  it('gives the admin six areas, Gradebook and Analytics among them, Questions with the count of unanswered ones', () => {
    expect(navItems(session('admin')).map((i) => i.label)).toEqual([
      'Dashboard',
      'Students',
      'Courses',
      'Gradebook',
      'Analytics',
      'Questions',
    ]);
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

describe('navCurrent', () => {
  const byLabel = (label: string) => navItems(session('admin')).find((i) => i.label === label)!;
  it('marks the page itself, and the area a page belongs to', () => {
    expect(navCurrent(byLabel('Students'), '/admin/students')).toBe('page');
    expect(navCurrent(byLabel('Students'), '/admin/students/')).toBe('page');
    for (const path of ['/admin/invitations', '/admin/notifications', '/admin/students/42']) {
      expect(navCurrent(byLabel('Students'), path), path).toBe('true');
    }
    expect(navCurrent(byLabel('Courses'), '/admin/courses/new')).toBe('true');
    expect(navCurrent(byLabel('Questions'), '/admin/questions/7')).toBe('true');
    expect(navCurrent(byLabel('Dashboard'), '/admin/database-helper')).toBe('true');
    expect(navCurrent(byLabel('Analytics'), '/admin/analytics')).toBe('page');
    // Not a prefix by letters alone.
    expect(navCurrent(byLabel('Students'), '/admin/studentsx')).toBeUndefined();
    expect(navCurrent(byLabel('Courses'), '/admin/students')).toBeUndefined();
  });
});

describe('areaNav', () => {
  it('lists the Students area on its three pages only', () => {
    for (const path of ['/admin/students', '/admin/invitations', '/admin/notifications']) {
      expect(
        areaNav(path)?.items.map((i) => i.label),
        path,
      ).toEqual(['Students', 'Invitations', 'Notifications']);
    }
    for (const path of ['/admin/students/42', '/admin/courses', '/admin/dashboard']) expect(areaNav(path), path).toBeNull();
  });
});
