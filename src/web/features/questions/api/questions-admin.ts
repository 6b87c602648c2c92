import type { QuestionThreadDetail, QuestionThreadList } from '@common/questions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDataKey } from '@web/lib/admin-data-key';
import { api } from '@web/lib/api';

/** Under the admin screens' family: a reply or a resolve refreshes the shell's badge and the admin home's count too. */
export const adminQuestionKeys = {
  all: [...adminDataKey, 'questions'] as const,
  list: () => [...adminQuestionKeys.all, 'list'] as const,
  thread: (threadId: string) => [...adminQuestionKeys.all, 'thread', threadId] as const,
};

const threadPath = (threadId: string) => `/api/admin/questions/${encodeURIComponent(threadId)}`;

export const useQuestionThreads = () =>
  useQuery({
    queryKey: adminQuestionKeys.list(),
    queryFn: ({ signal }) => api.get<QuestionThreadList>('/api/admin/questions', { signal }),
    staleTime: 0,
  });

export const useQuestionThread = (threadId: string | undefined) =>
  useQuery({
    queryKey: adminQuestionKeys.thread(threadId ?? ''),
    queryFn: ({ signal }) => api.get<QuestionThreadDetail>(threadPath(threadId!), { signal }),
    enabled: !!threadId,
    staleTime: 0,
  });

/** A change to one thread: the answer is the thread as it is now; every admin count is read again. */
function useThreadChange<T>(threadId: string, send: (value: T) => Promise<QuestionThreadDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminQuestionKeys.thread(threadId), detail);
      return queryClient.invalidateQueries({ queryKey: adminDataKey });
    },
  });
}

export const useReply = (threadId: string) =>
  useThreadChange(threadId, (body: string) => api.post<QuestionThreadDetail>(`${threadPath(threadId)}/replies`, { body }));

export const useResolve = (threadId: string) =>
  useThreadChange(threadId, () => api.post<QuestionThreadDetail>(`${threadPath(threadId)}/resolve`));
