import type { StudentsOverviewResponse } from '@common/students';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** Under the admin screens' family, which a change to a student or an enrollment invalidates whole. */
export const studentsKeys = {
  all: [...adminDataKey, 'students'] as const,
  overview: () => [...studentsKeys.all, 'overview'] as const,
};

export const getStudentsOverview = (signal?: AbortSignal) => api.get<StudentsOverviewResponse>('/api/admin/students', { signal });

export const studentsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: studentsKeys.overview(),
    queryFn: ({ signal }) => getStudentsOverview(signal),
    // Fresh at every visit: courses are published on other screens.
    staleTime: 0,
  });

export const useStudentsOverview = () => useQuery(studentsOverviewQueryOptions());
