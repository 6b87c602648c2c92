import type { SessionUser } from '@common/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** Sets a pending student to approved (the server sends the approval e-mail). */
export const approveUser = (userId: string) =>
  api.patch<{ user: SessionUser }>(`/api/admin/students/${encodeURIComponent(userId)}/status`, { status: 'approved' });

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDataKey }),
  });
}
