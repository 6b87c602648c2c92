import type { DashboardResponse } from '@common/learning';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export const studentKeys = {
  // The course-learning screen invalidates ['student'] after every progress write.
  all: ['student'] as const,
  dashboard: () => [...studentKeys.all, 'dashboard'] as const,
};

export const getDashboard = (signal?: AbortSignal) => api.get<DashboardResponse>('/api/student/dashboard', { signal });

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: studentKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
    // Fresh at every visit: progress is written on the course screen, enrolments by the tutor.
    staleTime: 0,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
