// A grading's result as the submitter may see it: what is stored in the submission row and sent to the student.
import { pointsOf, resultSummary, summaryWithPictureSource, type TestOutcome, type Verdict } from '../common/practice';
import {
  JUNIT_HIDDEN_PREFIX,
  type CanvasCheckResult,
  type Diagnostic,
  type GradingResult,
  type StoredOutcome,
  type SubmissionSpec,
  type TestResult,
} from './contract';
import {
  CUT_NOTE,
  CUT_TO_FIT_NOTE,
  cutText,
  STORED_COMPILER_OUTPUT_MAX_BYTES,
  STORED_DIAGNOSTIC_MESSAGE_MAX_BYTES,
  STORED_DIAGNOSTICS_MAX,
  STORED_MESSAGE_MAX_BYTES,
  STORED_RESULTS_MAX_BYTES,
  STORED_STDERR_MAX_BYTES,
  STORED_SUMMARY_MAX_BYTES,
  STORED_TEXT_MAX_BYTES,
} from './limits';

/** Shown output is capped: a result must stay small enough to store and to send on every page load. */
const shown = (s: string | null) => cutText(s, STORED_TEXT_MAX_BYTES);

function summarize(
  tests: TestOutcome[],
  verdictOverride?: Verdict,
): Pick<StoredOutcome, 'verdict' | 'passedCount' | 'totalCount' | 'pointsEarned' | 'pointsTotal' | 'summary'> {
  const counted = tests.filter((t) => !t.custom);
  const passedCount = counted.filter((t) => t.passed).length;
  const totalCount = counted.length;
  const verdict = verdictOverride ?? (passedCount === totalCount && tests.every((t) => t.passed) ? 'passed' : 'failed');
  const points = pointsOf(tests);
  return {
    verdict,
    passedCount,
    totalCount,
    pointsEarned: points.earned,
    pointsTotal: points.total,
    summary: resultSummary(verdict, passedCount, totalCount),
  };
}

/** A grading that ran no test (the code did not compile, the language is missing): none of the tests' points earned. */
const noPointsEarned = (spec: SubmissionSpec) => ({
  pointsEarned: 0,
  pointsTotal: pointsOf(spec.tests.map((t) => ({ custom: t.position === 0, passed: false, points: t.points ?? 1 }))).total,
});

/**
 * A grading's result as the submitter may see it. A hidden test shows only whether it passed, unless
 * `reveal` (the tutor checking their own reference solution sees everything).
 */
export function outcomeOfGrading(spec: SubmissionSpec, result: GradingResult, reveal: boolean): StoredOutcome {
  return bounded(outcomeOf(spec, result, reveal));
}

function outcomeOf(spec: SubmissionSpec, result: GradingResult, reveal: boolean): StoredOutcome {
  if (result.kind === 'error') return failedOutcome(result.message);
  if (result.kind === 'checked') return outcomeOfCanvasChecks(spec, result, reveal);
  const counted = spec.tests.filter((t) => t.position > 0);
  if (result.kind === 'compile_error') {
    return {
      verdict: 'compile_error',
      passedCount: 0,
      totalCount: counted.length,
      ...noPointsEarned(spec),
      summary: resultSummary('compile_error', 0, counted.length),
      compileOutput: cutText(result.output, STORED_COMPILER_OUTPUT_MAX_BYTES),
      diagnostics: boundedDiagnostics(result.diagnostics),
      tests: [],
      testPassed: counted.map((t) => ({ position: t.position, hidden: t.hidden, passed: false })),
    };
  }
  if (result.kind === 'unavailable') {
    return {
      verdict: 'unavailable',
      passedCount: 0,
      totalCount: counted.length,
      ...noPointsEarned(spec),
      summary: cutText(result.message, STORED_SUMMARY_MAX_BYTES),
      compileOutput: null,
      diagnostics: [],
      tests: [],
      testPassed: [],
    };
  }
  if (spec.mode === 'junit') return outcomeOfJunit(result.tests, reveal);
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
      message: open ? cutText(r?.message ?? null, STORED_MESSAGE_MAX_BYTES) : null,
      input: open ? shown(t.input) : null,
      expectedOutput: open ? shown(t.expectedOutput) : null,
      actualOutput: open ? shown(r?.stdout ?? null) : null,
      stderr: open ? cutText(r?.stderr || null, STORED_STDERR_MAX_BYTES) : null,
      exitCode: open ? (r?.exitCode ?? null) : null,
      match: open && t.expectedOutput !== null ? t.match : null,
      timeMs: open ? (r?.timeMs ?? null) : null,
      // A hidden test's name and code are the tutor's, like its data: only whether it passed leaves the server.
      name: open ? (t.name ?? null) : null,
      code: open ? (t.code ?? null) : null,
      points: t.points ?? 1,
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

/**
 * A JUnit class's tests, in the order they ran: each is known by its display name and, when it failed, the assertion's
 * message. A test the tutor tagged hidden shows its name and whether it passed, nothing more (its id says so: see
 * languages/java). Every test is worth one point.
 */
function outcomeOfJunit(results: TestResult[], reveal: boolean): StoredOutcome {
  const tests = results.map((r, i): TestOutcome => {
    const hidden = r.testId.startsWith(JUNIT_HIDDEN_PREFIX);
    const open = reveal || !hidden;
    return {
      position: i + 1,
      custom: false,
      hidden,
      passed: r.passed,
      status: open ? r.status : null,
      message: open ? cutText(r.message, STORED_MESSAGE_MAX_BYTES) : null,
      input: null,
      expectedOutput: null,
      actualOutput: open ? shown(r.stdout || null) : null,
      stderr: open ? cutText(r.stderr || null, STORED_STDERR_MAX_BYTES) : null,
      exitCode: null,
      match: null,
      timeMs: open ? r.timeMs : null,
      name: cutText(r.name ?? r.testId, STORED_MESSAGE_MAX_BYTES),
      code: null,
      points: 1,
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

/**
 * A WebGL submission's checks, as the submitter may see them (a check's description is its expected output). A
 * drawing that did not finish marks every check with its status, and the summary says why (a hidden check shows no
 * message). A picture from the browser is said so in the summary.
 */
function outcomeOfCanvasChecks(spec: SubmissionSpec, result: Extract<GradingResult, { kind: 'checked' }>, reveal: boolean): StoredOutcome {
  const results: CanvasCheckResult[] = result.checks;
  const byId = new Map(results.map((r) => [r.checkId, r]));
  const tests = spec.tests.map((t): TestOutcome => {
    const r = byId.get(String(t.position));
    const open = reveal || !t.hidden;
    return {
      position: t.position,
      custom: false,
      hidden: t.hidden,
      passed: r?.passed ?? false,
      status: result.drawing?.status ?? null,
      message: open ? cutText(r?.message ?? null, STORED_MESSAGE_MAX_BYTES) : null,
      input: null,
      expectedOutput: open ? shown(t.expectedOutput) : null,
      actualOutput: null,
      stderr: null,
      exitCode: null,
      match: null,
      timeMs: null,
    };
  });
  const summary = summarize(tests);
  const said = result.drawing ? `${summary.summary}. ${result.drawing.message}` : summary.summary;
  return {
    ...summary,
    summary: cutText(summaryWithPictureSource(said, result.pictureSource), STORED_SUMMARY_MAX_BYTES),
    compileOutput: null,
    diagnostics: [],
    tests,
    testPassed: tests.map((t) => ({ position: t.position, hidden: t.hidden, passed: t.passed })),
    pictureSource: result.pictureSource,
  };
}

/** A grading that could not be done at all (the worker gave up after repeated crashes, say). */
export function failedOutcome(message: string): StoredOutcome {
  return {
    verdict: 'error',
    passedCount: 0,
    totalCount: 0,
    pointsEarned: 0,
    pointsTotal: 0,
    summary: cutText(message, STORED_SUMMARY_MAX_BYTES),
    compileOutput: null,
    diagnostics: [],
    tests: [],
    testPassed: [],
  };
}

/** The first diagnostics, each one cut to a line's length: a compiler can report thousands, each quoting the code. */
function boundedDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics
    .slice(0, STORED_DIAGNOSTICS_MAX)
    .map((d) => ({ ...d, message: cutText(d.message, STORED_DIAGNOSTIC_MESSAGE_MAX_BYTES) }));
}

const storedBytes = (outcome: StoredOutcome) => Buffer.byteLength(JSON.stringify(outcome), 'utf8');

/**
 * The outcome within STORED_RESULTS_MAX_BYTES. Each text was cut on its own already, but fifty tests of 16 KB each
 * (or text that JSON escapes to six times its length) still add up: every text is then cut shorter and shorter,
 * with a note saying so, until the whole fits. Without any text left it always fits (at most 51 tests).
 */
function bounded(outcome: StoredOutcome): StoredOutcome {
  if (storedBytes(outcome) <= STORED_RESULTS_MAX_BYTES) return outcome;
  let smaller = outcome;
  for (let max = STORED_TEXT_MAX_BYTES / 2; max >= 0; max = max > 64 ? max / 2 : max - 64) {
    smaller = cutEveryText(outcome, max);
    if (storedBytes(smaller) <= STORED_RESULTS_MAX_BYTES) return smaller;
  }
  return smaller;
}

function cutEveryText(outcome: StoredOutcome, maxBytes: number): StoredOutcome {
  // A text already cut ends with CUT_NOTE: it is cut again from its start, and the new note replaces the old.
  const cut = (s: string | null) => {
    if (s === null) return null;
    const whole = s.endsWith(CUT_NOTE) ? s.slice(0, -CUT_NOTE.length) : s;
    return whole === s ? cutText(s, maxBytes, CUT_TO_FIT_NOTE) : cutText(whole, maxBytes, '') + CUT_TO_FIT_NOTE;
  };
  return {
    ...outcome,
    summary: cutText(outcome.summary, Math.min(maxBytes, STORED_SUMMARY_MAX_BYTES), CUT_TO_FIT_NOTE),
    compileOutput: cut(outcome.compileOutput),
    diagnostics: outcome.diagnostics
      .slice(0, maxBytes >= 1024 ? STORED_DIAGNOSTICS_MAX : 5)
      .map((d) => ({ ...d, message: cutText(d.message, Math.min(maxBytes, STORED_DIAGNOSTIC_MESSAGE_MAX_BYTES)) })),
    tests: outcome.tests.map((t) => ({
      ...t,
      message: cut(t.message),
      name: cut(t.name ?? null),
      code: cut(t.code ?? null),
      input: cut(t.input),
      expectedOutput: cut(t.expectedOutput),
      actualOutput: cut(t.actualOutput),
      stderr: cut(t.stderr),
    })),
  };
}
