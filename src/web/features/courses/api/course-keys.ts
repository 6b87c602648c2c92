import type { CourseEditorResponse } from '@common/courses';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the course screens, general to specific, so a mutation can invalidate a whole family. */
export const courseKeys = {
  all: ['courses'] as const,
  lists: () => [...courseKeys.all, 'list'] as const,
  details: () => [...courseKeys.all, 'detail'] as const,
  detail: (courseId: string) => [...courseKeys.details(), courseId] as const,
  /**
   * The mutation key of every change the course editor saves (details, settings, chapters, lessons,
   * order, publishing), so the editor's save status can follow them all.
   */
  edits: () => [...courseKeys.all, 'edit'] as const,
};

/** After a change to a course's content: its editor and the list (counts, chapter preview) are stale. */
export const invalidateCourse = (queryClient: QueryClient, courseId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
    queryClient.invalidateQueries({ queryKey: courseKeys.lists() }),
  ]);

/** A move answers the whole editor tree: use it as it is (orders already renumbered 1..n). */
export const storeTree = (queryClient: QueryClient, tree: CourseEditorResponse) => {
  queryClient.setQueryData(courseKeys.detail(tree.course.id), tree);
  return queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
};
