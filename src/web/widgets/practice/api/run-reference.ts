import type { ExerciseInput, SubmissionResult } from '@common/practice';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { adminLessonPath } from './practice-keys';

/** 'Run Reference': the server grades the reference solution against the tests as written; nothing is saved. */
export const runReference = ({ lessonId, input }: { lessonId: string; input: ExerciseInput }) =>
  api.post<{ result: SubmissionResult }>(`${adminLessonPath(lessonId)}/exercises/reference-runs`, input);

export function useRunReference() {
  return useMutation({ mutationFn: runReference });
}
