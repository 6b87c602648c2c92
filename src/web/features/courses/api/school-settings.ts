import type { SchoolSettings, SchoolSettingsBody } from '@common/calendar';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { publicConfigQueryOptions } from '@web/lib/public-config';

const schoolSettingsKey = ['school-settings'] as const;

export const schoolSettingsQueryOptions = () =>
  queryOptions({
    queryKey: schoolSettingsKey,
    queryFn: ({ signal }) => api.get<SchoolSettings>('/api/admin/school-settings', { signal }),
  });

/** The school's time zone as the tutor set it ('School Time Zone'). */
export const useSchoolSettings = () => useQuery(schoolSettingsQueryOptions());

/**
 * Saves the zone. Every screen reads it from the public configuration, kept without expiry in this browser: it is
 * asked again at once, so the tutor's own dates read in the new zone; other browsers get it with their next page.
 */
export function useSaveSchoolSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SchoolSettingsBody) => api.put<SchoolSettings>('/api/admin/school-settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(schoolSettingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: publicConfigQueryOptions().queryKey });
    },
  });
}
