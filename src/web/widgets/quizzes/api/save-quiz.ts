import type { AdminQuiz, QuizInput } from '@common/quizzes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminQuizPath, quizKeys } from './quiz-keys';

/** Creates or replaces the lesson's quiz whole. */
export const saveQuiz = ({ lessonId, input }: { lessonId: string; input: QuizInput }) => api.put<AdminQuiz>(adminQuizPath(lessonId), input);

export function useSaveQuiz(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuiz,
    onSuccess: (quiz) => {
      queryClient.setQueryData(quizKeys.admin(lessonId), { quiz });
      return queryClient.invalidateQueries({ queryKey: quizKeys.lesson(lessonId) });
    },
  });
}
