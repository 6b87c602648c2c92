/** Query keys of quizzes, general to specific: the student's quiz per lesson and the tutor's. */
export const quizKeys = {
  all: ['quizzes'] as const,
  lesson: (lessonId: string) => ['quizzes', 'lesson', lessonId] as const,
  admin: (lessonId: string) => ['quizzes', 'admin', lessonId] as const,
};

export const lessonQuizPath = (lessonId: string) => `/api/lessons/${encodeURIComponent(lessonId)}/quiz`;
export const adminQuizPath = (lessonId: string) => `/api/admin/lessons/${encodeURIComponent(lessonId)}/quiz`;
