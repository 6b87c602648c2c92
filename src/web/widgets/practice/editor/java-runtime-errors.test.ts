import type { SubmissionResult, TestOutcome } from '@common/practice';
import { describe, expect, it } from 'vitest';
import { javaRuntimeDiagnostics } from './java-runtime-errors';

const test = (stderr: string | null, hidden = false): TestOutcome => ({
  position: 1,
  custom: false,
  hidden,
  passed: false,
  status: 'runtime_error',
  message: null,
  input: '',
  expectedOutput: '',
  actualOutput: '',
  stderr,
  exitCode: 1,
  match: 'exact',
  timeMs: 10,
});
const result = (tests: TestOutcome[]): SubmissionResult => ({
  verdict: 'failed',
  passedCount: 0,
  totalCount: tests.length,
  summary: '',
  compileOutput: null,
  diagnostics: [],
  tests,
});

const TRACE = `Exception in thread "main" java.lang.IllegalStateException: no
\tat Rect.area(Rect.java:4)
\tat Main.main(Main.java:4)
`;

describe('javaRuntimeDiagnostics', () => {
  it("marks the line of the student's file that threw, naming the file when it is not the main one", () => {
    expect(javaRuntimeDiagnostics(result([test(TRACE), test(TRACE)]), 'Main.java', ['Rect.java'])).toEqual([
      { line: 4, column: null, severity: 'error', message: 'java.lang.IllegalStateException: no', file: 'Rect.java' },
    ]);
  });

  it("skips the library's frames and the files that are not the student's, and a hidden test's output", () => {
    const trace = `Exception in thread "main" java.lang.ArithmeticException: / by zero
\tat java.base/java.lang.Math.floorDiv(Math.java:1)
\tat Units.div(Units.java:2)
\tat Main.main(Main.java:7)
`;
    expect(javaRuntimeDiagnostics(result([test(trace)]), 'Main.java', ['Rect.java'])).toEqual([
      { line: 7, column: null, severity: 'error', message: 'java.lang.ArithmeticException: / by zero' },
    ]);
    expect(javaRuntimeDiagnostics(result([test(TRACE, true), test(null), test('plain error text')]), 'Main.java', ['Rect.java'])).toEqual(
      [],
    );
  });
});
