import type { LessonExercisesResponse } from '@common/practice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { lessonPath, practiceKeys } from './practice-keys';

/** A lesson's exercises as the student sees them: statement, starter code, visible tests, draft, latest result. */
export const getLessonExercises = (lessonId: string, signal?: AbortSignal) =>
  api.get<LessonExercisesResponse>(`${lessonPath(lessonId)}/exercises`, { signal });

export const lessonExercisesQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: practiceKeys.lessonExercises(lessonId),
    queryFn: ({ signal }) => getLessonExercises(lessonId, signal),
    // The student's editor holds the code; a refetch on focus would only bring back what they typed.
    refetchOnWindowFocus: false,
  });

export const useLessonExercises = (lessonId: string) => useQuery(lessonExercisesQueryOptions(lessonId));
