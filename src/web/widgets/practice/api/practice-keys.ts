/**
 * Query keys of practice, general to specific: a student's exercises per lesson, and the tutor's
 * exercises, figures and students' work, so a save can invalidate a whole family at once.
 */
export const practiceKeys = {
  all: ['practice'] as const,
  lessonExercises: (lessonId: string) => ['practice', 'lesson', lessonId] as const,
  admin: () => ['practice', 'admin'] as const,
  adminLessonExercises: (lessonId: string) => ['practice', 'admin', 'lesson', lessonId] as const,
  reports: () => ['practice', 'admin', 'report'] as const,
  report: (exerciseId: string) => ['practice', 'admin', 'report', exerciseId] as const,
  studentWork: (exerciseId: string, studentId: string) => ['practice', 'admin', 'work', exerciseId, studentId] as const,
};

export const lessonPath = (lessonId: string) => `/api/lessons/${encodeURIComponent(lessonId)}`;
export const exercisePath = (exerciseId: string) => `/api/exercises/${encodeURIComponent(exerciseId)}`;
export const adminLessonPath = (lessonId: string) => `/api/admin/lessons/${encodeURIComponent(lessonId)}`;
export const adminExercisePath = (exerciseId: string) => `/api/admin/exercises/${encodeURIComponent(exerciseId)}`;
