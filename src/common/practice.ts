import { z } from 'zod';
import { LearningMessages } from './learning-rules';

/**
 * Practice: exercises in a lesson, written in the browser and graded on the server. The tutor's
 * contracts carry everything; the student's never carry a reference solution or a hidden test's
 * data (the server builds them field by field from these types).
 */

export const exerciseLanguageSchema = z.enum(['c', 'java', 'javascript', 'webgl'], {
  error: 'Language must be C, Java, JavaScript or WebGL.',
});
export type ExerciseLanguage = z.infer<typeof exerciseLanguageSchema>;
export const LANGUAGE_LABELS: Record<ExerciseLanguage, string> = { c: 'C', java: 'Java', javascript: 'JavaScript', webgl: 'WebGL' };

export const EXERCISE_TITLE_MAX = 200;
export const EXERCISE_STATEMENT_MAX = 20_000;
/** Student code, starter code and reference solutions. */
export const CODE_MAX_BYTES = 64 * 1024;
/** One test's input or expected output. */
export const TEST_DATA_MAX_BYTES = 1024 * 1024;
export const TESTS_PER_EXERCISE_MAX = 50;
export const EXERCISES_PER_LESSON_MAX = 20;
/** The exercise routes accept bodies this large, so an oversize test gets its own clear message, not a bare 413. */
export const EXERCISE_BODY_MAX_BYTES = 8 * 1024 * 1024;

export const LIMIT_DEFAULTS = { timeMs: 2000, memoryMb: 128, outputKb: 64 } as const;
export const LIMIT_RANGES = {
  timeMs: { min: 100, max: 10_000 },
  memoryMb: { min: 16, max: 512 },
  outputKb: { min: 1, max: 1024 },
} as const;

/** WebGL: the canvas the student's program draws on, and the pixels the browser sends for checking. */
export const CANVAS_SIZE = { width: 320, height: 240 } as const;
export const CANVAS_SAMPLE = { width: 160, height: 120 } as const;

export const PracticeMessages = {
  titleRequired: 'Exercise title is required.',
  titleTooLong: `The exercise title must be at most ${EXERCISE_TITLE_MAX} characters.`,
  statementTooLong: `The statement must be at most ${EXERCISE_STATEMENT_MAX.toLocaleString('en-US')} characters.`,
  codeTooLong: 'Code must be at most 64 KB.',
  referenceRequired: 'A reference solution is required.',
  noTests: 'An exercise needs at least one test.',
  tooManyTests: `An exercise can have at most ${TESTS_PER_EXERCISE_MAX} tests.`,
  testTooLarge: "A test's input and expected output must each be at most 1 MB.",
  timeRange: `The time limit must be between ${LIMIT_RANGES.timeMs.min} and ${LIMIT_RANGES.timeMs.max} ms.`,
  memoryRange: `The memory limit must be between ${LIMIT_RANGES.memoryMb.min} and ${LIMIT_RANGES.memoryMb.max} MB.`,
  outputRange: `The output limit must be between ${LIMIT_RANGES.outputKb.min} and ${LIMIT_RANGES.outputKb.max} KB.`,
  exerciseNotFound: 'Exercise not found',
  submissionNotFound: 'Submission not found',
  referenceFailed: 'The reference solution does not pass every test, so the exercise was not saved.',
  referenceImageRequired: 'Render the reference solution before saving: WebGL checks are run against its picture.',
  tooManyExercises: `A lesson can have at most ${EXERCISES_PER_LESSON_MAX} exercises.`,
  submissionRate: 'You are submitting very quickly. Please wait a moment and try again.',
  submitsPerHour: (n: number) =>
    `You have submitted this exercise ${n} times in the last hour, the most allowed. Use Run to try your code on the visible tests, and submit again later.`,
  gradingTimeout: 'Grading is taking longer than expected. Please try again in a moment.',
  checksNotPassed: LearningMessages.checksNotPassed,
  pictureFromBrowser: 'The picture was drawn by your browser, not checked on the server.',
  pictureFromBrowserTutor:
    "This picture was drawn by the student's browser: this server could not draw the code itself, so the picture was not checked on the server.",
  drawingTimeLimit: (seconds: number) => `Your code did not finish drawing within the time limit (${seconds} s) and was stopped.`,
  drawingFailed: (detail: string) => `Your code could not be drawn on the server: ${detail}`,
} as const;

const byteLength = (s: string) => new TextEncoder().encode(s).length;
const code = (tooLong: string = PracticeMessages.codeTooLong) => z.string().refine((v) => byteLength(v) <= CODE_MAX_BYTES, tooLong);
const testData = z.string().refine((v) => byteLength(v) <= TEST_DATA_MAX_BYTES, PracticeMessages.testTooLarge);

export const outputMatchSchema = z.enum(['exact', 'trailing_whitespace']);
export type OutputMatch = z.infer<typeof outputMatchSchema>;

/**
 * One test. For C, Java and JavaScript: standard input and the expected standard output. For WebGL:
 * `input` is the tutor's check (a JavaScript function body run against the rendered picture, returning
 * true, false or a message) and `expectedOutput` the sentence the student reads about it.
 */
export const exerciseTestInputSchema = z.strictObject({
  input: testData,
  expectedOutput: testData,
  match: outputMatchSchema.default('trailing_whitespace'),
  expectedExitCode: z.number().int().min(0).max(255).nullable().default(null),
  hidden: z.boolean().default(false),
});
export type ExerciseTestInput = z.input<typeof exerciseTestInputSchema>;

export const exerciseLimitsSchema = z.strictObject({
  timeMs: z
    .number()
    .int()
    .min(LIMIT_RANGES.timeMs.min, PracticeMessages.timeRange)
    .max(LIMIT_RANGES.timeMs.max, PracticeMessages.timeRange),
  memoryMb: z
    .number()
    .int()
    .min(LIMIT_RANGES.memoryMb.min, PracticeMessages.memoryRange)
    .max(LIMIT_RANGES.memoryMb.max, PracticeMessages.memoryRange),
  outputKb: z
    .number()
    .int()
    .min(LIMIT_RANGES.outputKb.min, PracticeMessages.outputRange)
    .max(LIMIT_RANGES.outputKb.max, PracticeMessages.outputRange),
});
export type ExerciseLimits = z.infer<typeof exerciseLimitsSchema>;

/** A WebGL canvas as sent by the browser: RGBA bytes, row by row from the top-left, base64. */
export const canvasImageSchema = z.strictObject({
  width: z.literal(CANVAS_SAMPLE.width),
  height: z.literal(CANVAS_SAMPLE.height),
  rgbaBase64: z.string().max(Math.ceil((CANVAS_SAMPLE.width * CANVAS_SAMPLE.height * 4) / 3) * 4 + 8),
});
export type CanvasImageBody = z.infer<typeof canvasImageSchema>;

/** POST /api/admin/lessons/:lessonId/exercises and PUT /api/admin/exercises/:exerciseId */
export const exerciseInputSchema = z.strictObject({
  title: z
    .string({ error: PracticeMessages.titleRequired })
    .trim()
    .min(1, PracticeMessages.titleRequired)
    .max(EXERCISE_TITLE_MAX, PracticeMessages.titleTooLong),
  statement: z.string().max(EXERCISE_STATEMENT_MAX, PracticeMessages.statementTooLong).default(''),
  language: exerciseLanguageSchema,
  starterCode: code().default(''),
  referenceSolution: code().refine((v) => v.trim().length > 0, PracticeMessages.referenceRequired),
  tests: z
    .array(exerciseTestInputSchema, { error: PracticeMessages.noTests })
    .min(1, PracticeMessages.noTests)
    .max(TESTS_PER_EXERCISE_MAX, PracticeMessages.tooManyTests),
  limits: exerciseLimitsSchema.default({ ...LIMIT_DEFAULTS }),
  /** WebGL only: the reference solution as rendered in the tutor's browser, for checking the checks. */
  referenceImage: canvasImageSchema.optional(),
});
export type ExerciseInput = z.input<typeof exerciseInputSchema>;
export type ExerciseInputParsed = z.output<typeof exerciseInputSchema>;

export const exerciseTestSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  input: z.string(),
  expectedOutput: z.string(),
  match: outputMatchSchema,
  expectedExitCode: z.number().int().nullable(),
  hidden: z.boolean(),
});
export type ExerciseTest = z.infer<typeof exerciseTestSchema>;

/** The tutor's view of an exercise: everything. */
export const adminExerciseSchema = z.object({
  id: z.string(),
  lessonId: z.string(),
  position: z.number().int(),
  title: z.string(),
  statement: z.string(),
  language: exerciseLanguageSchema,
  starterCode: z.string(),
  referenceSolution: z.string(),
  tests: z.array(exerciseTestSchema),
  limits: exerciseLimitsSchema,
  updatedAt: z.string(),
});
export type AdminExercise = z.infer<typeof adminExerciseSchema>;

export const reorderExercisesSchema = z.strictObject({ exerciseIds: z.array(z.string()).min(1).max(EXERCISES_PER_LESSON_MAX) });

// ---------- results ----------

export const runStatusSchema = z.enum(['ok', 'runtime_error', 'time_limit', 'memory_limit', 'output_limit']);
export type RunStatus = z.infer<typeof runStatusSchema>;

export const diagnosticSchema = z.object({
  line: z.number().int(),
  column: z.number().int().nullable(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;

/**
 * One test's outcome as the student may see it. A hidden test carries only whether it passed; a
 * visible one also its input, the expected and the actual output; the student's own input has no
 * expected output (position 0, `custom`).
 */
export const testOutcomeSchema = z.object({
  position: z.number().int(),
  custom: z.boolean(),
  hidden: z.boolean(),
  passed: z.boolean(),
  status: runStatusSchema.nullable(),
  message: z.string().nullable(),
  input: z.string().nullable(),
  expectedOutput: z.string().nullable(),
  actualOutput: z.string().nullable(),
  stderr: z.string().nullable(),
  exitCode: z.number().int().nullable(),
  match: outputMatchSchema.nullable(),
  timeMs: z.number().nullable(),
});
export type TestOutcome = z.infer<typeof testOutcomeSchema>;

export const verdictSchema = z.enum(['passed', 'failed', 'compile_error', 'unavailable', 'error']);
export type Verdict = z.infer<typeof verdictSchema>;

/** WebGL: where the picture the checks looked at was drawn. */
export const pictureSourceSchema = z.enum(['server', 'browser']);
export type PictureSource = z.infer<typeof pictureSourceSchema>;

/**
 * The stored summary of a WebGL grading checked on the browser's picture ends with the student's note; the source is
 * read back from it (the row has no column of its own for it).
 */
const BROWSER_NOTE_SUFFIX = ` ${PracticeMessages.pictureFromBrowser}`;
export const summaryWithPictureSource = (summary: string, source: PictureSource | undefined) =>
  source === 'browser' ? `${summary}.${BROWSER_NOTE_SUFFIX}` : summary;
export function pictureSourceOfSummary(summary: string): { summary: string; pictureSource: 'browser' | null } {
  if (!summary.endsWith(BROWSER_NOTE_SUFFIX)) return { summary, pictureSource: null };
  return { summary: summary.slice(0, -BROWSER_NOTE_SUFFIX.length).replace(/\.$/, ''), pictureSource: 'browser' };
}

export const submissionResultSchema = z.object({
  verdict: verdictSchema,
  passedCount: z.number().int(),
  totalCount: z.number().int(),
  /** 'All tests passed', 'N of M tests passed', 'Compilation failed', or why it could not be graded. */
  summary: z.string(),
  compileOutput: z.string().nullable(),
  diagnostics: z.array(diagnosticSchema),
  tests: z.array(testOutcomeSchema),
  /** WebGL: 'browser' when the picture checked came from the student's browser because this server cannot draw. */
  pictureSource: z.enum(['browser']).nullable().optional(),
});
export type SubmissionResult = z.infer<typeof submissionResultSchema>;

export const submissionModeSchema = z.enum(['run', 'submit']);
export type SubmissionMode = z.infer<typeof submissionModeSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  exerciseId: z.string(),
  mode: submissionModeSchema,
  status: z.enum(['queued', 'running', 'done']),
  /** While queued: how many submissions are ahead of this one, plus one. */
  queuePosition: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  result: submissionResultSchema.nullable(),
  /** The student's code as submitted (their own, so theirs to see). */
  code: z.string(),
  /** This submission completed the lesson (every exercise passed), and the course if `courseJustCompleted`. */
  lessonCompleted: z.boolean(),
  courseJustCompleted: z.boolean(),
  preview: z.boolean(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** POST /api/exercises/:exerciseId/submissions */
export const submissionBodySchema = z.strictObject({
  mode: submissionModeSchema,
  code: code(),
  /** 'run' only: the student's own standard input, run besides the visible tests. */
  customInput: testData.nullable().optional(),
  /** WebGL: what the student's program drew. */
  image: canvasImageSchema.optional(),
});
export type SubmissionBody = z.infer<typeof submissionBodySchema>;

/** PUT /api/exercises/:exerciseId/draft */
export const draftBodySchema = z.strictObject({ code: code() });
export const draftResponseSchema = z.object({ saved: z.boolean(), savedAt: z.string().nullable() });

/** What a student (or the previewing tutor) sees of an exercise: no reference solution, no hidden test's data. */
export const studentExerciseSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  statement: z.string(),
  language: exerciseLanguageSchema,
  starterCode: z.string(),
  limits: exerciseLimitsSchema,
  visibleTests: z.array(z.object({ position: z.number().int(), input: z.string(), expectedOutput: z.string(), match: outputMatchSchema })),
  hiddenTestCount: z.number().int(),
  /** The student's saved draft, null before they typed (start from starterCode). */
  draft: z.object({ code: z.string(), savedAt: z.string() }).nullable(),
  passed: z.boolean(),
  latestSubmission: submissionSchema.nullable(),
  /** Whether this server can grade the language now, and if not, why in plain words. */
  runnable: z.object({ ok: z.boolean(), reason: z.string().nullable() }),
});
export type StudentExercise = z.infer<typeof studentExerciseSchema>;

export const lessonExercisesResponseSchema = z.object({
  exercises: z.array(studentExerciseSchema),
  preview: z.boolean(),
});
export type LessonExercisesResponse = z.infer<typeof lessonExercisesResponseSchema>;

// ---------- the tutor's figures ----------

export const exerciseStatsSchema = z.object({
  exerciseId: z.string(),
  title: z.string(),
  language: exerciseLanguageSchema,
  /** Students with at least one submission ('Submit'). */
  tried: z.number().int(),
  passed: z.number().int(),
  /** Median number of submissions a student needed to pass, over the students who passed; null before any. */
  medianSubmissionsToPass: z.number().nullable(),
  /** The test failed by most students' submissions; null when none failed. */
  hardestTest: z.object({ position: z.number().int(), hidden: z.boolean(), failures: z.number().int() }).nullable(),
});
export type ExerciseStats = z.infer<typeof exerciseStatsSchema>;

export const exerciseStudentRowSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  email: z.string(),
  submissions: z.number().int(),
  passed: z.boolean(),
  lastSubmittedAt: z.string().nullable(),
});

export const exerciseReportSchema = z.object({
  stats: exerciseStatsSchema,
  students: z.array(exerciseStudentRowSchema),
});
export type ExerciseReport = z.infer<typeof exerciseReportSchema>;

/** One student's work on an exercise, read only for the tutor. */
export const studentWorkSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  code: z.string(),
  source: z.enum(['submission', 'draft', 'none']),
  latestSubmission: submissionSchema.nullable(),
});
export type StudentWork = z.infer<typeof studentWorkSchema>;

/** The answer of a refused save: which tests the reference solution failed. */
export const referenceCheckSchema = z.object({ result: submissionResultSchema });

/** The summary line of a result. */
export function resultSummary(verdict: Verdict, passed: number, total: number): string {
  if (verdict === 'compile_error') return 'Compilation failed';
  if (passed === total && total > 0) return 'All tests passed';
  return `${passed} of ${total} tests passed`;
}
