import type { DashboardResponse } from '@common/learning';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { learningKeys } from './learning-keys';

export const getDashboard = (signal?: AbortSignal) => api.get<DashboardResponse>('/api/student/dashboard', { signal });

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: learningKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
    // Fresh at every visit: progress is written on the course screen, enrollments by the tutor.
    staleTime: 0,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
