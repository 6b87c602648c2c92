// Grades a C program: compile once in the warm compiler thread, then run every test in the WASI thread.
import type { GradingResult, GradingSpec, TestResult } from '../../contract';
import type { CCompiler } from './c-compiler';
import { parseClangDiagnostics } from '../../diagnostics';
import { COMPILER_OUTPUT_KEEP_BYTES, messages, STDERR_KEEP_BYTES, toTestResult, truncateText } from '../../limits';
import type { RunThread } from '../../sandbox/run-thread';
import type { WasiRunRequest } from '../../sandbox/wasi-run-thread';

export async function gradeC(spec: GradingSpec, compiler: CCompiler, runner: RunThread): Promise<GradingResult> {
  const compiled = await compiler.compile(spec.code, spec.limits.memoryMb);
  if (!compiled.ok) {
    if (compiled.timedOut) return { kind: 'compile_error', output: messages.compileTimeLimit(compiler.timeLimitMs), diagnostics: [] };
    return {
      kind: 'compile_error',
      output: truncateText(compiled.output, COMPILER_OUTPUT_KEEP_BYTES),
      diagnostics: parseClangDiagnostics(compiled.output, 'main.c'),
    };
  }
  const tests: TestResult[] = [];
  for (const test of spec.tests) {
    const outputLimitBytes = spec.limits.outputKb * 1024;
    const request: WasiRunRequest = {
      module: compiled.module,
      stdin: new TextEncoder().encode(test.input),
      outputLimitBytes,
      stderrKeepBytes: STDERR_KEEP_BYTES,
      memoryLimitBytes: spec.limits.memoryMb * 1024 * 1024,
    };
    const run = await runner.run(request, { stdout: outputLimitBytes, stderr: STDERR_KEEP_BYTES }, spec.limits.timeMs);
    tests.push(toTestResult(test, run, spec.limits));
  }
  return { kind: 'graded', tests };
}
