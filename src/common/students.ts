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

/** POST /api/admin/students/bulk: one action on several students, in one transaction. */
export const BULK_STUDENTS_MAX = 500;
export const bulkStudentActions = ['approve', 'reject', 'enroll', 'unenroll'] as const;
export type BulkStudentAction = (typeof bulkStudentActions)[number];

export const BulkStudentsMessages = {
  action: 'Choose an action: approve, reject, enroll or unenroll.',
  noStudents: 'Select at least one student.',
  tooMany: `Select at most ${BULK_STUDENTS_MAX} students at a time.`,
  badId: 'A selected student was not found. Refresh the page and try again.',
  courseRequired: 'Choose a course to enroll or unenroll the selected students in.',
  courseNotWanted: 'A course is only chosen to enroll or unenroll students.',
  courseNotFound: 'Course not found',
  /** Some selected ids are no student (deleted meanwhile, or never one): nothing is changed. */
  unknownStudents: (n: number) =>
    `${n === 1 ? 'One selected student was' : `${n} selected students were`} not found (deleted, or not a student). Nothing was changed; refresh the page and try again.`,
  notApproved: (names: string[]) =>
    `Only approved students can be enrolled in courses. Not approved: ${names.join(', ')}. Nothing was changed.`,
} as const;

export const bulkStudentsBodySchema = z
  .strictObject({
    action: z.enum(bulkStudentActions, { error: BulkStudentsMessages.action }),
    studentIds: z
      .array(z.uuid({ error: BulkStudentsMessages.badId }), { error: BulkStudentsMessages.noStudents })
      .min(1, BulkStudentsMessages.noStudents)
      .max(BULK_STUDENTS_MAX, BulkStudentsMessages.tooMany),
    courseId: z.uuid({ error: BulkStudentsMessages.courseNotFound }).optional(),
  })
  .superRefine((body, ctx) => {
    const needsCourse = body.action === 'enroll' || body.action === 'unenroll';
    if (needsCourse && !body.courseId) ctx.addIssue({ code: 'custom', path: ['courseId'], message: BulkStudentsMessages.courseRequired });
    if (!needsCourse && body.courseId) ctx.addIssue({ code: 'custom', path: ['courseId'], message: BulkStudentsMessages.courseNotWanted });
  });
export type BulkStudentsBody = z.infer<typeof bulkStudentsBodySchema>;

/** What happened to one student; "already …" and "not enrolled" are outcomes, not errors. */
export const bulkOutcomes = [
  'approved',
  'already_approved',
  'rejected',
  'already_rejected',
  'enrolled',
  'already_enrolled',
  'unenrolled',
  'not_enrolled',
] as const;
export type BulkOutcome = (typeof bulkOutcomes)[number];

/** The words of a result line: "Ada Lovelace: already enrolled". */
export const bulkOutcomeText: Record<BulkOutcome, string> = {
  approved: 'approved',
  already_approved: 'already approved',
  rejected: 'rejected',
  already_rejected: 'already rejected',
  enrolled: 'enrolled',
  already_enrolled: 'already enrolled',
  unenrolled: 'unenrolled',
  not_enrolled: 'not enrolled',
};

export const bulkStudentsResponseSchema = z.object({
  action: z.enum(bulkStudentActions),
  /** In the order the ids were sent (each once). */
  results: z.array(
    z.object({
      studentId: z.string(),
      fullName: z.string(),
      outcome: z.enum(bulkOutcomes),
    }),
  ),
});
export type BulkStudentsResponse = z.infer<typeof bulkStudentsResponseSchema>;

/** DELETE /api/admin/students/:id: the student and everything that names them. */
export const DeleteStudentMessages = {
  notFound: 'Student not found. They may have been deleted already.',
  notAStudent: 'Only student accounts can be deleted here; the administrator account cannot be deleted.',
} as const;

export const deleteStudentResponseSchema = z.object({
  deleted: z.object({ id: z.string(), fullName: z.string() }),
  /** Stored files removed (after the database rows). */
  filesDeleted: z.number().int(),
});
export type DeleteStudentResponse = z.infer<typeof deleteStudentResponseSchema>;
