import type { CourseEditorResponse } from '@common/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { storeTree, courseKeys } from './course-keys';

/** Moves a lesson to a 1-based place in its chapter (or in `chapterId`); answers the editor tree. */
export const moveLesson = ({ lessonId, order, chapterId }: { lessonId: string; order: number; chapterId?: string }) =>
  api.put<CourseEditorResponse>(`/api/admin/lessons/${encodeURIComponent(lessonId)}/position`, { order, chapterId });

export const useMoveLesson = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: courseKeys.edits(), mutationFn: moveLesson, onSuccess: (tree) => storeTree(queryClient, tree) });
};
