import type { AdminQuizResponse } from '@common/quizzes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminQuizPath, quizKeys } from './quiz-keys';

/** The tutor's quiz of a lesson with everything and its figures; `quiz` is null before one is added. */
export const getAdminQuiz = (lessonId: string, signal?: AbortSignal) => api.get<AdminQuizResponse>(adminQuizPath(lessonId), { signal });

export const useAdminQuiz = (lessonId: string) =>
  useQuery({ queryKey: quizKeys.admin(lessonId), queryFn: ({ signal }) => getAdminQuiz(lessonId, signal) });
