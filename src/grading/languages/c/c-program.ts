// Grades a C program on the WebAssembly path: compile once in the warm compiler thread (the program from
// c-test-program.ts, with Clang's undefined-behaviour checks), then run every test in the WASI thread. A check that
// fires writes its report to stderr and traps; the report becomes the test's message (sanitizer-report.ts).
import type { GradingResult, GradingSpec, TestResult } from '../../contract';
import type { CCompiler } from './c-compiler';
import { messages, STDERR_KEEP_BYTES, toTestResult } from '../../limits';
import type { RunThread } from '../../sandbox/run-thread';
import type { WasiRunRequest } from '../../sandbox/wasi-run-thread';
import { buildCProgram, compileErrorOf, needsStudentCheck } from './c-test-program';
import { findSanitizerReport, runtimeErrorOf } from './sanitizer-report';

/** A short name of the path, for the server's and the README's words. */
export const WEBASSEMBLY_C_DESCRIPTION =
  'Compiled with Clang to WebAssembly and run in the grading worker, with checks for NULL pointers, array bounds and integer overflow';

export async function gradeC(spec: GradingSpec, compiler: CCompiler, runner: RunThread): Promise<GradingResult> {
  const program = buildCProgram(spec.code, spec.files, spec.tests);
  if ('error' in program) return { kind: 'error', message: program.error };
  const compiled = await compiler.compile(program, spec.limits.memoryMb);
  if (!compiled.ok) {
    if (compiled.timedOut) return { kind: 'compile_error', output: messages.compileTimeLimit(compiler.timeLimitMs), diagnostics: [] };
    // An error the tests' code shows may be the student's (an unclosed brace in main.c): main.c alone says.
    const alone = needsStudentCheck(compiled.output, program)
      ? await compiler.check(program.studentAlone, spec.limits.memoryMb)
      : undefined;
    return { kind: 'compile_error', ...compileErrorOf(compiled.output, program, alone?.timedOut ? undefined : alone) };
  }
  const tests: TestResult[] = [];
  for (const test of spec.tests) {
    const outputLimitBytes = spec.limits.outputKb * 1024;
    const request: WasiRunRequest = {
      module: compiled.module,
      stdin: new TextEncoder().encode(program.stdinOf(test)),
      outputLimitBytes,
      stderrKeepBytes: STDERR_KEEP_BYTES,
      memoryLimitBytes: spec.limits.memoryMb * 1024 * 1024,
    };
    const run = await runner.run(request, { stdout: outputLimitBytes, stderr: STDERR_KEEP_BYTES }, spec.limits.timeMs);
    const result = toTestResult(test, run, spec.limits);
    // The runtime's undefined-behaviour handlers write their report, then trap.
    const report = run.end.kind === 'crashed' ? findSanitizerReport(run.stderr) : null;
    tests.push(report ? runtimeErrorOf(result, report.finding, (file) => program.files[file]) : result);
  }
  return { kind: 'graded', tests };
}
