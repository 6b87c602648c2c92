import type { AnalyticsRange, AnalyticsResponse } from '@common/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/**
 * Rooted under ['admin'] (the admin screens' family): a change to a student or an enrollment
 * elsewhere invalidates the analytics too.
 */
export const analyticsKeys = {
  all: ['admin', 'analytics'] as const,
  details: () => [...analyticsKeys.all, 'overview'] as const,
  detail: (range: AnalyticsRange) => [...analyticsKeys.details(), range] as const,
};

export const getAnalytics = (range: AnalyticsRange, signal?: AbortSignal) =>
  api.get<AnalyticsResponse>(`/api/admin/analytics?range=${encodeURIComponent(range)}`, { signal });

/** The per-student velocity and risk table as a CSV file (a plain link: the browser downloads it with the session cookie). */
export const studentsCsvUrl = '/api/admin/analytics/students.csv';

export const analyticsQueryOptions = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: analyticsKeys.detail(range),
    queryFn: ({ signal }) => getAnalytics(range, signal),
    // Fresh at every visit, like the other admin overviews.
    staleTime: 0,
    // Another range keeps the last answer on screen while it loads, instead of the loading page.
    placeholderData: keepPreviousData,
  });

export const useAnalytics = (range: AnalyticsRange) => useQuery(analyticsQueryOptions(range));
