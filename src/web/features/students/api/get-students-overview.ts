import type { StudentsOverviewResponse } from '@common/students';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/**
 * Rooted under ['admin'], the family of the admin screens' data: a change to a student or an
 * enrolment invalidates the whole family, so the database helper (and any other admin list that
 * counts students) is refreshed as well, without the features importing each other.
 */
export const studentsKeys = {
  all: ['admin', 'students'] as const,
  overview: () => [...studentsKeys.all, 'overview'] as const,
};

/** Every admin screen's data; invalidated whole after a student or enrolment changes. */
export const adminDataKey = ['admin'] as const;

export const getStudentsOverview = (signal?: AbortSignal) => api.get<StudentsOverviewResponse>('/api/admin/students', { signal });

export const studentsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: studentsKeys.overview(),
    queryFn: ({ signal }) => getStudentsOverview(signal),
    // Fresh at every visit: courses are published on other screens.
    staleTime: 0,
  });

export const useStudentsOverview = () => useQuery(studentsOverviewQueryOptions());
