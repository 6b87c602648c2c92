// The grading engine's contract with the server: the job it takes from the queue, the outcome it stores, and the
// engine's own types. The server queues a job and reads the outcome; it never reaches into the engine's parts.
import type {
  Diagnostic,
  ExerciseLanguage,
  ExerciseLimits,
  OutputMatch,
  PictureSource,
  RunStatus,
  TestOutcome,
  Verdict,
} from '../common/practice';

export type { Diagnostic, RunStatus };

/** The queue's task that grades one submission, its payload, and the channel a finished grading is announced on. */
export const GRADE_TASK = 'practice_grade';
export type GradeJobPayload = { submissionId: string };
export const SUBMISSION_CHANNEL = 'practice_submission';
/** Gradings of one submission that may take down a worker before it is answered with an error instead. */
export const MAX_ATTEMPTS = 3;
/** The queue delivers a grading job this often at most: MAX_ATTEMPTS gradings, then the one that writes the error. */
export const GRADE_JOB_MAX_ATTEMPTS = MAX_ATTEMPTS + 1;

/**
 * What a grading works on, copied into the submission row when it is queued: the code, the tests of
 * that moment and the limits. Position 0 is the student's own input (a run only).
 */
export type GradingTestSpec = {
  position: number;
  hidden: boolean;
  input: string;
  expectedOutput: string | null;
  match: OutputMatch;
  expectedExitCode: number | null;
  /** Test code: a snippet that calls the student's functions or classes; the student's own `main` does not run. */
  code?: string | null;
  /** What the student reads of the test ("swap exchanges 1 and 2"); none for a plain input/output test. */
  name?: string | null;
  /** The test's share of the score (1 when left out). */
  points?: number;
};
/** A file of the tutor's put beside the student's code for every run (a header, a data file, a test harness). */
export type GradingFile = { name: string; content: string };
/** How a submission's tests are run: the exercise's listed tests, or (Java) the tutor's JUnit 5 test class. */
export type GradingMode = 'tests' | 'junit';
export type SubmissionSpec = {
  language: ExerciseLanguage;
  code: string;
  limits: ExerciseLimits;
  tests: GradingTestSpec[];
  /** The tutor's support files, hidden ones included (the student's own code is `code`). */
  files?: GradingFile[];
  /** 'junit': a Java exercise graded by the JUnit 5 class among `files`; its tests are the class's @Test methods. */
  mode?: GradingMode;
  /** Java: further classes of the student's, each in its own file (`code` is the first). */
  studentFiles?: GradingFile[];
  /** WebGL: the picture the browser rendered, RGBA from the top-left, base64; checked only where the server cannot draw. */
  image?: { width: number; height: number; rgbaBase64: string };
};

/** The stored outcome of one grading. `testPassed` keeps every test's pass for the tutor's figures. */
export type StoredOutcome = {
  verdict: Verdict;
  passedCount: number;
  totalCount: number;
  /** The points of the passed tests and of all tests (pointsOf): what the gradebook scores a submit by. */
  pointsEarned: number;
  pointsTotal: number;
  summary: string;
  compileOutput: string | null;
  diagnostics: Diagnostic[];
  tests: TestOutcome[];
  testPassed: { position: number; hidden: boolean; passed: boolean }[];
  /**
   * WebGL: where the checked picture was drawn. 'browser' only where this server cannot draw; the summary then
   * ends with PracticeMessages.pictureFromBrowser, which is how the row keeps it (pictureSourceOfSummary).
   */
  pictureSource?: PictureSource;
};

/** The languages graded on this machine; whether each can be depends on what is installed (WebGL always can). */
export type GradedLanguage = Exclude<ExerciseLanguage, 'webgl'>;
export type GradingLimits = { timeMs: number; memoryMb: number; outputKb: number };
export type GradingTest = {
  id: string;
  input: string;
  /** null: just run it (the student's own input); passed means it ran normally. */
  expectedOutput: string | null;
  match: 'exact' | 'trailing_whitespace';
  /** null: any exit code is fine, but a crash still counts as runtime_error. */
  expectedExitCode: number | null;
  /**
   * Test code (C, Java, JavaScript): the program for this test is the student's code with this snippet as its entry
   * point, the student's own `main` never running; its standard input is `input` and its output is compared as usual.
   */
  code?: string | null;
};
/** WebGL: a picture of the canvas (the server's own drawing, or the student's browser's), RGBA from the top-left. */
export type CanvasImage = { width: number; height: number; rgba: Uint8Array };
/** For WebGL each test is a check over the picture: its input is the check's code. */
export type GradingSpec = {
  language: ExerciseLanguage;
  code: string;
  tests: GradingTest[];
  limits: GradingLimits;
  image?: CanvasImage;
  /** The tutor's support files, written beside the student's code for every test (hidden ones included). */
  files?: GradingFile[];
  /** Java: the student's further classes, each a file of its own beside `code` (which is Main.java or the first class). */
  studentFiles?: GradingFile[];
  /** 'junit' (Java): the tests are the @Test methods of the JUnit 5 class among `files`, found when it runs. */
  mode?: GradingMode;
};
/**
 * A JUnit test's id is `junit:<method>`, or `junit:hidden:<method>` for a test the tutor tagged @Tag("hidden"): the
 * student then sees its name and whether it passed, nothing more.
 */
export const JUNIT_ID_PREFIX = 'junit:';
export const JUNIT_HIDDEN_PREFIX = 'junit:hidden:';
export type TestResult = {
  testId: string;
  /** A JUnit test's display name (its tests are known only once the class has run). */
  name?: string;
  status: RunStatus;
  passed: boolean;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timeMs: number;
  message: string | null;
};
export type GradingResult =
  | { kind: 'graded'; tests: TestResult[] }
  | { kind: 'compile_error'; output: string; diagnostics: Diagnostic[] }
  | { kind: 'unavailable'; message: string }
  /**
   * WebGL: the checks over the picture, and where it was drawn. `drawing` is set when the server's drawing did not
   * finish (the time limit, or the browser on the server failing): every check then failed, and it says why.
   */
  | { kind: 'checked'; checks: CanvasCheckResult[]; pictureSource: PictureSource; drawing?: { status: RunStatus; message: string } }
  /** The grading could not be done at all (no picture came with a WebGL submission, a worker gave up). */
  | { kind: 'error'; message: string };
export type CanvasCheckResult = { checkId: string; passed: boolean; message: string | null };
export interface Grader {
  grade(spec: GradingSpec): Promise<GradingResult>;
  /**
   * Loads the compilers and runtimes by grading a tiny C and a tiny JavaScript program, so that the first
   * student's grading is as fast as later ones. Rejects, saying what failed, if either did not pass.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}
/** Which languages this machine can grade, and why not where it cannot; `note` says how (C: natively or as WebAssembly). */
export type LanguageSupport = Record<GradedLanguage, { ok: true; note?: string } | { ok: false; reason: string }>;
