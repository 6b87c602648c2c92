import type { QueryClient } from '@tanstack/react-query';
import { practiceKeys } from './practice-keys';

/**
 * After a tutor's change to a lesson's exercises: the tutor's list, the figures and the student
 * view of that lesson (the tutor's own preview) are stale. The course editor shows exercise counts
 * too, so its caller invalidates its own keys as well.
 */
export const invalidateExercises = (queryClient: QueryClient, lessonId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: practiceKeys.adminLessonExercises(lessonId) }),
    queryClient.invalidateQueries({ queryKey: practiceKeys.reports() }),
    queryClient.invalidateQueries({ queryKey: practiceKeys.lessonExercises(lessonId) }),
  ]);
