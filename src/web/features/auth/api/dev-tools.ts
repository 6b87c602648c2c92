import type { MeResponse, TestUser } from '@common/auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@web/lib/api';
import { usePublicConfig } from '@web/lib/public-config';

export const devToolsKeys = {
  all: ['dev-tools'] as const,
  info: () => [...devToolsKeys.all, 'info'] as const,
};

/** The built-in test students, or null where the server has development tools off (production: 403). */
export async function getDevTools(signal?: AbortSignal): Promise<{ testUsers: TestUser[] } | null> {
  try {
    return await api.get<{ testUsers: TestUser[] }>('/api/dev/tools', { signal });
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

export const devToolsQueryOptions = () =>
  queryOptions({ queryKey: devToolsKeys.info(), queryFn: ({ signal }) => getDevTools(signal), staleTime: Infinity, retry: false });

/** Asked only where the server says development tools are on, so production logs no refused request. */
export function useDevTools() {
  const devToolsOn = usePublicConfig()?.devTools === true;
  return useQuery({ ...devToolsQueryOptions(), enabled: devToolsOn });
}

export const devLogin = (email: string) => api.post<MeResponse>('/api/dev/login', { email });

export const useDevLogin = () => useMutation({ mutationFn: devLogin });
