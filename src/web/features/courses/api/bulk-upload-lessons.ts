import type { BulkUploadResponse } from '@common/courses-bulk-upload';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateCourse, courseKeys } from './course-keys';

export const bulkUploadLessons = ({ courseId, data }: { courseId: string; data: string }) =>
  api.post<BulkUploadResponse>(`/api/admin/courses/${encodeURIComponent(courseId)}/bulk-upload`, { data });

export const useBulkUploadLessons = (courseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: courseKeys.edits(),
    mutationFn: (data: string) => bulkUploadLessons({ courseId, data }),
    onSuccess: () => invalidateCourse(queryClient, courseId),
  });
};
