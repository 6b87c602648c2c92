import type { DashboardCourse } from '@common/learning';
import { describe, expect, it } from 'vitest';
import { continueLearning, courseActionLabel, leadingCourses } from './course-action';

describe('courseActionLabel', () => {
  it.each([
    [0, 'Start Course'],
    [1, 'Continue Learning'],
    [50, 'Continue Learning'],
    [99, 'Continue Learning'],
    [100, 'Review Course'],
  ])('%i%% → %s', (percent, label) => expect(courseActionLabel(percent, false)).toBe(label));

  it('is Preview Course at any percent in the tutor preview', () => {
    for (const p of [0, 25, 100]) expect(courseActionLabel(p, true)).toBe('Preview Course');
  });
});

const course = (id: string, status: DashboardCourse['status']): DashboardCourse => ({
  id,
  title: id,
  description: '',
  thumbnailUrl: null,
  enrolledAt: '2026-01-01T00:00:00.000Z',
  totalLessons: 4,
  completedLessons: status === 'completed' ? 4 : status === 'in_progress' ? 2 : 0,
  percent: status === 'completed' ? 100 : status === 'in_progress' ? 50 : 0,
  status,
  lastActivityAt: null,
});

describe('continueLearning', () => {
  it('keeps the first two in-progress courses in the given order', () => {
    const list = [
      course('a', 'completed'),
      course('b', 'in_progress'),
      course('c', 'not_started'),
      course('d', 'in_progress'),
      course('e', 'in_progress'),
    ];
    expect(continueLearning(list).map((c) => c.id)).toEqual(['b', 'd']);
  });

  it('is empty without in-progress courses', () => {
    expect(continueLearning([course('a', 'completed'), course('b', 'not_started')])).toEqual([]);
  });
});

describe('leadingCourses', () => {
  it('leads with the courses under way, else with the first course not started, else nothing', () => {
    expect(leadingCourses([course('a', 'not_started'), course('b', 'in_progress')])).toMatchObject({
      title: 'Continue Learning',
      courses: [{ id: 'b' }],
    });
    expect(leadingCourses([course('a', 'completed'), course('b', 'not_started'), course('c', 'not_started')])).toMatchObject({
      title: 'Start Here',
      courses: [{ id: 'b' }],
    });
    expect(leadingCourses([course('a', 'completed')]).courses).toEqual([]);
  });
});
