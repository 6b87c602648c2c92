/** Query keys of the AI tutor, general to specific. */
export const tutorKeys = {
  all: ['ai-tutor'] as const,
  conversations: () => [...tutorKeys.all, 'conversation'] as const,
  conversation: (lessonId: string) => [...tutorKeys.conversations(), lessonId] as const,
};

export const tutorPath = (lessonId: string) => `/api/lessons/${encodeURIComponent(lessonId)}/tutor`;
