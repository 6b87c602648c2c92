import {
  resultSummary,
  type Diagnostic,
  type ExerciseLanguage,
  type ExerciseLimits,
  type OutputMatch,
  type Submission,
  type SubmissionResult,
  type TestOutcome,
  type Verdict,
} from '../../../common/practice';
import type { CanvasCheckResult } from './grading/canvas-checks';
import type { GradingResult } from './grading/grade';

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
};
export type SubmissionSpec = {
  language: ExerciseLanguage;
  code: string;
  limits: ExerciseLimits;
  tests: GradingTestSpec[];
  /** WebGL: the picture the browser rendered, RGBA from the top-left, base64. */
  image?: { width: number; height: number; rgbaBase64: string };
};

/** The stored outcome of one grading. `testPassed` keeps every test's pass for the tutor's figures. */
export type StoredOutcome = {
  verdict: Verdict;
  passedCount: number;
  totalCount: number;
  summary: string;
  compileOutput: string | null;
  diagnostics: Diagnostic[];
  tests: TestOutcome[];
  testPassed: { position: number; hidden: boolean; passed: boolean }[];
};

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
export function outcomeOfCanvasChecks(spec: SubmissionSpec, results: CanvasCheckResult[], reveal: boolean): StoredOutcome {
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

/** A submission row as the API sends it. */
export type SubmissionRow = {
  id: string;
  exercise_id: string | null;
  purpose: 'run' | 'submit' | 'reference';
  preview: boolean;
  code: string;
  status: 'queued' | 'running' | 'done';
  verdict: Verdict | null;
  passed_count: number;
  total_count: number;
  results: TestOutcome[] | null;
  compile_output: string | null;
  diagnostics: Diagnostic[] | null;
  summary: string | null;
  lesson_completed: boolean;
  course_just_completed: boolean;
  created_at: Date | string;
  finished_at: Date | string | null;
  queue_position?: number | null;
};

export function resultOfRow(r: SubmissionRow): SubmissionResult | null {
  if (r.status !== 'done' || r.verdict === null) return null;
  return {
    verdict: r.verdict,
    passedCount: r.passed_count,
    totalCount: r.total_count,
    summary: r.summary ?? resultSummary(r.verdict, r.passed_count, r.total_count),
    compileOutput: r.compile_output,
    diagnostics: r.diagnostics ?? [],
    tests: r.results ?? [],
  };
}

export function submissionOfRow(r: SubmissionRow): Submission {
  return {
    id: r.id,
    exerciseId: r.exercise_id ?? '',
    mode: r.purpose === 'run' ? 'run' : 'submit',
    status: r.status,
    queuePosition: r.status === 'queued' ? (r.queue_position ?? null) : null,
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
    result: resultOfRow(r),
    code: r.code,
    lessonCompleted: r.lesson_completed,
    courseJustCompleted: r.course_just_completed,
    preview: r.preview,
  };
}

const excerpt = (s: string | null, max = 400) => (s === null ? '(none)' : s.length > max ? `${s.slice(0, max)}… (cut)` : s);

/** A result in words, for the AI tutor: only what the student was shown. */
export function describeResult(mode: 'Run' | 'Submit', r: SubmissionResult): string {
  const lines = [`Latest ${mode}: ${r.summary}.`];
  if (r.compileOutput) lines.push(`Compiler output:\n${excerpt(r.compileOutput, 1500)}`);
  for (const t of r.tests) {
    const name = t.custom ? "The student's own input" : `Test ${t.position}${t.hidden ? ' (hidden)' : ''}`;
    if (t.hidden) {
      lines.push(`${name}: ${t.passed ? 'passed' : 'failed'}.`);
      continue;
    }
    const parts = [`${name}: ${t.custom ? 'ran' : t.passed ? 'passed' : 'failed'}.`];
    if (t.message) parts.push(t.message);
    if (!t.passed || t.custom) {
      parts.push(`Input: ${excerpt(t.input)}`);
      if (t.expectedOutput !== null) parts.push(`Expected output: ${excerpt(t.expectedOutput)}`);
      parts.push(`Actual output: ${excerpt(t.actualOutput)}`);
      if (t.stderr) parts.push(`Error output: ${excerpt(t.stderr)}`);
    }
    lines.push(parts.join('\n'));
  }
  return lines.join('\n\n');
}
