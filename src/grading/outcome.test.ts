import { describe, expect, it } from 'vitest';
import type { GradingResult, SubmissionSpec } from './contract';
import {
  CUT_TO_FIT_NOTE,
  STORED_DIAGNOSTICS_MAX,
  STORED_MESSAGE_MAX_BYTES,
  STORED_RESULTS_MAX_BYTES,
  STORED_STDERR_MAX_BYTES,
  STORED_TEXT_MAX_BYTES,
} from './limits';
import { failedOutcome, outcomeOfGrading } from './outcome';

const LIMITS = { timeMs: 2000, memoryMb: 128, outputKb: 1024 };
const HUGE = 'E'.repeat(20 << 20);
const MEGABYTE = 'M'.repeat(1 << 20);
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

function submission(testCount: number): SubmissionSpec {
  return {
    language: 'javascript',
    code: '',
    limits: LIMITS,
    tests: Array.from({ length: testCount }, (_, i) => ({
      position: i + 1,
      hidden: false,
      input: 'i'.repeat(100_000),
      expectedOutput: 'o'.repeat(100_000),
      match: 'exact' as const,
      expectedExitCode: null,
    })),
  };
}

describe('the stored outcome is bounded', () => {
  it('cuts a 20 MB message, stdout and stderr of one test, and says so', () => {
    const result: GradingResult = {
      kind: 'graded',
      tests: [{ testId: '1', status: 'runtime_error', passed: false, stdout: HUGE, stderr: HUGE, exitCode: 1, timeMs: 5, message: HUGE }],
    };
    const outcome = outcomeOfGrading(submission(1), result, false);
    expect(bytes(outcome)).toBeLessThan(STORED_RESULTS_MAX_BYTES);
    const test = outcome.tests[0]!;
    expect(Buffer.byteLength(test.message!)).toBeLessThan(STORED_MESSAGE_MAX_BYTES + 100);
    expect(Buffer.byteLength(test.actualOutput!)).toBeLessThan(STORED_TEXT_MAX_BYTES + 100);
    expect(Buffer.byteLength(test.stderr!)).toBeLessThan(STORED_STDERR_MAX_BYTES + 100);
    for (const text of [test.message, test.actualOutput, test.stderr, test.input, test.expectedOutput]) expect(text).toMatch(/cut here\)$/);
  });

  it('keeps the whole result of fifty tests under the total cap, noting the cut', () => {
    const tests = Array.from({ length: 50 }, (_, i) => ({
      testId: String(i + 1),
      status: 'ok' as const,
      passed: false,
      // Control characters take six bytes each in JSON.
      stdout: '\u0001'.repeat(100_000),
      stderr: MEGABYTE,
      exitCode: 0,
      timeMs: 5,
      message: MEGABYTE,
    }));
    const outcome = outcomeOfGrading(submission(50), { kind: 'graded', tests }, false);
    expect(bytes(outcome)).toBeLessThanOrEqual(STORED_RESULTS_MAX_BYTES);
    expect(outcome.tests).toHaveLength(50);
    expect(outcome.tests.every((t) => t.actualOutput!.endsWith(CUT_TO_FIT_NOTE))).toBe(true);
    // What is not the program's text stays whole.
    expect(outcome.testPassed).toHaveLength(50);
    expect(outcome.summary).toBe('0 of 50 tests passed');
  });

  it('bounds compiler output, diagnostics and the reason a grading failed', () => {
    const diagnostics = Array.from({ length: 1000 }, (_, i) => ({ line: i + 1, column: 1, severity: 'error' as const, message: MEGABYTE }));
    const outcome = outcomeOfGrading(submission(1), { kind: 'compile_error', output: HUGE, diagnostics }, true);
    expect(bytes(outcome)).toBeLessThanOrEqual(STORED_RESULTS_MAX_BYTES);
    expect(outcome.diagnostics.length).toBeLessThanOrEqual(STORED_DIAGNOSTICS_MAX);
    expect(outcome.compileOutput).toMatch(/cut here\)$/);
    expect(bytes(outcomeOfGrading(submission(1), { kind: 'unavailable', message: HUGE }, true))).toBeLessThan(4096);
    expect(bytes(failedOutcome(HUGE))).toBeLessThan(4096);
  });
});

describe('the points of an outcome', () => {
  const spec = (points: number[]): SubmissionSpec => ({
    language: 'javascript',
    code: '',
    limits: LIMITS,
    tests: [5, ...points].map((p, i) => ({
      position: i,
      hidden: i === 2,
      input: '',
      expectedOutput: i === 0 ? null : 'x',
      match: 'exact' as const,
      expectedExitCode: null,
      points: p,
    })),
  });
  const ran = (passed: boolean[]): GradingResult => ({
    kind: 'graded',
    tests: passed.map((p, i) => ({
      testId: String(i),
      status: 'ok' as const,
      passed: p,
      stdout: '',
      stderr: '',
      exitCode: 0,
      timeMs: 1,
      message: null,
    })),
  });

  it("counts the passed tests' points and all tests' points, the student's own input none", () => {
    // Position 0 (the own input, worth 5 here to show it is left out) passes; tests of 2 and 3 points, the 3-point one hidden.
    expect(outcomeOfGrading(spec([2, 3]), ran([true, false, true]), false)).toMatchObject({ pointsEarned: 3, pointsTotal: 5 });
    expect(outcomeOfGrading(spec([2, 3]), ran([false, true, true]), false)).toMatchObject({ pointsEarned: 5, pointsTotal: 5 });
  });

  it('earns no points when the code did not compile, out of all the points there were', () => {
    const outcome = outcomeOfGrading(spec([2, 3]), { kind: 'compile_error', output: 'no', diagnostics: [] }, false);
    expect(outcome).toMatchObject({ pointsEarned: 0, pointsTotal: 5 });
    expect(failedOutcome('gave up')).toMatchObject({ pointsEarned: 0, pointsTotal: 0 });
  });
});
