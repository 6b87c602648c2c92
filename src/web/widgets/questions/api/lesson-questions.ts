import type { AskQuestionBody, LessonQuestionsResponse, QuestionMessage, StudentQuestionThread } from '@common/questions';
import type { TutorConversationResponse } from '@common/ai-tutor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Query keys of the student's side of the questions: their threads per lesson. */
export const questionKeys = {
  lesson: (lessonId: string) => ['questions', 'lesson', lessonId] as const,
  aiConversation: (lessonId: string) => ['questions', 'ai-conversation', lessonId] as const,
};

const lessonQuestionsPath = (lessonId: string) => `/api/lessons/${encodeURIComponent(lessonId)}/questions`;

/** The student's own threads on the lesson, with the tutor's replies. */
export const useLessonQuestions = (lessonId: string, enabled = true) =>
  useQuery({
    queryKey: questionKeys.lesson(lessonId),
    queryFn: ({ signal }) => api.get<LessonQuestionsResponse>(lessonQuestionsPath(lessonId), { signal }),
    enabled,
  });

/**
 * The student's latest conversation with the AI tutor on the lesson, to offer attaching it. Read from the AI tutor's
 * own route: the widget may not import the AI tutor feature.
 */
export const useLatestAiConversation = (lessonId: string, enabled: boolean) =>
  useQuery({
    queryKey: questionKeys.aiConversation(lessonId),
    queryFn: async ({ signal }) => {
      const chat = await api.get<TutorConversationResponse>(`/api/lessons/${encodeURIComponent(lessonId)}/tutor`, { signal });
      return chat.conversationId && chat.messages.length > 0 ? chat.conversationId : null;
    },
    enabled,
    staleTime: 0,
  });

export function useAskQuestion(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AskQuestionBody) => api.post<StudentQuestionThread>(lessonQuestionsPath(lessonId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.lesson(lessonId) }),
  });
}

export function useFollowUp(lessonId: string, threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<QuestionMessage>(`/api/questions/${encodeURIComponent(threadId)}/messages`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.lesson(lessonId) }),
  });
}
