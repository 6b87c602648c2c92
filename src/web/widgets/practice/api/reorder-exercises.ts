import type { AdminExercise } from '@common/practice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminLessonPath, practiceKeys } from './practice-keys';

export const reorderExercises = ({ lessonId, exerciseIds }: { lessonId: string; exerciseIds: string[] }) =>
  api.put<{ exercises: AdminExercise[] }>(`${adminLessonPath(lessonId)}/exercises/order`, { exerciseIds });

/** The answer is the lesson's exercises in their new order: stored as they are, no refetch. */
export function useReorderExercises(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderExercises,
    onSuccess: (data) => {
      queryClient.setQueryData(practiceKeys.adminLessonExercises(lessonId), data);
      return queryClient.invalidateQueries({ queryKey: practiceKeys.lessonExercises(lessonId) });
    },
  });
}
