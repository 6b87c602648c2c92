import type { CourseListResponse } from '@common/courses';
import type { Gradebook, GradebookRowResponse, OverrideBody } from '@common/gradebook';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** Under the admin screens' family: a change to a student or an enrollment elsewhere refreshes the gradebook too. */
export const gradebookKeys = {
  all: [...adminDataKey, 'gradebook'] as const,
  courses: () => [...gradebookKeys.all, 'courses'] as const,
  course: (courseId: string) => [...gradebookKeys.all, 'course', courseId] as const,
};

const coursePath = (courseId: string) => `/api/admin/courses/${encodeURIComponent(courseId)}`;
const overridePath = (courseId: string, studentId: string, itemId: string) =>
  `${coursePath(courseId)}/gradebook/students/${encodeURIComponent(studentId)}/items/${encodeURIComponent(itemId)}/override`;

/** 'Export CSV': a plain link, so the browser downloads the file with the session cookie. */
export const gradebookCsvUrl = (courseId: string) => `${coursePath(courseId)}/gradebook.csv`;

/** The courses to choose from (the tutor's course list). */
export const useGradebookCourses = () =>
  useQuery({
    queryKey: gradebookKeys.courses(),
    queryFn: ({ signal }) => api.get<CourseListResponse>('/api/admin/courses', { signal }),
  });

export const useGradebook = (courseId: string | undefined) =>
  useQuery({
    queryKey: gradebookKeys.course(courseId ?? ''),
    queryFn: ({ signal }) => api.get<Gradebook>(`${coursePath(courseId!)}/gradebook`, { signal }),
    enabled: !!courseId,
    staleTime: 0,
  });

/** 'Override Score' and 'Remove Override': the answer is the student's row as it is now, put straight into the table. */
export function useOverride(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { studentId: string; itemId: string; body: OverrideBody | null }) =>
      change.body
        ? api.put<GradebookRowResponse>(overridePath(courseId, change.studentId, change.itemId), change.body)
        : api.delete<GradebookRowResponse>(overridePath(courseId, change.studentId, change.itemId)),
    onSuccess: ({ student }) => {
      queryClient.setQueryData<Gradebook>(gradebookKeys.course(courseId), (g) =>
        g ? { ...g, students: g.students.map((s) => (s.studentId === student.studentId ? student : s)) } : g,
      );
    },
  });
}
