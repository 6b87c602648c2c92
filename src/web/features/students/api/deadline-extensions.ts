import type { ExtensionCourse, GrantExtensionsBody, GrantExtensionsResponse, StudentExtensionsResponse } from '@common/deadline-extensions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** 'Extend Deadline': a student's extensions and what can be extended, under the admin screens' family. */
export const extensionKeys = {
  all: [...adminDataKey, 'deadline-extensions'] as const,
  student: (studentId: string) => [...extensionKeys.all, 'student', studentId] as const,
  course: (courseId: string) => [...extensionKeys.all, 'course', courseId] as const,
};

export const useStudentExtensions = (studentId: string) =>
  useQuery({
    queryKey: extensionKeys.student(studentId),
    queryFn: ({ signal }) =>
      api.get<StudentExtensionsResponse>(`/api/admin/students/${encodeURIComponent(studentId)}/extensions`, { signal }),
    staleTime: 0,
  });

/** One course's chapters, exercises and quizzes, fetched when the dialog for several students opens. */
export const useCourseExtensionItems = (courseId: string, enabled: boolean) =>
  useQuery({
    queryKey: extensionKeys.course(courseId),
    queryFn: ({ signal }) => api.get<ExtensionCourse>(`/api/admin/courses/${encodeURIComponent(courseId)}/extension-items`, { signal }),
    enabled: enabled && courseId !== '',
    staleTime: 0,
  });

/** Grants (or replaces) the due date for one or several students: all of them, or none with the server's reason. */
export function useGrantExtensions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantExtensionsBody) => api.post<GrantExtensionsResponse>('/api/admin/extensions', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: extensionKeys.all }),
  });
}

export function useRemoveExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extensionId: string) => api.delete<{ removed: string }>(`/api/admin/extensions/${encodeURIComponent(extensionId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: extensionKeys.all }),
  });
}
