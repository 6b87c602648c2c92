import type { DashboardCourse } from '@common/learning';

/** The course card's button: by percent, or 'Preview Course' in the tutor's preview. */
export function courseActionLabel(percent: number, preview: boolean): string {
  if (preview) return 'Preview Course';
  if (percent <= 0) return 'Start Course';
  if (percent >= 100) return 'Review Course';
  return 'Continue Learning';
}

/** The 'Continue Learning' strip: up to two in-progress courses, in the server's order. */
export const continueLearning = (courses: DashboardCourse[]) => courses.filter((c) => c.status === 'in_progress').slice(0, 2);

/**
 * What the dashboard leads with: the courses to pick up again, or, when none is under way, the first one to start,
 * so that a newly enrolled student's first button is their first lesson.
 */
export function leadingCourses(courses: DashboardCourse[]): { title: 'Continue Learning' | 'Start Here'; courses: DashboardCourse[] } {
  const going = continueLearning(courses);
  if (going.length) return { title: 'Continue Learning', courses: going };
  const first = courses.find((c) => c.status === 'not_started');
  return { title: 'Start Here', courses: first ? [first] : [] };
}
