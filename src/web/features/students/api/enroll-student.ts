import type { Enrollment } from '@common/enrollments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

export type EnrollmentChange = { studentId: string; courseId: string };

/** 201 with the enrollment; 409 when already enrolled, 400 for a draft course or a student not approved. */
export const enrollStudent = ({ studentId, courseId }: EnrollmentChange) =>
  api.post<{ enrollment: Enrollment }>(`/api/admin/students/${encodeURIComponent(studentId)}/enrollments`, { courseId });

export function useEnrollStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollStudent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDataKey }),
  });
}
