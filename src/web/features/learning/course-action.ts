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
