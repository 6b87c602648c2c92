import type { CourseCreateBody, CourseEditorResponse, CourseResponse } from '@common/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { courseKeys } from './course-keys';

export const createCourse = (body: CourseCreateBody) => api.post<CourseResponse>('/api/admin/courses', body);

export const useCreateCourse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: ({ course }) => {
      // The edit route renders at once from this, without a loading flash; a new course has no chapters.
      queryClient.setQueryData<CourseEditorResponse>(courseKeys.detail(course.id), {
        course: { ...course, enrollmentCount: 0 },
        chapters: [],
      });
      return queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
    },
  });
};
