// The limits a student's program runs under, how a run ended, and the plain words that tell the student about it.
import { firstDifference, outputsMatch } from '../common/practice-compare';
import type { GradingLimits, GradingTest, TestResult } from './contract';

export const STDERR_KEEP_BYTES = 8 * 1024;
export const COMPILER_OUTPUT_KEEP_BYTES = 16 * 1024;
/** javac's limit: a JVM starts for every compile, a few seconds of processor time. */
export const COMPILE_TIME_LIMIT_MS = 10_000;
/** javac's processor time, over all the JVM's threads: twice its limit. */
export const JAVA_COMPILE_CPU_SECONDS = 20;
/**
 * How much longer than its limit a compile may take by the clock. What bounds a compile's work is its processor time
 * (an rlimit on each compiler process). The grading worker runs below the server's CPU priority (worker/main.ts), so on
 * a busy machine a compile waits for the processor while the server's requests go first: under a browser test run on
 * two cores, correct programs of a few seconds' work read that their compilation took longer than its 5 or 10 s. The
 * clock's limit only stops a compile that waits rather than works.
 */
export const COMPILE_WALL_FACTOR = 3;
/**
 * Clang's limit, sized from measured compiles (npm run bench:compile): the demo exercises compile in 0.2–0.3 s and a
 * 400-line program in under 0.8 s in the warm compiler, so 5 s leaves room for a busy machine while a runaway compile
 * holds a grader half as long as the 10 s it once had.
 */
export const C_COMPILE_TIME_LIMIT_MS = 5_000;

/*
 * What a grading may store. The result is written to the submission's row, read on every page load of the
 * exercise and handed to the AI tutor, and every word of it comes from the student's program: a thrown error
 * with a 20 MB message once made a 63 MB row. So each part is cut on its own, and the whole result once more.
 */
/** A test's output, input and expected output as shown: enough to find the first difference. */
export const STORED_TEXT_MAX_BYTES = 16 * 1024;
/** A test's stderr as stored (the run keeps no more than this either). */
export const STORED_STDERR_MAX_BYTES = STDERR_KEEP_BYTES;
/** A test's message, which may quote the program's own error name and message. */
export const STORED_MESSAGE_MAX_BYTES = 2 * 1024;
/** The compiler's output as stored. */
export const STORED_COMPILER_OUTPUT_MAX_BYTES = COMPILER_OUTPUT_KEEP_BYTES;
/** Compiler diagnostics: the first ones are the ones that matter, and each is one line. */
export const STORED_DIAGNOSTICS_MAX = 50;
export const STORED_DIAGNOSTIC_MESSAGE_MAX_BYTES = 500;
/** A summary line (or why a submission could not be graded). */
export const STORED_SUMMARY_MAX_BYTES = 1024;
/** The whole stored result of one submission, as JSON. Past it every text is cut shorter until it fits. */
export const STORED_RESULTS_MAX_BYTES = 256 * 1024;
/** Added where a text was cut, so that nobody takes the shortened text for the whole. */
export const CUT_NOTE = '\n… (cut here)';
/** Added where a text was cut further so that the submission's whole result fits. */
export const CUT_TO_FIT_NOTE = '\n… (cut here: the results were too long to keep in full)';

/** How one run of the program ended, before it is compared with the test. */
export type RunEnd =
  | { kind: 'exited'; exitCode: number }
  | { kind: 'crashed'; exitCode: number | null; detail: string }
  | { kind: 'time_limit' }
  | { kind: 'memory_limit' }
  | { kind: 'output_limit' };

export type RawRun = { end: RunEnd; stdout: string; stderr: string; timeMs: number };

/** Keeps the first `keepBytes` of a stream and counts all of it, so a program printing 100 MB never costs us 100 MB. */
export class OutputCollector {
  private chunks: Uint8Array[] = [];
  private kept = 0;
  total = 0;
  constructor(private readonly keepBytes: number) {}

  add(bytes: Uint8Array): void {
    this.total += bytes.length;
    const room = this.keepBytes - this.kept;
    if (room <= 0) return;
    const part = bytes.length > room ? bytes.slice(0, room) : bytes.slice();
    this.chunks.push(part);
    this.kept += part.length;
  }

  text(): string {
    return decodeTruncated(Buffer.concat(this.chunks));
  }
}

/** UTF-8 text that was cut at a byte limit may end inside a character: drop the broken tail rather than show a replacement mark. */
export function decodeTruncated(bytes: Uint8Array): string {
  let end = bytes.length;
  // Step back over at most three continuation bytes to the start of the last character and keep it only if it is complete.
  let start = end - 1;
  while (start >= 0 && start > end - 4 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start--;
  if (start >= 0) {
    const lead = bytes[start] ?? 0;
    const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    if (start + length > end) end = start;
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('utf8');
}

export function truncateText(text: string, maxBytes: number): string {
  // At most maxBytes characters can fit, so a 20 MB text is never encoded whole (a character takes one byte or more).
  let head = text.length > maxBytes ? text.slice(0, maxBytes) : text;
  // A slice may end between the two halves of a character outside the BMP; drop the lone half.
  if (head !== text && /[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  const bytes = Buffer.from(head, 'utf8');
  if (head === text && bytes.length <= maxBytes) return text;
  return bytes.length <= maxBytes ? head : decodeTruncated(bytes.subarray(0, maxBytes));
}

/** The text within maxBytes (UTF-8), with `note` added when it had to be cut; null stays null. */
export function cutText(text: string, maxBytes: number, note?: string): string;
export function cutText(text: string | null, maxBytes: number, note?: string): string | null;
export function cutText(text: string | null, maxBytes: number, note = CUT_NOTE): string | null {
  if (text === null) return null;
  const kept = truncateText(text, maxBytes);
  return kept.length === text.length ? text : kept + note;
}

export function secondsInWords(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

export const messages = {
  timeLimit: (limits: GradingLimits) => `Your program ran for longer than ${secondsInWords(limits.timeMs)} and was stopped.`,
  memoryLimit: (limits: GradingLimits) => `Your program used more than ${limits.memoryMb} MB of memory and was stopped.`,
  outputLimit: (limits: GradingLimits) => `Your program printed more than ${limits.outputKb} KB and was stopped.`,
  crashed: (exitCode: number | null, detail: string) =>
    detail ? `Your program crashed: ${detail}` : `Your program crashed (exit code ${exitCode ?? 'unknown'}).`,
  wrongExitCode: (actual: number | null, expected: number) =>
    `Your program ended with exit code ${actual ?? 'unknown'}, expected ${expected}.`,
  compileTimeLimit: (limitMs = COMPILE_TIME_LIMIT_MS) => `Compilation took longer than ${secondsInWords(limitMs)} and was stopped.`,
  compileMemoryLimit: (memoryMb: number) => `Compilation used more than ${memoryMb} MB of memory and was stopped.`,
  compileFileLimit: (fileMb: number) => `Compilation wrote a file larger than ${fileMb} MB (a huge initialized array?) and was stopped.`,
};

/** Turns a run into the student's result for one test: status, verdict and the words explaining it. */
export function toTestResult(test: GradingTest, run: RawRun, limits: GradingLimits): TestResult {
  const result = testResultOf(test, run, limits);
  // A crash's message quotes the program's own error, whose text the program chose.
  return { ...result, message: cutText(result.message, STORED_MESSAGE_MAX_BYTES) };
}

function testResultOf(test: GradingTest, run: RawRun, limits: GradingLimits): TestResult {
  const maxStdout = limits.outputKb * 1024;
  const base = {
    testId: test.id,
    stdout: truncateText(run.stdout, maxStdout),
    stderr: truncateText(run.stderr, STDERR_KEEP_BYTES),
    timeMs: Math.round(run.timeMs),
  };
  const end = run.end;
  switch (end.kind) {
    case 'time_limit':
      return { ...base, status: 'time_limit', passed: false, exitCode: null, message: messages.timeLimit(limits) };
    case 'memory_limit':
      return { ...base, status: 'memory_limit', passed: false, exitCode: null, message: messages.memoryLimit(limits) };
    case 'output_limit':
      return { ...base, status: 'output_limit', passed: false, exitCode: null, message: messages.outputLimit(limits) };
    case 'crashed':
      return {
        ...base,
        status: 'runtime_error',
        passed: false,
        exitCode: end.exitCode,
        message: messages.crashed(end.exitCode, end.detail),
      };
    case 'exited': {
      // Without an expected exit code, a program must end with 0, as programs that succeed do: any
      // other code is a runtime error (a C main that returns 1 when scanf fails, say).
      const expected = test.expectedExitCode ?? 0;
      if (end.exitCode !== expected) {
        return {
          ...base,
          status: test.expectedExitCode === null ? 'runtime_error' : 'ok',
          passed: false,
          exitCode: end.exitCode,
          message: messages.wrongExitCode(end.exitCode, expected),
        };
      }
      if (test.expectedOutput === null || outputsMatch(test.expectedOutput, run.stdout, test.match)) {
        return { ...base, status: 'ok', passed: true, exitCode: end.exitCode, message: null };
      }
      const where = firstDifference(test.expectedOutput, run.stdout, test.match);
      const message = where
        ? `Your output differs from the expected output at line ${where.line}, column ${where.column}.`
        : 'Your output differs from the expected output.';
      return { ...base, status: 'ok', passed: false, exitCode: end.exitCode, message };
    }
  }
}
