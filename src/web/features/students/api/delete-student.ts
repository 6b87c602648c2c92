import type { DeleteStudentResponse } from '@common/students';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** Deletes the student and every row that names them (after the UI's confirmation); it cannot be undone. */
export const deleteStudent = (studentId: string) =>
  api.delete<DeleteStudentResponse>(`/api/admin/students/${encodeURIComponent(studentId)}`);

/** A student's data export (a ZIP), for the tutor to download before deleting them. */
export const studentDataUrl = (studentId: string) => `/api/admin/students/${encodeURIComponent(studentId)}/data`;

export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDataKey }),
  });
}
