import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { courseKeys } from './course-keys';

export const deleteCourse = (courseId: string) => api.delete<void>(`/api/admin/courses/${encodeURIComponent(courseId)}`);

export const useDeleteCourse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: (_data, courseId) => {
      queryClient.removeQueries({ queryKey: courseKeys.detail(courseId) });
      return queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
    },
  });
};
