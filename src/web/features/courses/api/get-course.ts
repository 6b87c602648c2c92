import type { CourseEditorResponse } from '@common/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { courseKeys } from './course-keys';

/** The whole editor: details, chapters in order, lessons in order. */
export const getCourse = (courseId: string, signal?: AbortSignal) =>
  api.get<CourseEditorResponse>(`/api/admin/courses/${encodeURIComponent(courseId)}`, { signal });

export const courseQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: courseKeys.detail(courseId), queryFn: ({ signal }) => getCourse(courseId, signal) });

export const useCourse = (courseId: string) => useQuery(courseQueryOptions(courseId));
