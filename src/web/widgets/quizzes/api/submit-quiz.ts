import type { QuizAnswer, QuizAttemptResult } from '@common/quizzes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { lessonQuizPath, quizKeys } from './quiz-keys';

/** Sends the answers for grading; the answer says right or wrong per question, never the right answers. */
export const submitQuiz = ({ lessonId, answers }: { lessonId: string; answers: QuizAnswer[] }) =>
  api.post<QuizAttemptResult>(`${lessonQuizPath(lessonId)}/attempts`, { answers });

export function useSubmitQuiz(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuiz,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.lesson(lessonId) }),
  });
}
