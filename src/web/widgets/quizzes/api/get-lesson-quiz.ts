import type { StudentQuizResponse } from '@common/quizzes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { outOfAttempts } from '../quiz-attempts';
import { lessonQuizPath, quizKeys } from './quiz-keys';

/** The lesson's quiz as the student sees it: questions and choices, the attempts used and the last result. */
export const getLessonQuiz = (lessonId: string, signal?: AbortSignal) => api.get<StudentQuizResponse>(lessonQuizPath(lessonId), { signal });

export const lessonQuizQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: quizKeys.lesson(lessonId),
    queryFn: ({ signal }) => getLessonQuiz(lessonId, signal),
    // The student's answers live in the form; a refetch on focus would reorder a shuffled quiz under them.
    // Out of attempts there is no form: back from writing to the tutor (another tab, or the contact page), the
    // student sees at once an attempt the tutor granted.
    refetchOnWindowFocus: (query) => (outOfAttempts(query.state.data?.quiz) ? 'always' : false),
    refetchOnMount: (query) => (outOfAttempts(query.state.data?.quiz) ? 'always' : true),
  });

export const useLessonQuiz = (lessonId: string) => useQuery(lessonQuizQueryOptions(lessonId));
