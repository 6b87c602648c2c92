// The grading engine's one entry: takes a student's program and the tests, returns a verdict per test, for every
// language. Student code is hostile: C runs natively with the sanitizers in a bubblewrap sandbox under an unprivileged
// uid where the machine allows, else as WebAssembly; JavaScript in QuickJS (WebAssembly C and QuickJS in worker threads
// the grader can terminate); Java in the same bubblewrap sandbox as native C. None of them sees the files, environment or
// network of this process. WebGL is drawn here by Chromium in the same kind of sandbox, and its checks run over that
// picture; only where this machine cannot draw are they run over the picture the student's browser sent, and the
// outcome says so.
import { LIMIT_DEFAULTS, LIMIT_RANGES, PracticeMessages } from '../common/practice';
import type { CanvasCheckResult, Grader, GradingLimits, GradingResult, GradingSpec, LanguageSupport } from './contract';
import { CCompiler } from './languages/c/c-compiler';
import { gradeC, WEBASSEMBLY_C_DESCRIPTION } from './languages/c/c-program';
import { gradeNativeC, NATIVE_C_DESCRIPTION, nativeCSupport } from './languages/c/native-c';
import { gradeJava, javaSupport } from './languages/java/java-sandbox';
import { gradeJavaScript } from './languages/javascript/javascript-program';
import { runCanvasChecks } from './languages/webgl/canvas-checks';
import { drawingSupport, drawPicture, type DrawOptions } from './languages/webgl/draw-picture';
import { RunThread } from './sandbox/run-thread';

/** The grader's parts, exposed for tests that check the compiler thread is reused and which C path a grader took. */
export type GraderInternals = { cCompiler: CCompiler; cPath: () => Promise<CPath> };

/**
 * How this machine grades C: 'native' (gcc with AddressSanitizer and UndefinedBehaviorSanitizer, in the bubblewrap
 * sandbox; needs gcc, bubblewrap and root) or 'webassembly' (Clang compiled to WebAssembly, needing nothing installed).
 */
export type CPath = 'native' | 'webassembly';
export type CGradingPath = { path: CPath; description: string; reason?: string };

/**
 * The C path this machine's graders take, with a line saying so for the student and the README, and why not native
 * where it is not. Found once per process (the native probe runs in `slot`'s sandbox, as languageSupport's Java probe).
 */
export async function cGradingPath(slot = 0): Promise<CGradingPath> {
  const native = await nativeCSupport(slot);
  if (native.ok) return { path: 'native', description: NATIVE_C_DESCRIPTION };
  return { path: 'webassembly', description: WEBASSEMBLY_C_DESCRIPTION, reason: `Not native: ${native.reason}` };
}

/**
 * `sandboxSlot` tells concurrent graders on one machine apart (each gets its own sandbox uid); `cPath` picks the C path
 * ('auto', the default: native where this machine can, else WebAssembly; see cGradingPath);
 * `compileTimeLimitMs` (C's, default 5 s) exists so that tests of a runaway compile need not wait that long; `chromePath`
 * (default CHROME_PATH, else Debian's Chromium) is where WebGL pictures are drawn from; `spareCompiler` keeps a second C
 * compiler loaded, so that a compile stopped at its limit does not leave the next student a cold one.
 */
export function createGrader(
  options: {
    sandboxSlot?: number;
    compileTimeLimitMs?: number;
    chromePath?: string;
    spareCompiler?: boolean;
    cPath?: CPath | 'auto';
  } = {},
): Grader & { internals: GraderInternals } {
  const sandboxSlot = options.sandboxSlot ?? 0;
  const cCompiler = new CCompiler(options.compileTimeLimitMs, options.spareCompiler);
  const wasiRunner = new RunThread('wasi-run-thread');
  const quickJsRunner = new RunThread('quickjs-run-thread');
  // The WebAssembly compiler loads (half a gigabyte) only when this grader's C path is WebAssembly.
  let cPathChoice: Promise<CPath> | null = null;
  const cPath = (): Promise<CPath> => {
    cPathChoice ??=
      options.cPath && options.cPath !== 'auto' ? Promise.resolve(options.cPath) : cGradingPath(sandboxSlot).then((c) => c.path);
    return cPathChoice;
  };
  // One grading at a time per grader: the threads run one program each, and the caller runs graders side by side.
  let queue: Promise<unknown> = Promise.resolve();

  const gradeNow = async (spec: GradingSpec): Promise<GradingResult> => {
    const limits = clampLimits(spec.limits);
    const checked = { ...spec, limits };
    switch (spec.language) {
      case 'c':
        return (await cPath()) === 'native'
          ? gradeNativeC(checked, { slot: sandboxSlot, compileTimeLimitMs: options.compileTimeLimitMs })
          : gradeC(checked, cCompiler, wasiRunner);
      case 'javascript':
        return gradeJavaScript(checked, quickJsRunner);
      case 'java': {
        const support = (await languageSupport(sandboxSlot)).java;
        if (!support.ok) return { kind: 'unavailable', message: support.reason };
        return gradeJava(checked, sandboxSlot);
      }
      case 'webgl':
        return gradeWebgl(checked, { chromePath: options.chromePath, slot: sandboxSlot });
      default:
        return { kind: 'unavailable', message: `This server cannot grade programs in ${String(spec.language)}.` };
    }
  };

  const grade = (spec: GradingSpec): Promise<GradingResult> => {
    const result = queue.then(() => gradeNow(spec));
    queue = result.catch(() => undefined);
    return result;
  };

  return {
    internals: { cCompiler, cPath },
    grade,
    async warm() {
      // Java's probe runs once per process and is cached; it needs nothing warm. So does the WebGL drawing's, which
      // also starts Chromium once so that its files are in the page cache for the first student. One after the
      // other: both sandboxes may run as the same uid, whose process limit one would otherwise take from the other.
      await languageSupport(sandboxSlot);
      await drawingSupport({ chromePath: options.chromePath, slot: sandboxSlot });
      // The C path in use (its probe, when native, compiles and runs once in this grader's slot).
      const path = await cPath();
      const failed: string[] = [];
      for (const program of WARM_UP_PROGRAMS) {
        const result = await grade(program).catch((error: unknown) => ({ kind: 'error' as const, message: String(error) }));
        const passed = result.kind === 'graded' && result.tests.every((t) => t.passed);
        if (!passed) failed.push(`${program.language}: ${JSON.stringify(result).slice(0, 500)}`);
      }
      if (failed.length) throw new Error(`Warming up the grader failed (${failed.join('; ')})`);
      // The spare compiler too: a runaway compile right after the start finds it loaded. The native path keeps none:
      // gcc starts afresh for every compile, its files in the page cache once the warm-up has run.
      if (path === 'webassembly') await cCompiler.spareWhenReady();
    },
    async close() {
      await Promise.all([cCompiler.close(), wasiRunner.close(), quickJsRunner.close()]);
    },
  };
}

/**
 * A WebGL submission: the server draws the code and the checks run over its picture; the browser's picture is not
 * looked at. A drawing that does not finish fails every check with the time limit or the error, never a pass. Only
 * where this machine cannot draw (no Chromium, no sandbox) is the browser's picture checked, and the outcome says so.
 */
async function gradeWebgl(spec: GradingSpec, draw: DrawOptions): Promise<GradingResult> {
  const checks = spec.tests.map((t) => ({ id: t.id, code: t.input }));
  const failAll = (message: string): CanvasCheckResult[] => checks.map((c) => ({ checkId: c.id, passed: false, message }));
  const drawing = await drawPicture(spec.code, spec.limits, draw);
  switch (drawing.kind) {
    case 'drawn':
      return {
        kind: 'checked',
        pictureSource: 'server',
        checks: await runCanvasChecks(checks, drawing.image, { timeMs: spec.limits.timeMs }),
      };
    case 'time_limit': {
      const message = PracticeMessages.drawingTimeLimit(spec.limits.timeMs / 1000);
      return { kind: 'checked', pictureSource: 'server', checks: failAll(message), drawing: { status: 'time_limit', message } };
    }
    case 'failed': {
      const message = PracticeMessages.drawingFailed(drawing.message);
      return { kind: 'checked', pictureSource: 'server', checks: failAll(message), drawing: { status: 'runtime_error', message } };
    }
    case 'unavailable':
      if (!spec.image)
        return { kind: 'error', message: 'No picture of the canvas arrived with this submission. Please press Submit again.' };
      return {
        kind: 'checked',
        pictureSource: 'browser',
        checks: await runCanvasChecks(checks, spec.image, { timeMs: spec.limits.timeMs }),
      };
  }
}

/**
 * What `warm` grades: the smallest programs that load each compiler and runtime and run them once. The C program is
 * graded on the grader's C path, so that path is what is warm.
 */
const WARM_UP_PROGRAMS: GradingSpec[] = [
  {
    language: 'c',
    code: '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  printf("%d\\n", a + b);\n  return 0;\n}\n',
    tests: [{ id: 'warm', input: '1 2', expectedOutput: '3', match: 'trailing_whitespace', expectedExitCode: null }],
    limits: LIMIT_DEFAULTS,
  },
  {
    language: 'javascript',
    code: 'const [a, b] = readline().split(" ").map(Number);\nconsole.log(a + b);\n',
    tests: [{ id: 'warm', input: '1 2', expectedOutput: '3', match: 'trailing_whitespace', expectedExitCode: null }],
    limits: LIMIT_DEFAULTS,
  },
];

/**
 * The limits a run gets: the exercise's, held inside the ranges the course editor accepts (a row written before a
 * range narrowed, or by hand, never runs with more), and the defaults where one is missing.
 */
export function clampLimits(limits: Partial<GradingLimits> | undefined): GradingLimits {
  const pick = (value: number | undefined, fallback: number, range: { min: number; max: number }) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(range.max, Math.max(range.min, Math.round(value))) : fallback;
  return {
    timeMs: pick(limits?.timeMs, LIMIT_DEFAULTS.timeMs, LIMIT_RANGES.timeMs),
    memoryMb: pick(limits?.memoryMb, LIMIT_DEFAULTS.memoryMb, LIMIT_RANGES.memoryMb),
    outputKb: pick(limits?.outputKb, LIMIT_DEFAULTS.outputKb, LIMIT_RANGES.outputKb),
  };
}

/**
 * The sandbox slot in which the server process probes what this machine can grade (for the student's screen): one no
 * grading worker uses (a worker's graders take GRADING_SLOT × 16 + their index, GRADING_SLOT up to 1000), so the
 * probe's processes never count against a student's program's process limit.
 */
export const SERVER_PROBE_SLOT = 16_100;

let supportCache: Promise<LanguageSupport> | null = null;

/**
 * Which languages this machine can grade; C, JavaScript and WebGL need nothing outside node_modules. Cached after the
 * first call, whose grader's sandbox slot runs the Java probe.
 */
export function languageSupport(slot = 0): Promise<LanguageSupport> {
  supportCache ??= Promise.all([javaSupport(slot), cGradingPath(slot)]).then(([java, c]) => ({
    c: { ok: true, note: c.description },
    javascript: { ok: true },
    java,
  }));
  return supportCache;
}
