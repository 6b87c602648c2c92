/** Query keys of quizzes, general to specific: the student's quiz per lesson, the tutor's, and students' standings. */
export const quizKeys = {
  all: ['quizzes'] as const,
  lesson: (lessonId: string) => ['quizzes', 'lesson', lessonId] as const,
  admin: (lessonId: string) => ['quizzes', 'admin', lessonId] as const,
  /** Every list of students' attempts the tutor sees: a grant or a reset changes a row in any of them. */
  standings: ['quizzes', 'standings'] as const,
  quizStudents: (quizId: string) => ['quizzes', 'standings', 'quiz', quizId] as const,
  studentQuizzes: (studentId: string) => ['quizzes', 'standings', 'student', studentId] as const,
};

export const lessonQuizPath = (lessonId: string) => `/api/lessons/${encodeURIComponent(lessonId)}/quiz`;
export const adminQuizPath = (lessonId: string) => `/api/admin/lessons/${encodeURIComponent(lessonId)}/quiz`;
export const quizStudentsPath = (quizId: string) => `/api/admin/quizzes/${encodeURIComponent(quizId)}/students`;
export const studentQuizzesPath = (studentId: string) => `/api/admin/students/${encodeURIComponent(studentId)}/quizzes`;
