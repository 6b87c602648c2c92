import type { AdminExercise } from '@common/practice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminLessonPath, practiceKeys } from './practice-keys';

/** A lesson's exercises in order, with everything (reference solutions, hidden tests), for the tutor. */
export const getAdminExercises = (lessonId: string, signal?: AbortSignal) =>
  api.get<{ exercises: AdminExercise[] }>(`${adminLessonPath(lessonId)}/exercises`, { signal });

export const adminExercisesQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: practiceKeys.adminLessonExercises(lessonId),
    queryFn: ({ signal }) => getAdminExercises(lessonId, signal),
  });

export const useAdminExercises = (lessonId: string) => useQuery(adminExercisesQueryOptions(lessonId));
