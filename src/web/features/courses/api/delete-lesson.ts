import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateCourse } from './course-keys';

export const deleteLesson = (lessonId: string) => api.delete<void>(`/api/admin/lessons/${encodeURIComponent(lessonId)}`);

export const useDeleteLesson = (courseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLesson, onSuccess: () => invalidateCourse(queryClient, courseId) });
};
