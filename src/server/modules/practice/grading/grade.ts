// The grading engine: takes a student's program and the tests, returns a verdict per test. Student code is hostile:
// C runs as WebAssembly, JavaScript in QuickJS (both in worker threads the grader can terminate), Java in a
// bubblewrap sandbox under an unprivileged uid. None of them sees the files, environment or network of this process.
import { CCompiler } from './c-compiler';
import { gradeC } from './c-program';
import { gradeJava, javaSupport } from './java-sandbox';
import { gradeJavaScript } from './javascript-program';
import { DEFAULT_LIMITS } from './run-limits';
import { RunThread } from './run-thread';

export type GradedLanguage = 'c' | 'java' | 'javascript';
export type GradingLimits = { timeMs: number; memoryMb: number; outputKb: number };
export type GradingTest = {
  id: string;
  input: string;
  /** null: just run it (the student's own input); passed means it ran normally. */
  expectedOutput: string | null;
  match: 'exact' | 'trailing_whitespace';
  /** null: any exit code is fine, but a crash still counts as runtime_error. */
  expectedExitCode: number | null;
};
export type GradingSpec = { language: GradedLanguage; code: string; tests: GradingTest[]; limits: GradingLimits };
export type RunStatus = 'ok' | 'runtime_error' | 'time_limit' | 'memory_limit' | 'output_limit';
export type TestResult = {
  testId: string;
  status: RunStatus;
  passed: boolean;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timeMs: number;
  message: string | null;
};
export type Diagnostic = { line: number; column: number | null; severity: 'error' | 'warning'; message: string };
export type GradingResult =
  | { kind: 'graded'; tests: TestResult[] }
  | { kind: 'compile_error'; output: string; diagnostics: Diagnostic[] }
  | { kind: 'unavailable'; message: string };
export interface Grader {
  grade(spec: GradingSpec): Promise<GradingResult>;
  close(): Promise<void>;
}
export type LanguageSupport = Record<GradedLanguage, { ok: true } | { ok: false; reason: string }>;

export { DEFAULT_LIMITS };

/** The grader's parts, exposed for tests that check the compiler thread is reused. */
export type GraderInternals = { cCompiler: CCompiler };

/**
 * `sandboxSlot` tells concurrent graders on one machine apart (each gets its own sandbox uid);
 * `compileTimeLimitMs` (default 10 s) exists so that tests of a runaway compile need not wait that long.
 */
export function createGrader(options: { sandboxSlot?: number; compileTimeLimitMs?: number } = {}): Grader & { internals: GraderInternals } {
  const sandboxSlot = options.sandboxSlot ?? 0;
  const cCompiler = new CCompiler(options.compileTimeLimitMs);
  const wasiRunner = new RunThread('wasi-run-thread');
  const quickJsRunner = new RunThread('quickjs-run-thread');
  // One grading at a time per grader: the threads run one program each, and the caller runs graders side by side.
  let queue: Promise<unknown> = Promise.resolve();

  const gradeNow = async (spec: GradingSpec): Promise<GradingResult> => {
    const limits = sanitizeLimits(spec.limits);
    const checked = { ...spec, limits };
    switch (spec.language) {
      case 'c':
        return gradeC(checked, cCompiler, wasiRunner);
      case 'javascript':
        return gradeJavaScript(checked, quickJsRunner);
      case 'java': {
        const support = (await languageSupport()).java;
        if (!support.ok) return { kind: 'unavailable', message: support.reason };
        return gradeJava(checked, sandboxSlot);
      }
      default:
        return { kind: 'unavailable', message: `This server cannot grade programs in ${String(spec.language)}.` };
    }
  };

  return {
    internals: { cCompiler },
    grade(spec) {
      const result = queue.then(() => gradeNow(spec));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      await Promise.all([cCompiler.close(), wasiRunner.close(), quickJsRunner.close()]);
    },
  };
}

function sanitizeLimits(limits: Partial<GradingLimits> | undefined): GradingLimits {
  const pick = (value: number | undefined, fallback: number, min: number, max: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
  return {
    timeMs: pick(limits?.timeMs, DEFAULT_LIMITS.timeMs, 100, 60_000),
    memoryMb: pick(limits?.memoryMb, DEFAULT_LIMITS.memoryMb, 16, 2048),
    outputKb: pick(limits?.outputKb, DEFAULT_LIMITS.outputKb, 1, 16 * 1024),
  };
}

let supportCache: Promise<LanguageSupport> | null = null;

/** Which languages this machine can grade; C and JavaScript need nothing outside node_modules. Cached after the first call. */
export function languageSupport(): Promise<LanguageSupport> {
  supportCache ??= javaSupport().then((java) => ({ c: { ok: true }, javascript: { ok: true }, java }));
  return supportCache;
}
