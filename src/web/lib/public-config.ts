import type { PublicConfig } from '@common/public-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'] as const,
    queryFn: ({ signal }) => api.get<PublicConfig>('/api/public-config', { signal }),
    staleTime: Infinity,
  });

/** The installation's public settings (the tutor's contact address...), or undefined while loading. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions()).data;
}

/**
 * The school's time zone ('School Time Zone'), in which every date of the calendar is shown (formatInZone) and
 * entered; UTC until the configuration has loaded.
 */
export function useSchoolTimeZone(): string {
  return usePublicConfig()?.timeZone ?? 'UTC';
}
