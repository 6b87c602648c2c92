import type { LearnResponse, ProgressBody, ProgressResponse } from '@common/learning';
import { useMutation, useQueryClient, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { learningKeys } from './learning-keys';

export type RecordProgressInput = { courseId: string; lessonId: string } & ProgressBody;

export const recordProgress = ({ lessonId, status }: RecordProgressInput) =>
  api.put<ProgressResponse>(`/api/lessons/${encodeURIComponent(lessonId)}/progress`, { status });

/** Puts the lesson's new status and the course's progress into the cached outline at once. */
function storeProgress(outline: LearnResponse | undefined, lessonId: string, result: ProgressResponse): LearnResponse | undefined {
  if (!outline) return outline;
  return {
    ...outline,
    progress: result.progress,
    chapters: outline.chapters.map((chapter) => ({
      ...chapter,
      lessons: chapter.lessons.map((l) => (l.id === lessonId ? { ...l, status: result.lessonStatus } : l)),
    })),
  };
}

/** Records opening or completing a lesson; the dashboard's figures are stale afterwards. */
export const recordProgressOptions = (queryClient: QueryClient): MutationOptions<ProgressResponse, Error, RecordProgressInput> => ({
  mutationFn: recordProgress,
  onSuccess: async (result, { courseId, lessonId, status }) => {
    queryClient.setQueryData<LearnResponse>(learningKeys.outline(courseId), (old) => storeProgress(old, lessonId, result));
    // Only the dashboard needs a reload after an opening; a completion reloads the course too.
    await queryClient.invalidateQueries({
      queryKey: learningKeys.student,
      predicate: (q) => status === 'completed' || q.queryKey[1] === 'dashboard',
    });
  },
});

export function useRecordProgress() {
  const queryClient = useQueryClient();
  return useMutation(recordProgressOptions(queryClient));
}
