import { z } from 'zod';
import { CalendarMessages as M, momentSchema } from './calendar';

/**
 * 'Extend Deadline' (decision 034): the tutor gives one student, or several at once, their own due date for a chapter,
 * an exercise or a quiz of a course they are enrolled in. Granting again for the same student and item replaces the
 * date. The effective due date with extensions is the SQL rule calendar_course_dues; these are only the requests and
 * answers of the tutor's screens.
 *
 * - GET /api/admin/students/:studentId/extensions: the student's enrolled courses with what can be extended, and their extensions.
 * - GET /api/admin/courses/:courseId/extension-items: one course's chapters, exercises and quizzes (for several students).
 * - POST /api/admin/extensions: grant (or replace) for one or several students, all or nothing.
 * - DELETE /api/admin/extensions/:extensionId: remove one; the usual due date applies again.
 */

export const EXTENSION_STUDENTS_MAX = 500;
export const EXTENSION_REASON_MAX = 500;

export const extensionItemKindSchema = z.enum(['chapter', 'exercise', 'quiz']);
export type ExtensionItemKind = z.infer<typeof extensionItemKindSchema>;

const itemId = z.uuid({ error: M.extensionItemInvalid }).optional();

export const grantExtensionsBodySchema = z
  .strictObject({
    studentIds: z
      .array(z.uuid({ error: M.extensionStudentNotFound }), { error: M.extensionNoStudents })
      .min(1, M.extensionNoStudents)
      .max(EXTENSION_STUDENTS_MAX, M.extensionStudentsMax(EXTENSION_STUDENTS_MAX)),
    courseId: z.uuid({ error: M.extensionCourseNotFound }),
    chapterId: itemId,
    exerciseId: itemId,
    quizId: itemId,
    dueAt: momentSchema,
    reason: z
      .string({ error: M.extensionReasonTooLong(EXTENSION_REASON_MAX) })
      .trim()
      .max(EXTENSION_REASON_MAX, M.extensionReasonTooLong(EXTENSION_REASON_MAX))
      .default(''),
  })
  // Exactly one item, as the table's check says: a chapter (its items without a due date of their own), an exercise or a quiz.
  .refine((b) => [b.chapterId, b.exerciseId, b.quizId].filter(Boolean).length === 1, { message: M.extensionItemInvalid });
export type GrantExtensionsBody = z.input<typeof grantExtensionsBodySchema>;

export const extensionSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  kind: extensionItemKindSchema,
  itemId: z.string(),
  /** The exercise's or chapter's title; a quiz is named by its lesson (CalendarMessages.quizItem). */
  itemTitle: z.string(),
  /** The student's own due date (ISO, UTC). */
  dueAt: z.string(),
  /** The item's due date without this extension (its own, else its chapter's), for comparison; null: none. */
  usualDueAt: z.string().nullable(),
  reason: z.string(),
  grantedAt: z.string(),
  /** The tutor who granted it; null once their account is gone. */
  grantedBy: z.string().nullable(),
});
export type Extension = z.infer<typeof extensionSchema>;

/** An exercise or quiz of a chapter, with its own due date (null: the chapter's). */
export const extensionItemSchema = z.object({
  kind: z.enum(['exercise', 'quiz']),
  id: z.string(),
  title: z.string(),
  dueAt: z.string().nullable(),
});
export type ExtensionItem = z.infer<typeof extensionItemSchema>;

/** A course's chapters in order, each with its due date and its exercises and quizzes: what a deadline can be extended for. */
export const extensionCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  chapters: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      dueAt: z.string().nullable(),
      items: z.array(extensionItemSchema),
    }),
  ),
});
export type ExtensionCourse = z.infer<typeof extensionCourseSchema>;

export const studentExtensionsResponseSchema = z.object({
  student: z.object({ id: z.string(), fullName: z.string() }),
  /** The courses the student is enrolled in, by title. */
  courses: z.array(extensionCourseSchema),
  /** Their extensions, by course, then soonest due first. */
  extensions: z.array(extensionSchema),
});
export type StudentExtensionsResponse = z.infer<typeof studentExtensionsResponseSchema>;

export const grantExtensionsResponseSchema = z.object({
  /** How many students got the date (new or replaced). */
  granted: z.number().int(),
  extensions: z.array(extensionSchema),
});
export type GrantExtensionsResponse = z.infer<typeof grantExtensionsResponseSchema>;

export const removeExtensionResponseSchema = z.object({ removed: z.string() });
