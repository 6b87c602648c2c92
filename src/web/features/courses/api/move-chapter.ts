import type { CourseEditorResponse } from '@common/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { storeTree, courseKeys } from './course-keys';

/** Moves a chapter to a 1-based place; the server renumbers the others and answers the editor tree. */
export const moveChapter = ({ chapterId, order }: { chapterId: string; order: number }) =>
  api.put<CourseEditorResponse>(`/api/admin/chapters/${encodeURIComponent(chapterId)}/position`, { order });

export const useMoveChapter = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: courseKeys.edits(), mutationFn: moveChapter, onSuccess: (tree) => storeTree(queryClient, tree) });
};
