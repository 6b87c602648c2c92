// Grades a JavaScript program: every test runs in a fresh QuickJS runtime inside the QuickJS thread.
import type { GradingResult, GradingSpec, TestResult } from '../../contract';
import type { QuickJsRunRequest } from './quickjs-run-thread';
import { STDERR_KEEP_BYTES, toTestResult } from '../../limits';
import type { RunThread } from '../../sandbox/run-thread';

/** QuickJS stops the program itself at the deadline; the thread is terminated only if that fails, a little later. */
const BACKSTOP_GRACE_MS = 500;

export async function gradeJavaScript(spec: GradingSpec, runner: RunThread): Promise<GradingResult> {
  // A syntax error is reported like a compile error, with its line, before any test runs.
  const checkRequest: QuickJsRunRequest = { ...requestFor(spec, ''), mode: 'check' };
  const check = await runner.run(checkRequest, { stdout: 0, stderr: STDERR_KEEP_BYTES }, spec.limits.timeMs + BACKSTOP_GRACE_MS);
  if (check.end.kind === 'crashed' && check.end.detail.startsWith('SyntaxError')) {
    const where = /line (\d+)(?:, column (\d+))?/.exec(check.end.detail);
    const message = check.end.detail.replace(/ \(line .*$/, '');
    return {
      kind: 'compile_error',
      output: check.stderr,
      diagnostics: where ? [{ line: Number(where[1]), column: where[2] ? Number(where[2]) : null, severity: 'error', message }] : [],
    };
  }
  const tests: TestResult[] = [];
  for (const test of spec.tests) {
    const request = requestFor(spec, test.input);
    const run = await runner.run(
      request,
      { stdout: request.outputLimitBytes, stderr: STDERR_KEEP_BYTES },
      spec.limits.timeMs + BACKSTOP_GRACE_MS,
    );
    tests.push(toTestResult(test, run, spec.limits));
  }
  return { kind: 'graded', tests };
}

function requestFor(spec: GradingSpec, stdin: string): QuickJsRunRequest {
  return {
    mode: 'run',
    code: spec.code,
    stdin,
    timeMs: spec.limits.timeMs,
    memoryLimitBytes: spec.limits.memoryMb * 1024 * 1024,
    outputLimitBytes: spec.limits.outputKb * 1024,
    stderrKeepBytes: STDERR_KEEP_BYTES,
  };
}
