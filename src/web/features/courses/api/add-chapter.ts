import type { Chapter } from '@common/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateCourse, courseKeys } from './course-keys';

export const addChapter = ({ courseId, title }: { courseId: string; title: string }) =>
  api.post<{ chapter: Chapter }>(`/api/admin/courses/${encodeURIComponent(courseId)}/chapters`, { title });

export const useAddChapter = (courseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: courseKeys.edits(),
    mutationFn: (title: string) => addChapter({ courseId, title }),
    onSuccess: () => invalidateCourse(queryClient, courseId),
  });
};
