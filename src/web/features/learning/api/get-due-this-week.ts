import type { DueThisWeek } from '@common/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { learningKeys } from './learning-keys';

export const getDueThisWeek = (signal?: AbortSignal) => api.get<DueThisWeek>('/api/student/due-this-week', { signal });

export const dueThisWeekQueryOptions = () =>
  queryOptions({
    queryKey: learningKeys.dueThisWeek(),
    queryFn: ({ signal }) => getDueThisWeek(signal),
    // Fresh at every visit: a pass, an extension or the clock changes what is due.
    staleTime: 0,
  });

export const useDueThisWeek = () => useQuery(dueThisWeekQueryOptions());
