import type { SessionUser } from '@common/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

export type StudentStatusChange = { studentId: string; status: 'approved' | 'rejected' };

/** Approve (sends the approval e-mail), reject, or revoke (approved → rejected; ends the student's sessions). */
export const updateStudentStatus = ({ studentId, status }: StudentStatusChange) =>
  api.patch<{ user: SessionUser }>(`/api/admin/students/${encodeURIComponent(studentId)}/status`, { status });

export function useUpdateStudentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudentStatus,
    // Also after a failure ("already approved" from another tab): show what the server has now.
    // Returned, so the button stays busy until the lists are fresh.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDataKey }),
  });
}
