import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateExercises } from './invalidate-exercises';
import { adminExercisePath } from './practice-keys';

export const deleteExercise = (exerciseId: string) => api.delete<void>(adminExercisePath(exerciseId));

export function useDeleteExercise(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteExercise, onSuccess: () => invalidateExercises(queryClient, lessonId) });
}
