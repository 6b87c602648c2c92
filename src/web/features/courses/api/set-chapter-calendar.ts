import type { Chapter, ChapterCalendarBody } from '@common/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { courseKeys, invalidateCourse } from './course-keys';

export const setChapterCalendar = ({ chapterId, ...body }: ChapterCalendarBody & { chapterId: string }) =>
  api.put<{ chapter: Chapter }>(`/api/admin/chapters/${encodeURIComponent(chapterId)}/calendar`, body);

/** A chapter's 'Release' and 'Due Date', saved together with the form's own button. */
export const useSetChapterCalendar = (courseId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: courseKeys.edits(),
    mutationFn: setChapterCalendar,
    onSuccess: () => invalidateCourse(queryClient, courseId),
  });
};
