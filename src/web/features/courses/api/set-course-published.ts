import type { CourseResponse } from '@common/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { storeCourse } from './update-course';
import { courseKeys } from './course-keys';

export const setCoursePublished = ({ courseId, isPublished }: { courseId: string; isPublished: boolean }) =>
  api.patch<CourseResponse>(`/api/admin/courses/${encodeURIComponent(courseId)}/publish`, { isPublished });

export const useSetCoursePublished = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: courseKeys.edits(),
    mutationFn: setCoursePublished,
    onSuccess: ({ course }) => storeCourse(queryClient, course),
  });
};
