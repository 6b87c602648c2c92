import type { MeResponse, SessionUser, ViewMode } from '@common/auth';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { NETWORK_ERROR, api, isApiError } from './api';
import { lastConfirmedSession, rememberSignedInUser } from './offline-user-data';
import { runUserChange } from './session-end';

/** The signed-in user and view mode, or null when signed out. Shared by every feature (header, guards, forms). */
export type Session = MeResponse;

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    // /api/session answers 200 for visitors too, so public pages log no failed request.
    const { session } = await api.get<{ session: Session | null }>('/api/session', { signal });
    await rememberSignedInUser(session);
    return session;
  } catch (error) {
    // The server cannot be reached (offline): the last session it confirmed, so pages kept for
    // offline reopen. Never when the server answered, whatever it said.
    const offline = isApiError(error) && error.code === NETWORK_ERROR ? await lastConfirmedSession() : null;
    if (offline) return offline;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { ...query, session: query.data ?? null };
}

/** Forget every other user's data: all queries except the session, which is set to the new value. */
export function replaceSession(queryClient: QueryClient, session: Session | null) {
  const before = queryClient.getQueryData<Session | null>(sessionKeys.me());
  if (before && before.user.id !== session?.user.id) runUserChange();
  // The offline copy goes with the user: another user's is deleted, and all of it at sign-out.
  void rememberSignedInUser(session);
  queryClient.setQueryData(sessionKeys.me(), session);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
}

export function useLogout() {
  return useMutation({ mutationFn: () => api.post<void>('/api/auth/logout') });
}

export function useSetViewMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewMode: ViewMode) => api.put<MeResponse>('/api/me/view-mode', { viewMode }),
    onSuccess: (session) => queryClient.setQueryData(sessionKeys.me(), session),
  });
}

export const isAdmin = (user: SessionUser | null | undefined) => user?.role === 'admin';

/** Where the landing page header's "Dashboard" link leads a signed-in user. */
export const dashboardHref = (user: SessionUser) => (user.role === 'admin' ? '/admin/dashboard' : '/dashboard');
