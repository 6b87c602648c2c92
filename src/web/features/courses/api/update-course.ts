import type { CourseEditorResponse, CourseResponse, CourseUpdateBody } from '@common/courses';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { courseKeys } from './course-keys';

export const updateCourse = ({ courseId, ...body }: CourseUpdateBody & { courseId: string }) =>
  api.patch<CourseResponse>(`/api/admin/courses/${encodeURIComponent(courseId)}`, body);

/** Puts a changed course into the open editor's data and marks the list stale. */
export function storeCourse(queryClient: QueryClient, course: CourseResponse['course']) {
  queryClient.setQueryData<CourseEditorResponse>(courseKeys.detail(course.id), (old) =>
    old ? { ...old, course: { ...old.course, ...course } } : old,
  );
  return queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
}

export const useUpdateCourse = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: courseKeys.edits(),
    mutationFn: updateCourse,
    onSuccess: ({ course }) => storeCourse(queryClient, course),
  });
};
