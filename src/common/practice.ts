import { z } from 'zod';
import { itemDueSchema, lateWorkSchema, momentSchema } from './calendar';
import { JAVA_CLASS_FILE_PATTERN, javaMainClass } from './java-source';
import { LearningMessages } from './learning-rules';
import { CODE_MAX_BYTES } from './limits';

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
export { CODE_MAX_BYTES };
/** One test's input or expected output. */
export const TEST_DATA_MAX_BYTES = 1024 * 1024;
export const TESTS_PER_EXERCISE_MAX = 50;
/** A test's code (a snippet calling the student's functions) and its name. */
export const TEST_CODE_MAX_BYTES = 64 * 1024;
export const TEST_NAME_MAX = 200;
export const TEST_POINTS_MAX = 1000;
/** The tutor's support files of one exercise: how many, and their size together. */
export const EXERCISE_FILES_MAX = 20;
export const EXERCISE_FILES_MAX_BYTES = 1024 * 1024;
export const FILE_NAME_MAX = 100;
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
  testNeedsOutputOrCode: 'A test needs an expected output or test code.',
  testCodeTooLong: 'Test code must be at most 64 KB.',
  testNameTooLong: `A test name must be at most ${TEST_NAME_MAX} characters.`,
  testPointsRange: `Points must be a whole number from 0 to ${TEST_POINTS_MAX}.`,
  testCodeLanguage: 'Test code is for C, Java and JavaScript exercises.',
  fileNameInvalid: 'A file name is a single name such as helpers.h or data.txt: letters, digits, dots, dashes and underscores, no folders.',
  fileNameClash: (name: string) => `Two files are named ${name}: each file needs a name of its own.`,
  fileNameReserved: (name: string) =>
    `The grader keeps the name ${name} for itself or the student's file: give the support file another name.`,
  tooManyFiles: `An exercise can have at most ${EXERCISE_FILES_MAX} support files.`,
  filesTooLarge: 'Support files must be at most 1 MB together.',
  junitNeedsJava: 'JUnit tests are for Java exercises.',
  filesLanguage: 'Support files are for C, Java and JavaScript exercises.',
  customInputJunit: 'This exercise is graded by JUnit tests: Run runs them all, and there is no input of your own to give.',
  junitNeedsClass: 'A JUnit exercise needs its test class as a support file (for example RectangleTest.java).',
  studentFilesJava:
    'Files the student writes are for Java exercises: Java puts each public class in a file of its own, which C and JavaScript exercises do not need (their student writes one file).',
  studentFileName: (name: string) =>
    `${name || 'A file the student writes'} must be a Java class file name: a class name and .java, such as Circle.java.`,
  studentFileHidden: (name: string) => `${name} is the student's to write, so it cannot be hidden.`,
  studentFileReference: (name: string) =>
    `${name || 'A file the student writes'} needs its reference version: the reference check compiles it with the reference solution.`,
  studentFileIsMain: (name: string) =>
    `${name} is the name of the student's main file (its public class): give the other file another name.`,
  studentFilesExpected: (names: string[]) =>
    names.length
      ? `This exercise takes your main file and ${names.join(', ')}: send each of them once.`
      : 'This exercise takes only your main file.',
  studentFilesTooLong: 'Your files must be at most 64 KB together.',
} as const;

const byteLength = (s: string) => new TextEncoder().encode(s).length;
const code = (tooLong: string = PracticeMessages.codeTooLong) => z.string().refine((v) => byteLength(v) <= CODE_MAX_BYTES, tooLong);
const testData = z.string().refine((v) => byteLength(v) <= TEST_DATA_MAX_BYTES, PracticeMessages.testTooLarge);

/** One of the student's further files (Java): its name is the tutor's, its content the student's. */
export const studentFileSchema = z.object({ name: z.string(), content: z.string() });
export type StudentFile = z.infer<typeof studentFileSchema>;
const studentFilesInput = z
  .array(z.strictObject({ name: z.string().max(FILE_NAME_MAX), content: z.string() }))
  .max(EXERCISE_FILES_MAX)
  .default([]);
/** The student's files count against the code limit together with their main file. */
function filesWithinCodeLimit(body: { code: string; files?: { content: string }[] }, ctx: z.RefinementCtx) {
  const files = body.files ?? [];
  if (files.length && byteLength(body.code) + files.reduce((n, f) => n + byteLength(f.content), 0) > CODE_MAX_BYTES)
    ctx.addIssue({ code: 'custom', message: PracticeMessages.studentFilesTooLong, path: ['files'] });
}

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
  /** 'Test Name': what the student reads of the test. */
  name: z.string().trim().max(TEST_NAME_MAX, PracticeMessages.testNameTooLong).default(''),
  /** 'Test Code' (C, Java, JavaScript): a snippet that calls the student's functions; the student's main does not run. */
  code: z
    .string()
    .refine((v) => byteLength(v) <= TEST_CODE_MAX_BYTES, PracticeMessages.testCodeTooLong)
    .default(''),
  /** The test's share of the score. */
  points: z
    .number({ error: PracticeMessages.testPointsRange })
    .int(PracticeMessages.testPointsRange)
    .min(0, PracticeMessages.testPointsRange)
    .max(TEST_POINTS_MAX, PracticeMessages.testPointsRange)
    .default(1),
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

/** The student's own file of each language, which no support file may take the name of. */
export const STUDENT_FILE_NAMES: Partial<Record<ExerciseLanguage, string>> = { c: 'main.c', javascript: 'main.js' };

/**
 * What makes an exercise's tests and files unusable beyond each field's own bounds, with the field to point at: the
 * form shows these as the server refuses them.
 */
export function exerciseInputProblems(input: {
  language: ExerciseLanguage;
  tests: { expectedOutput: string; code?: string; expectedExitCode?: number | null }[];
  files?: { name: string; content: string; hidden?: boolean; editable?: boolean; referenceContent?: string }[];
  mode?: 'tests' | 'junit';
  referenceSolution?: string;
}): { message: string; path: (string | number)[] }[] {
  const problems: { message: string; path: (string | number)[] }[] = [];
  const files = input.files ?? [];
  const webgl = input.language === 'webgl';
  // A JUnit exercise's tests are its test class's @Test methods; any other needs a test of its own.
  if (input.mode !== 'junit' && input.tests.length === 0) problems.push({ message: PracticeMessages.noTests, path: ['tests'] });
  input.tests.forEach((t, i) => {
    const code = (t.code ?? '').trim();
    if (webgl && code) problems.push({ message: PracticeMessages.testCodeLanguage, path: ['tests', i, 'code'] });
    else if (!webgl && input.mode !== 'junit' && !code && t.expectedOutput === '' && (t.expectedExitCode ?? null) === null)
      problems.push({ message: PracticeMessages.testNeedsOutputOrCode, path: ['tests', i, 'expectedOutput'] });
  });
  if (webgl && files.length) problems.push({ message: PracticeMessages.filesLanguage, path: ['files'] });
  const seen = new Set<string>();
  files.forEach((f, i) => {
    if (seen.has(f.name)) problems.push({ message: PracticeMessages.fileNameClash(f.name), path: ['files', i, 'name'] });
    seen.add(f.name);
    // The grader's own files beside the student's: C's test driver (grader_*), Java's test harness.
    const reserved =
      f.name === STUDENT_FILE_NAMES[input.language] || f.name.startsWith('grader_') || f.name.startsWith('TutorTestHarness_');
    if (reserved) problems.push({ message: PracticeMessages.fileNameReserved(f.name), path: ['files', i, 'name'] });
  });
  // 'Student Writes': a further class of the student's (Java), with its starter as content and its reference version.
  const mainFile =
    input.language === 'java' && input.referenceSolution !== undefined ? javaMainClass(input.referenceSolution).fileName : null;
  files.forEach((f, i) => {
    if (!f.editable) return;
    if (input.language !== 'java') problems.push({ message: PracticeMessages.studentFilesJava, path: ['files', i, 'editable'] });
    else if (!JAVA_CLASS_FILE_PATTERN.test(f.name))
      problems.push({ message: PracticeMessages.studentFileName(f.name), path: ['files', i, 'name'] });
    else if (f.name === mainFile) problems.push({ message: PracticeMessages.studentFileIsMain(f.name), path: ['files', i, 'name'] });
    if (f.hidden) problems.push({ message: PracticeMessages.studentFileHidden(f.name), path: ['files', i, 'hidden'] });
    if (!(f.referenceContent ?? '').trim())
      problems.push({ message: PracticeMessages.studentFileReference(f.name), path: ['files', i, 'referenceContent'] });
  });
  // The reference versions are the tutor's files too: they count in the files' size together.
  if (files.reduce((sum, f) => sum + byteLength(f.content) + byteLength(f.referenceContent ?? ''), 0) > EXERCISE_FILES_MAX_BYTES)
    problems.push({ message: PracticeMessages.filesTooLarge, path: ['files'] });
  if (input.mode === 'junit') {
    if (input.language !== 'java') problems.push({ message: PracticeMessages.junitNeedsJava, path: ['mode'] });
    else if (!files.some((f) => f.name.endsWith('.java') && /org\.junit/.test(f.content)))
      problems.push({ message: PracticeMessages.junitNeedsClass, path: ['files'] });
  }
  return problems;
}

/**
 * The points of a submission's passed tests and of all its tests: the one count of them, stored with every graded
 * submission (the gradebook's score) and shown as its score. The student's own input counts for nothing; a test
 * without points counts one.
 */
export function pointsOf(tests: { custom: boolean; passed: boolean; points?: number }[]): { earned: number; total: number } {
  const counted = tests.filter((t) => !t.custom);
  const points = (t: { points?: number }) => t.points ?? 1;
  return { earned: counted.filter((t) => t.passed).reduce((n, t) => n + points(t), 0), total: counted.reduce((n, t) => n + points(t), 0) };
}

/**
 * The share of the tests' points a submission earned, when its tests carry points other than one each (the student's
 * own input counts for nothing). The lesson still completes only when every test passed.
 */
export function scoreOf(tests: { custom: boolean; passed: boolean; points?: number }[]): { earned: number; total: number } | null {
  const counted = tests.filter((t) => !t.custom);
  // With a point each, the score says no more than "N of M tests passed".
  if (!counted.length || counted.every((t) => (t.points ?? 1) === 1)) return null;
  return pointsOf(counted);
}

/** A support file: a single name, no folders (it is written beside the student's file). */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
export const exerciseFileInputSchema = z.strictObject({
  name: z.string().trim().max(FILE_NAME_MAX, PracticeMessages.fileNameInvalid).regex(FILE_NAME_PATTERN, PracticeMessages.fileNameInvalid),
  /** The file as written beside the student's; for a file the student writes, the starter they begin from. */
  content: z.string(),
  /** Hidden: never sent to the student (a test harness); otherwise shown read only. */
  hidden: z.boolean().default(false),
  /** 'Student Writes' (Java): the student's own file, in an editor tab of its own; `content` is its starter. */
  editable: z.boolean().default(false),
  /** A file the student writes: the tutor's version, graded with the reference solution; never sent to a student. */
  referenceContent: z.string().default(''),
});
export type ExerciseFileInput = z.input<typeof exerciseFileInputSchema>;
export const exerciseFileSchema = z.object({
  name: z.string(),
  content: z.string(),
  hidden: z.boolean(),
  editable: z.boolean(),
  referenceContent: z.string(),
});
export type ExerciseFile = z.infer<typeof exerciseFileSchema>;

/** How an exercise is graded: its listed tests, or (Java) the tutor's JUnit 5 test class among its files. */
export const gradingModeSchema = z.enum(['tests', 'junit']);
export type GradingModeName = z.infer<typeof gradingModeSchema>;

/** POST /api/admin/lessons/:lessonId/exercises and PUT /api/admin/exercises/:exerciseId */
export const exerciseInputSchema = z
  .strictObject({
    title: z
      .string({ error: PracticeMessages.titleRequired })
      .trim()
      .min(1, PracticeMessages.titleRequired)
      .max(EXERCISE_TITLE_MAX, PracticeMessages.titleTooLong),
    statement: z.string().max(EXERCISE_STATEMENT_MAX, PracticeMessages.statementTooLong).default(''),
    language: exerciseLanguageSchema,
    starterCode: code().default(''),
    referenceSolution: code().refine((v) => v.trim().length > 0, PracticeMessages.referenceRequired),
    tests: z.array(exerciseTestInputSchema, { error: PracticeMessages.noTests }).max(TESTS_PER_EXERCISE_MAX, PracticeMessages.tooManyTests),
    limits: exerciseLimitsSchema.default({ ...LIMIT_DEFAULTS }),
    /** WebGL only: the reference solution as rendered in the tutor's browser, for checking the checks. */
    referenceImage: canvasImageSchema.optional(),
    /** 'Support Files': the tutor's files beside the student's, read only or hidden. */
    files: z.array(exerciseFileInputSchema).max(EXERCISE_FILES_MAX, PracticeMessages.tooManyFiles).default([]),
    mode: gradingModeSchema.default('tests'),
    /** 'Due Date' (decision 034): a moment, or null for the chapter's; absent keeps the one it has. */
    dueAt: momentSchema.nullish(),
  })
  .superRefine((input, ctx) => {
    for (const problem of exerciseInputProblems(input)) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
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
  name: z.string(),
  code: z.string(),
  points: z.number().int(),
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
  files: z.array(exerciseFileSchema),
  mode: gradingModeSchema,
  /** Its own 'Due Date'; null: its chapter's. */
  dueAt: z.string().nullable(),
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
  /** The student's further file the line is in (Java); none for their main file. */
  file: z.string().optional(),
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
  /** The test's name (a JUnit test's display name); hidden tests show it only when the tutor named them. */
  name: z.string().nullable().optional(),
  /** The test's visible code (never a hidden test's). */
  code: z.string().nullable().optional(),
  points: z.number().int().optional(),
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
  /** The share of the tests' points passed, when the tests carry points other than one each. */
  score: z.object({ earned: z.number().int(), total: z.number().int() }).nullable().optional(),
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
  /** Their further files as submitted (Java), in the exercise's order; empty for one file. */
  files: z.array(studentFileSchema),
  /** This submission completed the lesson (every exercise passed), and the course if `courseJustCompleted`. */
  lessonCompleted: z.boolean(),
  courseJustCompleted: z.boolean(),
  preview: z.boolean(),
  /** A Submit handed in after the student's current due date: its days late, penalty and score after it; else null. */
  late: lateWorkSchema.nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** POST /api/exercises/:exerciseId/submissions */
export const submissionBodySchema = z
  .strictObject({
    mode: submissionModeSchema,
    code: code(),
    /** Java: the student's further files, exactly the exercise's (the server checks the names); the code limit counts all together. */
    files: studentFilesInput,
    /** 'run' only: the student's own standard input, run besides the visible tests. */
    customInput: testData.nullable().optional(),
    /** WebGL: what the student's program drew. */
    image: canvasImageSchema.optional(),
  })
  .superRefine(filesWithinCodeLimit);
export type SubmissionBody = z.input<typeof submissionBodySchema>;
export type SubmissionBodyParsed = z.output<typeof submissionBodySchema>;

/** PUT /api/exercises/:exerciseId/draft */
export const draftBodySchema = z.strictObject({ code: code(), files: studentFilesInput }).superRefine(filesWithinCodeLimit);
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
  visibleTests: z.array(
    z.object({
      position: z.number().int(),
      input: z.string(),
      expectedOutput: z.string(),
      match: outputMatchSchema,
      name: z.string(),
      code: z.string(),
      points: z.number().int(),
    }),
  ),
  hiddenTestCount: z.number().int(),
  /** The tutor's read-only files the student may read (a header, a main to read); hidden ones are never sent. */
  files: z.array(z.object({ name: z.string(), content: z.string() })),
  /** Java: the further files the student writes, each in an editor tab after the main file, with its starter. */
  studentFiles: z.array(z.object({ name: z.string(), starterCode: z.string() })),
  mode: gradingModeSchema,
  /** The student's saved draft, null before they typed (start from starterCode); `files` holds their further files. */
  draft: z.object({ code: z.string(), files: z.array(studentFileSchema), savedAt: z.string() }).nullable(),
  passed: z.boolean(),
  latestSubmission: submissionSchema.nullable(),
  /** When the exercise is due for this student and, once past, what a Submit now would owe; null without a due date. */
  due: itemDueSchema.nullable(),
  /** Whether this server can grade the language now, and if not, why in plain words. */
  runnable: z.object({
    ok: z.boolean(),
    reason: z.string().nullable(),
    /** How this server runs the language, where it matters to the student (C: natively with sanitizers, or as WebAssembly). */
    note: z.string().nullable().optional(),
  }),
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
  /**
   * The test failed by most students' submissions, with what the tutor wrote for it (name, input,
   * test code; cut to 200 characters) to name it by; null when none failed.
   */
  hardestTest: z
    .object({
      position: z.number().int(),
      hidden: z.boolean(),
      failures: z.number().int(),
      name: z.string(),
      input: z.string(),
      code: z.string(),
    })
    .nullable(),
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
  /** Their further files (Java), from the same source as `code`. */
  files: z.array(studentFileSchema),
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

// ---------- the tutor's submission history ----------

/** Attempts per page of a student's submission history; 'Show older' asks for the next page. */
export const SUBMISSION_HISTORY_PAGE = 30;
export const SUBMISSION_HISTORY_PAGE_MAX = 100;

/** GET /api/admin/exercises/:exerciseId/students/:studentId/submissions */
export const submissionHistoryQuerySchema = z.object({
  /** The `nextBefore` of the page shown: only attempts older than it. */
  before: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(SUBMISSION_HISTORY_PAGE_MAX).default(SUBMISSION_HISTORY_PAGE),
});

/** An attempt's outcome in the history: the summary line and the score, not the tests. */
export const submissionHistoryResultSchema = submissionResultSchema.pick({
  verdict: true,
  passedCount: true,
  totalCount: true,
  summary: true,
  pictureSource: true,
  score: true,
});
export type SubmissionHistoryResult = z.infer<typeof submissionHistoryResultSchema>;

/**
 * One attempt of a student (a Run or a Submit; never the tutor's reference checks or previews), without its code: a code
 * is up to 64 KB, so the tutor asks for the ones to read or compare.
 */
export const submissionHistoryEntrySchema = z.object({
  id: z.string(),
  /** Its place among the student's attempts kept, the first being 1. */
  number: z.number().int(),
  mode: submissionModeSchema,
  status: z.enum(['queued', 'running', 'done']),
  /** Exact times: the tutor's view is never rounded. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  result: submissionHistoryResultSchema.nullable(),
  lessonCompleted: z.boolean(),
  /** A Submit handed in after the student's current due date (computed as it is read). */
  late: lateWorkSchema.nullable(),
});
export type SubmissionHistoryEntry = z.infer<typeof submissionHistoryEntrySchema>;

/** A page of a student's attempts at an exercise, newest first. */
export const submissionHistorySchema = z.object({
  studentId: z.string(),
  name: z.string(),
  /** Every attempt kept, all pages together. */
  total: z.number().int(),
  entries: z.array(submissionHistoryEntrySchema),
  /** The `before` of the next older page; null when this page reaches the first attempt. */
  nextBefore: z.string().nullable(),
  /** Runs are deleted after this many days; Submits are kept. */
  runsKeptDays: z.number().int(),
});
export type SubmissionHistory = z.infer<typeof submissionHistorySchema>;
