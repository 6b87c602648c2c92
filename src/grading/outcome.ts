// A grading's result as the submitter may see it: what is stored in the submission row and sent to the student.
import { resultSummary, type TestOutcome, type Verdict } from '../common/practice';
import type { CanvasCheckResult, GradingResult, StoredOutcome, SubmissionSpec } from './contract';
/** Shown output is capped: a result must stay small enough to send on every page load. */
const SHOWN_MAX = 16 * 1024;
const shown = (s: string | null) => (s === null ? null : s.length > SHOWN_MAX ? `${s.slice(0, SHOWN_MAX)}\n… (cut here)` : s);

function summarize(
  tests: TestOutcome[],
  verdictOverride?: Verdict,
): Pick<StoredOutcome, 'verdict' | 'passedCount' | 'totalCount' | 'summary'> {
  const counted = tests.filter((t) => !t.custom);
  const passedCount = counted.filter((t) => t.passed).length;
  const totalCount = counted.length;
  const verdict = verdictOverride ?? (passedCount === totalCount && tests.every((t) => t.passed) ? 'passed' : 'failed');
  return { verdict, passedCount, totalCount, summary: resultSummary(verdict, passedCount, totalCount) };
}

/**
 * A grading's result as the submitter may see it. A hidden test shows only whether it passed, unless
 * `reveal` (the tutor checking their own reference solution sees everything).
 */
export function outcomeOfGrading(spec: SubmissionSpec, result: GradingResult, reveal: boolean): StoredOutcome {
  if (result.kind === 'error') return failedOutcome(result.message);
  if (result.kind === 'checked') return outcomeOfCanvasChecks(spec, result.checks, reveal);
  const counted = spec.tests.filter((t) => t.position > 0);
  if (result.kind === 'compile_error') {
    return {
      verdict: 'compile_error',
      passedCount: 0,
      totalCount: counted.length,
      summary: resultSummary('compile_error', 0, counted.length),
      compileOutput: result.output,
      diagnostics: result.diagnostics,
      tests: [],
      testPassed: counted.map((t) => ({ position: t.position, hidden: t.hidden, passed: false })),
    };
  }
  if (result.kind === 'unavailable') {
    return {
      verdict: 'unavailable',
      passedCount: 0,
      totalCount: counted.length,
      summary: result.message,
      compileOutput: null,
      diagnostics: [],
      tests: [],
      testPassed: [],
    };
  }
  const byId = new Map(result.tests.map((r) => [r.testId, r]));
  const tests = spec.tests.map((t): TestOutcome => {
    const r = byId.get(String(t.position));
    const passed = r?.passed ?? false;
    const open = reveal || !t.hidden;
    return {
      position: t.position,
      custom: t.position === 0,
      hidden: t.hidden,
      passed,
      status: open ? (r?.status ?? null) : null,
      message: open ? (r?.message ?? null) : null,
      input: open ? shown(t.input) : null,
      expectedOutput: open ? shown(t.expectedOutput) : null,
      actualOutput: open ? shown(r?.stdout ?? null) : null,
      stderr: open ? shown(r?.stderr || null) : null,
      exitCode: open ? (r?.exitCode ?? null) : null,
      match: open && t.expectedOutput !== null ? t.match : null,
      timeMs: open ? (r?.timeMs ?? null) : null,
    };
  });
  return {
    ...summarize(tests),
    compileOutput: null,
    diagnostics: [],
    tests,
    testPassed: tests.filter((t) => !t.custom).map((t) => ({ position: t.position, hidden: t.hidden, passed: t.passed })),
  };
}

/** A WebGL submission's checks, as the submitter may see them (a check's description is its expected output). */
function outcomeOfCanvasChecks(spec: SubmissionSpec, results: CanvasCheckResult[], reveal: boolean): StoredOutcome {
  const byId = new Map(results.map((r) => [r.checkId, r]));
  const tests = spec.tests.map((t): TestOutcome => {
    const r = byId.get(String(t.position));
    const open = reveal || !t.hidden;
    return {
      position: t.position,
      custom: false,
      hidden: t.hidden,
      passed: r?.passed ?? false,
      status: null,
      message: open ? (r?.message ?? null) : null,
      input: null,
      expectedOutput: open ? t.expectedOutput : null,
      actualOutput: null,
      stderr: null,
      exitCode: null,
      match: null,
      timeMs: null,
    };
  });
  return {
    ...summarize(tests),
    compileOutput: null,
    diagnostics: [],
    tests,
    testPassed: tests.map((t) => ({ position: t.position, hidden: t.hidden, passed: t.passed })),
  };
}

/** A grading that could not be done at all (the worker gave up after repeated crashes, say). */
export function failedOutcome(message: string): StoredOutcome {
  return {
    verdict: 'error',
    passedCount: 0,
    totalCount: 0,
    summary: message,
    compileOutput: null,
    diagnostics: [],
    tests: [],
    testPassed: [],
  };
}
