// Shared by the grading tests: short limits, one-test specs and the secret the sandboxes must never reveal.
import type { GradedLanguage, GradingSpec, GradingTest } from './contract';

export const SECRET = 'grader-test-secret-7f3a9c';
process.env.GRADER_TEST_SECRET = SECRET;

/** Time-limit tests use 1 s; the others get more so that a busy machine does not turn a verdict into a time-out. */
export const SHORT_LIMITS = { timeMs: 1000, memoryMb: 128, outputKb: 64 };
export const LIMITS = { timeMs: 4000, memoryMb: 128, outputKb: 64 };

export function test(input: string, expectedOutput: string | null, extra: Partial<GradingTest> = {}): GradingTest {
  return { id: extra.id ?? 't1', input, expectedOutput, match: 'trailing_whitespace', expectedExitCode: null, ...extra };
}

export function spec(language: GradedLanguage, code: string, tests: GradingTest[], limits = LIMITS): GradingSpec {
  return { language, code, tests, limits };
}

/** Text that would show the host's files leaked into a program's output. */
export const HOST_FILE_MARKERS = ['root:x:0:0', '"name": "tutor-platform"'];
