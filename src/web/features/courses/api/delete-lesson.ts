import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateCourse, courseKeys } from './course-keys';

export const deleteLesson = (lessonId: string) => api.delete<void>(`/api/admin/lessons/${encodeURIComponent(lessonId)}`);

export const useDeleteLesson = (courseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: courseKeys.edits(),
    mutationFn: deleteLesson,
    onSuccess: () => invalidateCourse(queryClient, courseId),
  });
};
