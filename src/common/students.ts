import { z } from 'zod';
import { sessionUserSchema } from './auth';

/** GET /api/admin/students: everything the student-management screen shows, in one call. */

/** A student in the tutor's lists; createdAt is the registration date. */
export const studentRowSchema = sessionUserSchema.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  fullName: true,
  approvalStatus: true,
  createdAt: true,
});
export type StudentRow = z.infer<typeof studentRowSchema>;

export const approvedStudentSchema = studentRowSchema.extend({
  /** Courses the student is enrolled in (any course, published or not). */
  enrolledCount: z.number().int(),
  /** For the Manage Enrollments tab: Enroll or Unenroll per published course. */
  enrolledCourseIds: z.array(z.string()),
});
export type ApprovedStudent = z.infer<typeof approvedStudentSchema>;

export const studentsOverviewResponseSchema = z.object({
  stats: z.object({
    pendingApproval: z.number().int(),
    approvedStudents: z.number().int(),
    rejected: z.number().int(),
    totalEnrollments: z.number().int(),
  }),
  /** Pending registrations, oldest first (the one waiting longest on top). */
  pending: z.array(studentRowSchema),
  /** Approved students by last name, first name. */
  approved: z.array(approvedStudentSchema),
  /** The columns of Manage Enrollments, by title. */
  publishedCourses: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type StudentsOverviewResponse = z.infer<typeof studentsOverviewResponseSchema>;
