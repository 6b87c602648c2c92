import type { DbHelperResponse } from '@common/database-helper';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Under ['admin'], the family a change to a student or an enrolment invalidates (see the students feature). */
export const databaseHelperKeys = {
  all: ['admin', 'database-helper'] as const,
  search: (search: string) => [...databaseHelperKeys.all, 'search', search] as const,
};

/** Every admin screen's data; invalidated whole after a student or enrolment changes. */
export const adminDataKey = ['admin'] as const;

export const getDatabaseOverview = (search: string, signal?: AbortSignal) =>
  api.get<DbHelperResponse>(`/api/admin/database-helper?${new URLSearchParams({ search })}`, { signal });

export const databaseOverviewQueryOptions = (search: string) =>
  queryOptions({
    queryKey: databaseHelperKeys.search(search),
    queryFn: ({ signal }) => getDatabaseOverview(search, signal),
    // While a new search runs, the last results stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useDatabaseOverview = (search: string) => useQuery(databaseOverviewQueryOptions(search));
