import type { Enrollment } from '@common/enrollments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** Enrolls an approved student in a published course (409 when already enrolled). */
export const enrollUser = ({ userId, courseId }: { userId: string; courseId: string }) =>
  api.post<{ enrollment: Enrollment }>(`/api/admin/students/${encodeURIComponent(userId)}/enrollments`, { courseId });

export function useEnrollUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDataKey }),
  });
}
