import type { Invitation, InvitationsResponse, InviteBody, InviteResponse } from '@common/invitations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** Under the admin family: an invitation that enrolls an existing student changes the other admin lists too. */
export const invitationsKey = [...adminDataKey, 'invitations'] as const;

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: invitationsKey,
    queryFn: ({ signal }) => api.get<InvitationsResponse>('/api/admin/invitations', { signal }),
    staleTime: 0,
  });
export const useInvitations = () => useQuery(invitationsQueryOptions());

function useAdminMutation<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: adminDataKey }) });
}

/** 200 with a line per row (malformed rows included); 400 for a list over 1,000 rows or a course not published. */
export const useSendInvitations = () => useAdminMutation((body: InviteBody) => api.post<InviteResponse>('/api/admin/invitations', body));

export const useResendInvitation = () =>
  useAdminMutation((id: string) => api.post<{ invitation: Invitation }>(`/api/admin/invitations/${encodeURIComponent(id)}/resend`));

export const useCancelInvitation = () =>
  useAdminMutation((id: string) => api.post<{ invitation: Invitation }>(`/api/admin/invitations/${encodeURIComponent(id)}/cancel`));
