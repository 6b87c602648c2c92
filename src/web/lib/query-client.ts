import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from './api';
import { sessionKeys } from './auth';

/**
 * One client for the app. A 401 from any query other than the session itself means the session
 * ended (expired, revoked): mark it signed out, so the route guard sends the user to /login with
 * the page they were on, and back there after signing in.
 */
export function createQueryClient() {
  const onUnauthenticated = (error: unknown, key?: readonly unknown[]) => {
    if (!isApiError(error) || error.status !== 401) return;
    if (key && key[0] === sessionKeys.all[0]) return;
    if (client.getQueryData(sessionKeys.me()) === null) return;
    client.setQueryData(sessionKeys.me(), null);
    toast.error(error.title ?? 'Authentication Required', { description: error.message || 'Please sign in to continue.' });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onUnauthenticated(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthenticated(error) }),
    defaultOptions: {
      queries: {
        // Ask even when the browser says it is offline: the service worker may answer from the
        // copy it kept; a query that fails offline then waits for the connection.
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        // Client errors will not change on retry; network and server errors get two more tries.
        retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
