import type { LearnResponse } from '@common/learning';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api';
import { learningKeys } from './learning-keys';

/** The course-learning screen in one call: outline, lesson statuses, progress, the lesson to open first. */
export const getCourseOutline = (courseId: string, signal?: AbortSignal) =>
  api.get<LearnResponse>(`/api/courses/${encodeURIComponent(courseId)}/learn`, { signal });

export const courseOutlineQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: learningKeys.outline(courseId),
    queryFn: ({ signal }) => getCourseOutline(courseId, signal),
    // A refusal (not enrolled, not found) will not change by asking again.
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
  });

export const useCourseOutline = (courseId: string) => useQuery(courseOutlineQueryOptions(courseId));
