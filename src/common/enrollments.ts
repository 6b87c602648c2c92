import { z } from 'zod';

export const EnrollmentMessages = {
  alreadyEnrolled: 'The student is already enrolled in this course.',
  notApproved: 'Only approved students can be enrolled in courses.',
  notPublished: 'This course is not published yet. Publish it before enrolling students.',
} as const;

/** POST /api/admin/students/:studentId/enrollments */
export const enrollBodySchema = z.strictObject({ courseId: z.string({ error: 'Course not found' }).trim().min(1, 'Course not found') });
export type EnrollBody = z.infer<typeof enrollBodySchema>;

export const enrollmentSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  courseId: z.string(),
  status: z.string(),
  enrolledAt: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;
export const enrollResponseSchema = z.object({ enrollment: enrollmentSchema });

/** DELETE /api/admin/students/:studentId/enrollments/:courseId (after the UI's confirmation). */
export const unenrollResponseSchema = z.object({
  /** The student's lesson-progress rows of this course that were deleted with the enrollment. */
  deletedProgressCount: z.number().int(),
});
export type UnenrollResponse = z.infer<typeof unenrollResponseSchema>;
