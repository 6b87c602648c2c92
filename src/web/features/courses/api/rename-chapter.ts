import type { Chapter } from '@common/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { invalidateCourse, courseKeys } from './course-keys';

export const renameChapter = ({ chapterId, title }: { chapterId: string; title: string }) =>
  api.patch<{ chapter: Chapter }>(`/api/admin/chapters/${encodeURIComponent(chapterId)}`, { title });

export const useRenameChapter = (courseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: courseKeys.edits(),
    mutationFn: renameChapter,
    onSuccess: () => invalidateCourse(queryClient, courseId),
  });
};
