import type { MyGrades } from '@common/gradebook';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api';

/**
 * My Grades: the signed-in student's own row of the gradebook. Its own module, of types only from @common: the first
 * page's data (app/page-data.ts) asks it with the same key before the app renders, and that bundle stays free of zod.
 */
export const myGradesQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: ['student', 'course', courseId, 'grades'] as const,
    queryFn: ({ signal }) => api.get<MyGrades>(`/api/courses/${encodeURIComponent(courseId)}/grades`, { signal }),
    // A refusal (not enrolled, not found) will not change by asking again.
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    staleTime: 0,
  });

export const useMyGrades = (courseId: string) => useQuery(myGradesQueryOptions(courseId));
