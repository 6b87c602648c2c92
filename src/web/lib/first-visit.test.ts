import type { DashboardCourse } from '@common/learning';
import { describe, expect, it } from 'vitest';
import { isFirstVisit } from './first-visit';

const course = (id: string, status: DashboardCourse['status'], lastActivityAt: string | null = null) =>
  ({ id, status, lastActivityAt }) as DashboardCourse;

describe('isFirstVisit', () => {
  it('is a first visit while nothing is begun, with courses or none', () => {
    expect(isFirstVisit([course('a', 'not_started'), course('b', 'not_started')])).toBe(true);
    expect(isFirstVisit([])).toBe(true);
  });
  it('is not once a course is under way or has seen activity', () => {
    expect(isFirstVisit([course('a', 'not_started'), course('b', 'in_progress')])).toBe(false);
    expect(isFirstVisit([course('a', 'completed')])).toBe(false);
    expect(isFirstVisit([course('a', 'not_started', '2026-01-02T00:00:00.000Z')])).toBe(false);
  });
});
