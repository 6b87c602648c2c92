import type { Lesson, LessonUpdateBody } from '@common/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateCourse, courseKeys } from './course-keys';

export const updateLesson = ({ lessonId, ...body }: LessonUpdateBody & { lessonId: string }) =>
  api.put<{ lesson: Lesson }>(`/api/admin/lessons/${encodeURIComponent(lessonId)}`, body);

export const useUpdateLesson = (courseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: courseKeys.edits(),
    mutationFn: updateLesson,
    onSuccess: () => invalidateCourse(queryClient, courseId),
  });
};
