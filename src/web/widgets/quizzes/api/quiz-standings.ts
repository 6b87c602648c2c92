import type { QuizStanding, QuizStandingsResponse } from '@common/quizzes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { quizKeys, quizStudentsPath, studentQuizzesPath } from './quiz-keys';

/** The students who tried a quiz, with their attempts and allowance (the quiz dialog's figures). */
export const useQuizStudents = (quizId: string) =>
  useQuery({
    queryKey: quizKeys.quizStudents(quizId),
    queryFn: ({ signal }) => api.get<QuizStandingsResponse>(quizStudentsPath(quizId), { signal }),
    staleTime: 0,
  });

/** A student's quizzes in their enrolled courses, with their attempts and allowance (Student Management). */
export const useStudentQuizzes = (studentId: string, enabled = true) =>
  useQuery({
    queryKey: quizKeys.studentQuizzes(studentId),
    queryFn: ({ signal }) => api.get<QuizStandingsResponse>(studentQuizzesPath(studentId), { signal }),
    staleTime: 0,
    enabled,
  });

export type AttemptChange = 'grant' | 'reset';
type Variables = { change: AttemptChange; quizId: string; studentId: string };

const changePath = ({ change, quizId, studentId }: Variables) =>
  `${quizStudentsPath(quizId)}/${encodeURIComponent(studentId)}/${change === 'grant' ? 'extra-attempts' : 'attempts-reset'}`;

/** One more attempt for a student, or a fresh allowance: every list of standings shows the new one. */
export function useChangeAttempts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: Variables) => api.post<QuizStanding>(changePath(v)),
    onSuccess: (standing) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quizKeys.standings }),
        // The tutor's own preview of the lesson reads its quiz again too.
        queryClient.invalidateQueries({ queryKey: quizKeys.lesson(standing.lessonId) }),
      ]),
  });
}
