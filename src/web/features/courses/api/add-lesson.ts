import type { Lesson, LessonCreateBody } from '@common/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateCourse, courseKeys } from './course-keys';

export const addLesson = ({ chapterId, ...body }: LessonCreateBody & { chapterId: string }) =>
  api.post<{ lesson: Lesson }>(`/api/admin/chapters/${encodeURIComponent(chapterId)}/lessons`, body);

export const useAddLesson = (courseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: courseKeys.edits(), mutationFn: addLesson, onSuccess: () => invalidateCourse(queryClient, courseId) });
};
