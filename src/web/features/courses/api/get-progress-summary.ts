import type { CourseProgressSummary } from '@common/learning';
import { api } from '@web/lib/api';

/** How many of the course's students are mid-course: asked when the tutor turns on lessons in order, so the answer is fresh. */
export const getProgressSummary = (courseId: string) =>
  api.get<CourseProgressSummary>(`/api/admin/courses/${encodeURIComponent(courseId)}/progress-summary`);
