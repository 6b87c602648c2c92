import type { AdminExercise, ExerciseInput } from '@common/practice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateExercises } from './invalidate-exercises';
import { adminLessonPath } from './practice-keys';

/** Saves a new exercise; the server first runs the reference solution against every test (a 422 names the failing ones). */
export const createExercise = ({ lessonId, input }: { lessonId: string; input: ExerciseInput }) =>
  api.post<AdminExercise>(`${adminLessonPath(lessonId)}/exercises`, input);

export function useCreateExercise(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createExercise, onSuccess: () => invalidateExercises(queryClient, lessonId) });
}
