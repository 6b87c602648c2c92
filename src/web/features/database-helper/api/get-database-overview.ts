import type { DbHelperResponse } from '@common/database-helper';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** Under the admin screens' family, which a change to a student or an enrollment invalidates. */
export const databaseHelperKeys = {
  all: [...adminDataKey, 'database-helper'] as const,
  search: (search: string) => [...databaseHelperKeys.all, 'search', search] as const,
};

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
