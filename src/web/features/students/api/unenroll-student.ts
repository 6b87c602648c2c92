import type { UnenrollResponse } from '@common/enrollments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';
import type { EnrollmentChange } from './enroll-student';

/** Deletes the enrollment and the student's lesson progress in that course. */
export const unenrollStudent = ({ studentId, courseId }: EnrollmentChange) =>
  api.delete<UnenrollResponse>(`/api/admin/students/${encodeURIComponent(studentId)}/enrollments/${encodeURIComponent(courseId)}`);

export function useUnenrollStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unenrollStudent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDataKey }),
  });
}
