import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateCourse, courseKeys } from './course-keys';

/** Deletes the chapter with all its lessons (and the uploaded files no other lesson uses). */
export const deleteChapter = (chapterId: string) => api.delete<void>(`/api/admin/chapters/${encodeURIComponent(chapterId)}`);

export const useDeleteChapter = (courseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: courseKeys.edits(),
    mutationFn: deleteChapter,
    onSuccess: () => invalidateCourse(queryClient, courseId),
  });
};
