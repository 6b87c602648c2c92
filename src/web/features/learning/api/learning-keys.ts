/**
 * Query keys of the student's side, all under ['student']: a progress write invalidates the whole
 * family, so the dashboard catches up with the lesson just completed.
 */
export const learningKeys = {
  student: ['student'] as const,
  dashboard: () => ['student', 'dashboard'] as const,
  dueThisWeek: () => ['student', 'due-this-week'] as const,
  outline: (courseId: string) => ['student', 'course', courseId, 'outline'] as const,
  certificate: (courseId: string) => ['student', 'course', courseId, 'certificate'] as const,
};
