import type { MeResponse } from '@common/auth';
import type { AcceptInvitationBody, InvitationPreview } from '@common/invitations';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** What an invitation link stands for (404 unknown, 410 used, expired or withdrawn), and accepting it. */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => api.get<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    staleTime: Infinity,
  });

export const acceptInvitation = (token: string, body: AcceptInvitationBody) =>
  api.post<MeResponse>(`/api/invitations/${encodeURIComponent(token)}/accept`, body);
