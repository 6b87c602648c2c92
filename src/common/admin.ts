import { z } from 'zod';

export const platformStatsSchema = z.object({
  totalCourses: z.number().int(),
  activeStudents: z.number().int(),
  totalLessons: z.number().int(),
  pendingApprovals: z.number().int(),
  /** Question threads waiting for the tutor's reply. */
  unansweredQuestions: z.number().int(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

export const studentStatusBodySchema = z.strictObject({
  status: z.enum(['approved', 'rejected']),
});
