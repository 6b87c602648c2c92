import type { PlatformStats } from '@common/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

export const adminHomeKeys = {
  // Under the admin screens' family: approving or enrolling anywhere in the admin screens refreshes these figures.
  all: [...adminDataKey, 'home'] as const,
  stats: () => [...adminHomeKeys.all, 'stats'] as const,
};

export const getAdminStats = (signal?: AbortSignal) => api.get<PlatformStats>('/api/admin/stats', { signal });

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminHomeKeys.stats(),
    queryFn: ({ signal }) => getAdminStats(signal),
    // Fresh at every visit: courses and students change on other screens.
    staleTime: 0,
  });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
