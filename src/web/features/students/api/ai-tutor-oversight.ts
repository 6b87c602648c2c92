import type { AiTutorAllowance, AiTutorAllowancesResponse, StudentAiConversationsResponse } from '@common/ai-tutor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** The tutor's look at one student's AI tutor: conversations and daily limits, under the admin screens' family. */
export const aiTutorOversightKeys = {
  all: [...adminDataKey, 'ai-tutor-oversight'] as const,
  conversations: (studentId: string) => [...aiTutorOversightKeys.all, 'conversations', studentId] as const,
  allowances: (studentId: string) => [...aiTutorOversightKeys.all, 'allowances', studentId] as const,
};

const studentPath = (studentId: string) => `/api/admin/students/${encodeURIComponent(studentId)}`;

export const useStudentAiConversations = (studentId: string) =>
  useQuery({
    queryKey: aiTutorOversightKeys.conversations(studentId),
    queryFn: ({ signal }) => api.get<StudentAiConversationsResponse>(`${studentPath(studentId)}/ai-conversations`, { signal }),
    staleTime: 0,
  });

export const useAiTutorAllowances = (studentId: string) =>
  useQuery({
    queryKey: aiTutorOversightKeys.allowances(studentId),
    queryFn: ({ signal }) => api.get<AiTutorAllowancesResponse>(`${studentPath(studentId)}/ai-tutor-allowances`, { signal }),
    staleTime: 0,
  });

export type LimitChange =
  { kind: 'student'; courseId: string; dailyMessages: number | null } | { kind: 'course'; courseId: string; dailyMessages: number | null };

/** The student's own limit in a course (null removes it), or the course's limit (null: the site's default). */
export function useChangeAiTutorLimit(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LimitChange): Promise<unknown> => {
      const course = encodeURIComponent(change.courseId);
      if (change.kind === 'course') {
        return api.put(`/api/admin/courses/${course}/ai-tutor-limit`, { dailyMessages: change.dailyMessages });
      }
      return change.dailyMessages === null
        ? api.delete<AiTutorAllowance>(`${studentPath(studentId)}/ai-tutor-allowances/${course}`)
        : api.put<AiTutorAllowance>(`${studentPath(studentId)}/ai-tutor-allowances/${course}`, { dailyMessages: change.dailyMessages });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiTutorOversightKeys.all }),
  });
}
