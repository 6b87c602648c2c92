// A submission row as the API sends it, and a result in words for the AI tutor.
import {
  pictureSourceOfSummary,
  PracticeMessages,
  resultSummary,
  scoreOf,
  type Diagnostic,
  type Submission,
  type SubmissionResult,
  type TestOutcome,
  type Verdict,
} from '../../../common/practice';

/** A submission row as the API sends it. */
export type SubmissionRow = {
  id: string;
  exercise_id: string | null;
  purpose: 'run' | 'submit' | 'reference';
  preview: boolean;
  code: string;
  /** The student's further files (Java); null for one file. */
  student_files: { name: string; content: string }[] | null;
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
  const { summary, pictureSource } = pictureSourceOfSummary(r.summary ?? resultSummary(r.verdict, r.passed_count, r.total_count));
  return {
    verdict: r.verdict,
    passedCount: r.passed_count,
    totalCount: r.total_count,
    summary,
    ...(pictureSource ? { pictureSource } : {}),
    compileOutput: r.compile_output,
    diagnostics: r.diagnostics ?? [],
    tests: r.results ?? [],
    score: scoreOf(r.results ?? []),
  };
}

/**
 * A submission's times. With hidden tests they are whole seconds (rounded down at the start, up at the end): how long
 * a hidden test took would otherwise tell a program that busy-waits on a property of the hidden input what that
 * input is, a little per submission.
 */
function timesOf(r: SubmissionRow): { createdAt: string; finishedAt: string | null } {
  const created = new Date(r.created_at);
  const finished = r.finished_at === null ? null : new Date(r.finished_at);
  if (!(r.results ?? []).some((t) => t.hidden)) return { createdAt: created.toISOString(), finishedAt: finished?.toISOString() ?? null };
  const second = 1000;
  return {
    createdAt: new Date(Math.floor(created.getTime() / second) * second).toISOString(),
    finishedAt: finished && new Date(Math.ceil(finished.getTime() / second) * second).toISOString(),
  };
}

export function submissionOfRow(r: SubmissionRow): Submission {
  return {
    id: r.id,
    exerciseId: r.exercise_id ?? '',
    mode: r.purpose === 'run' ? 'run' : 'submit',
    status: r.status,
    queuePosition: r.status === 'queued' ? (r.queue_position ?? null) : null,
    ...timesOf(r),
    result: resultOfRow(r),
    code: r.code,
    files: r.student_files ?? [],
    lessonCompleted: r.lesson_completed,
    courseJustCompleted: r.course_just_completed,
    preview: r.preview,
    late: null,
  };
}

/**
 * A submission with what the calendar says of it now (practice.queries.ts submissionCalendar): late or not, and, once
 * the student's due date has passed in a course that shows them, the hidden tests' names. Only names: a hidden test's
 * input, expected output and what the program printed for it stay on the server.
 */
export function withCalendar(
  s: Submission,
  c: { late: Submission['late']; hiddenNames: Record<string, string> | null } | undefined,
): Submission {
  if (!c) return s;
  const names = c.hiddenNames;
  const result =
    s.result && names
      ? {
          ...s.result,
          tests: s.result.tests.map((t) =>
            t.hidden && !t.custom && !t.name && names[String(t.position)] ? { ...t, name: names[String(t.position)]! } : t,
          ),
        }
      : s.result;
  return { ...s, result, late: c.late };
}

const excerpt = (s: string | null, max = 400) => (s === null ? '(none)' : s.length > max ? `${s.slice(0, max)}… (cut)` : s);

/** A result in words, for the AI tutor: only what the student was shown. */
export function describeResult(mode: 'Run' | 'Submit', r: SubmissionResult): string {
  const lines = [`Latest ${mode}: ${r.summary}.`];
  if (r.pictureSource === 'browser') lines.push(PracticeMessages.pictureFromBrowser);
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
