import type { CourseListResponse } from '@common/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { courseKeys } from './course-keys';

export const getCourses = (signal?: AbortSignal) => api.get<CourseListResponse>('/api/admin/courses', { signal });

export const coursesQueryOptions = () => queryOptions({ queryKey: courseKeys.lists(), queryFn: ({ signal }) => getCourses(signal) });

export const useCourses = () => useQuery(coursesQueryOptions());
