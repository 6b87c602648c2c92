import type { BulkStudentsBody, BulkStudentsResponse } from '@common/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** One action on several students, in one transaction: the outcome per student, or an error and nothing changed. */
export const bulkUpdateStudents = (body: BulkStudentsBody) => api.post<BulkStudentsResponse>('/api/admin/students/bulk', body);

export function useBulkUpdateStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateStudents,
    // Also after a refusal (a student deleted in another tab): show what the server has now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDataKey }),
  });
}
