import type { BackupsOverview } from '@common/backups';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

// Under the admin screens' family (see src/web/lib/admin-data-key.ts).
const backupsKey = [...adminDataKey, 'backups'] as const;

const inProgress = (data: BackupsOverview | undefined) => data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ?? false;

/** The overview; asked again every two seconds while a backup waits or runs, so the page shows when it ends. */
export const useBackups = () =>
  useQuery({
    queryKey: backupsKey,
    queryFn: ({ signal }) => api.get<BackupsOverview>('/api/admin/backups', { signal }),
    staleTime: 0,
    refetchInterval: (query) => (inProgress(query.state.data) ? 2000 : false),
  });

export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/admin/backups'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
