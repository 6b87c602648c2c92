/**
 * Query keys of the student's side. The dashboard (features/student-dashboard) lives under
 * ['student', 'dashboard']: a progress write invalidates the whole ['student'] family.
 */
export const learningKeys = {
  student: ['student'] as const,
  outline: (courseId: string) => ['student', 'course', courseId, 'outline'] as const,
  certificate: (courseId: string) => ['student', 'course', courseId, 'certificate'] as const,
};
