import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminQuizPath, quizKeys } from './quiz-keys';

export const deleteQuiz = (lessonId: string) => api.delete<void>(adminQuizPath(lessonId));

export function useDeleteQuiz(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteQuiz(lessonId),
    onSuccess: () => {
      queryClient.setQueryData(quizKeys.admin(lessonId), { quiz: null });
      return queryClient.invalidateQueries({ queryKey: quizKeys.lesson(lessonId) });
    },
  });
}
