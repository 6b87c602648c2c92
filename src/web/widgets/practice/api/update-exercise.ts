import type { AdminExercise, ExerciseInput } from '@common/practice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateExercises } from './invalidate-exercises';
import { adminExercisePath } from './practice-keys';

/** Replaces an exercise; checked against its reference solution like a new one. */
export const updateExercise = ({ exerciseId, input }: { exerciseId: string; input: ExerciseInput }) =>
  api.put<AdminExercise>(adminExercisePath(exerciseId), input);

export function useUpdateExercise(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateExercise, onSuccess: () => invalidateExercises(queryClient, lessonId) });
}
