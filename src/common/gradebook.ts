import { z } from 'zod';
import { CalendarMessages, latePolicySchema } from './calendar';

/**
 * The gradebook (decision 034): every enrolled student x every graded item of a course (its exercises and quizzes, in
 * outline order), each cell the item's score in percent with its marks, the totals per chapter and for the course;
 * the tutor's 'Override Score'; the student's 'My Grades' (the same figures, their own row only). The server computes
 * every figure in one place (domains/gradebook), so the screen, the CSV and My Grades show the same numbers.
 *
 * - GET /api/admin/courses/:courseId/gradebook and .../gradebook.csv
 * - PUT and DELETE /api/admin/courses/:courseId/gradebook/students/:studentId/items/:itemId/override
 * - GET /api/courses/:courseId/grades (the signed-in student's own)
 */

export const OVERRIDE_REASON_MAX = 1000;

export const GradebookMessages = {
  pageTitle: CalendarMessages.gradebook,
  pageSubtitle: "Every student's score on each exercise and quiz of a course, with the totals by chapter and for the course.",
  myGradesTitle: CalendarMessages.myGrades,
  myGradesSubtitle: 'Your score on each exercise and quiz of this course, and your totals.',
  course: 'Course',
  chooseCourse: 'Choose a course to see its gradebook.',
  noCourses: 'There is no course yet. Create one under Courses.',
  noStudents: 'No student is enrolled in this course yet.',
  noItems: 'This course has no exercise or quiz yet, so there is nothing to grade.',
  noMatches: 'No student matches the filter.',
  loading: 'Loading the gradebook…',
  loadingGrades: 'Loading your grades…',
  student: 'Student',
  total: 'Course Total',
  chapterTotal: (chapter: string) => `${chapter}: Total`,
  filterByName: 'Filter by Name',
  filterShow: 'Show',
  filterAll: 'All Students',
  filterLate: 'Late Only',
  filterOverridden: 'Overridden',
  sortBy: 'Sort By',
  sortName: 'Name',
  sortTotalHigh: 'Total, Highest First',
  sortTotalLow: 'Total, Lowest First',
  exportCsv: 'Export CSV',
  showMore: (shown: number, total: number) => `Show More (${shown} of ${total})`,
  studentsShown: (shown: number, total: number) => `${shown} of ${total} students`,
  weights: (exercises: number, quizzes: number) => `Weights: exercises ${exercises}, quizzes ${quizzes}`,
  onlyExercises: 'Only exercises count: the course has no quiz.',
  onlyQuizzes: 'Only quizzes count: the course has no exercise.',
  totals: 'Totals',
  exercise: 'Exercise',
  quiz: 'Quiz',
  quizTitle: (lesson: string) => `Quiz: ${lesson}`,
  // The marks of a cell: a short text for the eye and the whole sentence for screen readers and the dialog.
  notSubmitted: 'Not submitted',
  notSubmittedShort: '—',
  late: (penalty: number, daysLate: number) =>
    penalty > 0
      ? `Late by ${daysLate} ${daysLate === 1 ? 'day' : 'days'}: ${penalty}% off`
      : `Late by ${daysLate} ${daysLate === 1 ? 'day' : 'days'}, without a penalty`,
  lateShort: 'Late',
  extended: (to: string | null) => (to ? `Deadline extended to ${to}` : 'Deadline extended'),
  extendedShort: 'Ext.',
  overridden: (by: string | null, at: string, reason: string) => `Overridden${by ? ` by ${by}` : ''} on ${at}: ${reason}`,
  overriddenShort: 'Ovr.',
  gradedScore: (score: string) => `Graded score: ${score}`,
  cellLabel: (student: string, item: string, score: string) => `${student}, ${item}: ${score}`,
  // 'Override Score'.
  overrideTitle: CalendarMessages.overrideScore,
  overrideDescription: (student: string, item: string) =>
    `The score you give replaces ${student}'s graded score for ${item} here, in the CSV and in their grades. Their submissions stay as they are.`,
  overrideScore: 'Score (%)',
  overrideReason: 'Reason',
  overrideReasonHint: 'The student sees the reason in My Grades.',
  saveOverride: 'Save Override',
  removeOverride: 'Remove Override',
  overrideSaved: 'The score is overridden.',
  overrideRemoved: 'The override is removed; the graded score counts again.',
  overrideStudentNotFound: 'This student is not enrolled in the course.',
  overrideItemNotFound: 'This exercise or quiz is not part of the course.',
  overrideNotFound: 'This score is not overridden.',
  courseNotFound: 'Course not found.',
  overrideReasonTooLong: `A reason is at most ${OVERRIDE_REASON_MAX} characters.`,
  // My Grades.
  viewGrades: 'View My Grades',
  backToCourse: 'Back to the Course',
  yourTotal: 'Your Course Total',
  chapterTotalShort: 'Total',
  previewNoGrades: 'Preview: you have no grades of your own here. Each student sees their scores on these items.',
  score: 'Score',
  item: 'Item',
  due: 'Due',
} as const;

/** PUT .../override: the tutor's score, a whole percent, and why. */
export const overrideBodySchema = z.strictObject({
  score: z
    .number({ error: CalendarMessages.overrideScoreInvalid })
    .int(CalendarMessages.overrideScoreInvalid)
    .min(0, CalendarMessages.overrideScoreInvalid)
    .max(100, CalendarMessages.overrideScoreInvalid),
  reason: z
    .string({ error: CalendarMessages.overrideReasonRequired })
    .trim()
    .min(1, CalendarMessages.overrideReasonRequired)
    .max(OVERRIDE_REASON_MAX, GradebookMessages.overrideReasonTooLong),
});
export type OverrideBody = z.input<typeof overrideBodySchema>;

export const gradebookItemKindSchema = z.enum(['exercise', 'quiz']);
export type GradebookItemKind = z.infer<typeof gradebookItemKindSchema>;

/** A graded item, in outline order: chapter, lesson, the lesson's exercises and then its quiz. */
export const gradebookItemSchema = z.object({
  id: z.string(),
  kind: gradebookItemKindSchema,
  /** The exercise's title; a quiz is named by its lesson (GradebookMessages.quizTitle). */
  title: z.string(),
  lessonTitle: z.string(),
  chapterId: z.string(),
  /** The item's due date for the class (its own, else its chapter's); a student's extension is marked in their cell. */
  dueAt: z.string().nullable(),
});
export type GradebookItem = z.infer<typeof gradebookItemSchema>;

export const gradebookChapterSchema = z.object({ id: z.string(), title: z.string() });
export type GradebookChapter = z.infer<typeof gradebookChapterSchema>;

export const gradeOverrideSchema = z.object({
  score: z.number().int(),
  reason: z.string(),
  /** The tutor's name, null once their account is gone. */
  by: z.string().nullable(),
  at: z.string(),
});
export type GradeOverride = z.infer<typeof gradeOverrideSchema>;

/**
 * One student's score on one item. Marks are present only when they apply, which keeps 50,000 cells small.
 * `score`: what counts, in percent with two decimals: the override if there is one, else the best graded score with
 * its late penalty applied; null when nothing was submitted and nothing overridden (it counts 0 in the totals).
 */
export const gradebookCellSchema = z.object({
  score: z.number().nullable(),
  /** The counted submission or attempt was after the student's due date; `penalty` percent was taken off. */
  late: z.boolean().optional(),
  daysLate: z.number().int().optional(),
  penalty: z.number().int().optional(),
  /** The student's due date for the item is an extension ('Extend Deadline'), until `extendedTo`. */
  extended: z.boolean().optional(),
  extendedTo: z.string().optional(),
  /** 'Override Score': the tutor's score replaces the graded one, kept beside it in `graded` (null: nothing graded). */
  override: gradeOverrideSchema.optional(),
  graded: z.number().nullable().optional(),
});
export type GradebookCell = z.infer<typeof gradebookCellSchema>;

/** A student's row: a cell per item (the items' order), a total per chapter (the chapters' order), the course total. */
export const gradebookRowSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  cells: z.array(gradebookCellSchema),
  /** Null where nothing of the chapter weighs (no item, or only items of a category weighted 0). */
  chapterTotals: z.array(z.number().nullable()),
  total: z.number().nullable(),
});
export type GradebookRow = z.infer<typeof gradebookRowSchema>;

export const gradebookCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  exercisesWeight: z.number().int(),
  quizzesWeight: z.number().int(),
  latePolicy: latePolicySchema,
  latePenaltyPerDay: z.number().int(),
  latePenaltyCap: z.number().int(),
});

/** GET /api/admin/courses/:courseId/gradebook. */
export const gradebookSchema = z.object({
  course: gradebookCourseSchema,
  chapters: z.array(gradebookChapterSchema),
  items: z.array(gradebookItemSchema),
  students: z.array(gradebookRowSchema),
});
export type Gradebook = z.infer<typeof gradebookSchema>;

/** PUT/DELETE .../override: the student's row as it is now. */
export const gradebookRowResponseSchema = z.object({ student: gradebookRowSchema });
export type GradebookRowResponse = z.infer<typeof gradebookRowResponseSchema>;

/** GET /api/courses/:courseId/grades: My Grades, the caller's own row of the gradebook (none in the tutor's preview). */
export const myGradesSchema = z.object({
  course: gradebookCourseSchema,
  chapters: z.array(gradebookChapterSchema),
  items: z.array(gradebookItemSchema),
  /** Null for the tutor's preview, who has no grades of their own. */
  grades: gradebookRowSchema.nullable(),
});
export type MyGrades = z.infer<typeof myGradesSchema>;

/** A score as the screens show it: up to two decimals, no trailing zeros ('72.5%'); '—' for none. */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined) return GradebookMessages.notSubmittedShort;
  return `${Number(score.toFixed(2))}%`;
}

/** How the totals weigh the categories, said only of the categories the course has (one without items drops out). */
export function weightsText(
  course: Pick<Gradebook['course'], 'exercisesWeight' | 'quizzesWeight'>,
  items: Pick<GradebookItem, 'kind'>[],
): string {
  const exercises = items.some((i) => i.kind === 'exercise');
  const quizzes = items.some((i) => i.kind === 'quiz');
  if (exercises && !quizzes) return GradebookMessages.onlyExercises;
  if (quizzes && !exercises) return GradebookMessages.onlyQuizzes;
  return GradebookMessages.weights(course.exercisesWeight, course.quizzesWeight);
}
