import type { TutorConversationResponse } from '@common/ai-tutor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { tutorKeys, tutorPath } from './tutor-keys';

export const getTutorConversation = (lessonId: string, signal?: AbortSignal) =>
  api.get<TutorConversationResponse>(tutorPath(lessonId), { signal });

/**
 * The signed-in user's latest conversation about a lesson, with the day's budget. The panel keeps
 * this cache up to date itself as messages come and go, so it is not refetched behind its back
 * (a refetch in the middle of an answer would drop the words streamed so far).
 */
export const tutorConversationQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: tutorKeys.conversation(lessonId),
    queryFn: ({ signal }) => getTutorConversation(lessonId, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useTutorConversation = (lessonId: string | null, enabled: boolean) =>
  useQuery({ ...tutorConversationQueryOptions(lessonId ?? ''), enabled: enabled && lessonId !== null });
