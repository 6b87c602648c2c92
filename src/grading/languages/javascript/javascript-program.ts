// Grades a JavaScript program: every test runs in a fresh QuickJS runtime inside the QuickJS thread. A test written as
// code runs after the student's program in the same global scope, so it calls the functions the student defined.
import type { GradingResult, GradingSpec, TestResult } from '../../contract';
import type { QuickJsRunRequest } from './quickjs-run-thread';
import { STDERR_KEEP_BYTES, toTestResult } from '../../limits';
import type { RunThread } from '../../sandbox/run-thread';

/** QuickJS stops the program itself at the deadline; the thread is terminated only if that fails, a little later. */
const BACKSTOP_GRACE_MS = 500;

export async function gradeJavaScript(spec: GradingSpec, runner: RunThread): Promise<GradingResult> {
  // A syntax error is reported like a compile error, with its line, before any test runs.
  const syntaxError = async (request: QuickJsRunRequest) => {
    const check = await runner.run(
      { ...request, mode: 'check' },
      { stdout: 0, stderr: STDERR_KEEP_BYTES },
      spec.limits.timeMs + BACKSTOP_GRACE_MS,
    );
    return check.end.kind === 'crashed' && check.end.detail.startsWith('SyntaxError')
      ? { detail: check.end.detail, stderr: check.stderr }
      : null;
  };
  const own = await syntaxError({ ...requestFor(spec, ''), before: [] });
  if (own) {
    const where = /line (\d+)(?:, column (\d+))?/.exec(own.detail);
    const message = own.detail.replace(/ \(line .*$/, '');
    return {
      kind: 'compile_error',
      output: own.stderr,
      diagnostics: where ? [{ line: Number(where[1]), column: where[2] ? Number(where[2]) : null, severity: 'error', message }] : [],
    };
  }
  // The tutor's test code is checked too: its mistake is shown to the tutor when the reference solution is proved.
  for (const test of spec.tests) {
    if (!test.code) continue;
    const wrong = await syntaxError({ ...requestFor(spec, ''), code: '', after: { name: testScriptName(test.id), code: test.code } });
    if (wrong) return { kind: 'compile_error', output: `The test code of test ${test.id}: ${wrong.detail}`, diagnostics: [] };
  }
  const tests: TestResult[] = [];
  for (const test of spec.tests) {
    const request: QuickJsRunRequest = {
      ...requestFor(spec, test.input),
      after: test.code ? { name: testScriptName(test.id), code: test.code } : null,
    };
    const run = await runner.run(
      request,
      { stdout: request.outputLimitBytes, stderr: STDERR_KEEP_BYTES },
      spec.limits.timeMs + BACKSTOP_GRACE_MS,
    );
    tests.push(toTestResult(test, run, spec.limits));
  }
  return { kind: 'graded', tests };
}

const testScriptName = (id: string) => `test-${id}.js`;

function requestFor(spec: GradingSpec, stdin: string): QuickJsRunRequest {
  return {
    mode: 'run',
    code: spec.code,
    // The tutor's .js support files define what tests may call; other files have no place to be read from here.
    before: (spec.files ?? []).filter((f) => f.name.endsWith('.js')).map((f) => ({ name: f.name, code: f.content })),
    stdin,
    timeMs: spec.limits.timeMs,
    memoryLimitBytes: spec.limits.memoryMb * 1024 * 1024,
    outputLimitBytes: spec.limits.outputKb * 1024,
    stderrKeepBytes: STDERR_KEEP_BYTES,
  };
}
