// C compiled by the machine's gcc with AddressSanitizer and UndefinedBehaviorSanitizer and run natively, in the sandbox
// Java and Chromium run in (sandbox/bubblewrap.ts: no network, an empty environment, read-only binds of only what gcc
// and the program need, a fresh work folder, the seccomp filter, an unprivileged uid per grading slot, rlimits, and a
// control group where the machine gives one). A program fails as C programs fail, with the sanitizers' words turned
// into a beginner's (sanitizer-report.ts). Used where gcc, bubblewrap and root are there and a probe passed; else the
// WebAssembly path grades C (c-program.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GradingLimits, GradingResult, GradingSpec, GradingTest, TestResult } from '../../contract';
import {
  C_COMPILE_TIME_LIMIT_MS,
  COMPILE_WALL_FACTOR,
  messages,
  STDERR_KEEP_BYTES,
  toTestResult,
  truncateText,
  type RunEnd,
} from '../../limits';
import {
  findOnPath,
  findSandboxTools,
  isRoot,
  runInSandbox,
  sandboxUid,
  startInSandbox,
  type SandboxRun,
  type SandboxTools,
} from '../../sandbox/bubblewrap';
import { parseClangDiagnostics } from '../../diagnostics';
import { buildCProgram, compileErrorOf, needsStudentCheck, STUDENT_FILE, type CProgram } from './c-test-program';
import { findSanitizerReport, runtimeErrorOf, signalName, stderrWithReport } from './sanitizer-report';
import { parseRunnerOutput, RUNNER_DIR_IN_SANDBOX, runnerInput, testRunnerDir, type RunnerRecord } from './native-test-runner';

/** A test the runner could not report: a program of the student's ended or stopped it. */
export const RUNNER_STOPPED = 'it ended the program that runs the tests, so this test did not run.';

const INSTALL_HINT = 'install gcc and bubblewrap (Debian: apt-get install gcc bubblewrap) and run the grading workers as root';
/** The exit code both sanitizers end a program with when they report; a report on stderr says which and why. */
export const SANITIZER_EXIT_CODE = 86;
/**
 * `-O0`: it compiles fastest, and every line runs as the student wrote it, in the order the reports' lines follow; the
 * sanitizers' authors advise -O1 for the program's speed, which a beginner's program does not need. `-g` gives the
 * reports their lines; the sanitizers never recover, so the first finding ends the program (as a crash would).
 * object-size is left to AddressSanitizer, whose heap report is clearer.
 */
export const GCC_FLAGS = [
  '-std=gnu17',
  '-Wall',
  '-fdiagnostics-color=never',
  '-g',
  '-O0',
  '-fsanitize=address,undefined',
  '-fno-sanitize=object-size',
  '-fno-sanitize-recover=all',
  '-fno-omit-frame-pointer',
  '-pipe',
];
/** Starting the sandbox and the sanitizers' runtime is not the student's time: it gets this much on top of the limit. */
export const NATIVE_START_ALLOWANCE_MS = 300;
/** Processes and threads of a run: a fork bomb meets this; the sanitizers start a thread of their own. */
const MAX_PROCESSES = 32;
/** gcc, cc1, as, collect2, ld, one after the other. */
const COMPILE_MAX_PROCESSES = 16;
/** gcc's own memory: its biggest honest compile here takes tens of megabytes; a compile bomb is stopped at this. */
const COMPILE_MEMORY_MB = 768;
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Room kept beyond the output limit for a sanitizer's report (a deep recursion's report lists hundreds of frames). */
const REPORT_ROOM_BYTES = 64 * 1024;

/**
 * AddressSanitizer reserves terabytes of address space for its shadow, so the address-space rlimit cannot bound a
 * program's memory. It is the control group's to bound where the machine gives one; elsewhere the sanitizer's own
 * resident-memory limit does (checked by a thread of its own several times a second). Both allow for what the sanitizer
 * adds to the program's memory: each allocation's red zones, the shadow (an eighth) and the quarantine that holds freed
 * memory back to catch its later use. Measured here (peak resident memory, with the sanitizers and without): 128 MB in
 * 100-byte blocks 276 MB and 159 MB, in 1 MB blocks 139 MB and 133 MB; the runtime itself about 6 MB.
 */
export function nativeMemoryBudgetMb(memoryMb: number): number {
  return 2 * memoryMb + quarantineMb(memoryMb) + 64;
}
const quarantineMb = (memoryMb: number) => Math.min(64, Math.max(8, Math.ceil(memoryMb / 4)));

/** The sanitizers' options: their exit code, their words, and the memory bound where no control group holds one. */
export function sanitizerEnvironment(limits: GradingLimits): Record<string, string> {
  const common = [`exitcode=${SANITIZER_EXIT_CODE}`, 'color=never', 'strip_path_prefix=/sandbox/', 'print_summary=1'];
  const asan = [
    ...common,
    // Leaks are not errors here, and finding them needs ptrace, which the sandbox refuses.
    'detect_leaks=0',
    'print_legend=0',
    'malloc_context_size=5',
    'allocator_may_return_null=0',
    `quarantine_size_mb=${quarantineMb(limits.memoryMb)}`,
    // One block larger than the whole limit fails at once, with a report of its own.
    `max_allocation_size_mb=${limits.memoryMb}`,
    `hard_rss_limit_mb=${nativeMemoryBudgetMb(limits.memoryMb)}`,
    'handle_abort=0',
    'disable_coredump=1',
  ];
  const ubsan = [...common, 'halt_on_error=1', 'print_stacktrace=1'];
  return { ASAN_OPTIONS: asan.join(':'), UBSAN_OPTIONS: ubsan.join(':'), LANG: 'C.UTF-8' };
}

type Gcc = SandboxTools & { gcc: string; readOnly: string[]; flags: string[] };

/** gcc, the assembler and linker it calls, its own folder and the C headers, and the sandbox's tools; or why not. */
export function findGcc(): Gcc | string {
  const gcc = findOnPath('gcc');
  const as = findOnPath('as');
  const ld = findOnPath('ld');
  const tools = findSandboxTools();
  const missing = [!gcc && 'gcc', !as && 'as', !ld && 'ld', ...('missing' in tools ? tools.missing : [])].filter(Boolean);
  if (missing.length || !gcc || 'missing' in tools) return `${missing.join(', ')} not found: ${INSTALL_HINT}.`;
  // The process limit counts every process of a uid: without root the sandbox would share the server's.
  if (!isRoot()) return `the grading workers do not run as root, so a C program cannot get an account of its own: ${INSTALL_HINT}.`;
  // gcc finds `as` and `ld` on PATH (bound at /usr/bin/as and /usr/bin/ld, whatever their real names) and its own
  // programs (cc1, collect2) and libraries (the sanitizers' link scripts) in /usr/lib/gcc.
  const readOnly = [gcc, '/usr/bin/as', '/usr/bin/ld', '/usr/lib/gcc', '/usr/libexec/gcc', '/usr/include'];
  for (const file of ['/usr/bin/as', '/usr/bin/ld']) if (!fs.existsSync(file)) return `${file} not found: ${INSTALL_HINT}.`;
  // gold, binutils' other linker, links a sanitized program in a third of the time of the default one (measured here:
  // 16 ms against 45 ms), half of a warm compile; bound at /usr/bin/ld.gold, where gcc looks for it.
  const gold = findOnPath('ld.gold');
  if (gold) readOnly.push(gold, '/usr/bin/ld.gold');
  return { ...tools, gcc, readOnly, flags: gold ? [...GCC_FLAGS, '-fuse-ld=gold'] : GCC_FLAGS };
}

/**
 * Every process of `uid`, zombies too. A sandbox run leaves a zombie bwrap behind, and a killed fork bomb dozens, until
 * the machine's init collects them (about a second here); the kernel counts them against the uid's process limit, so
 * a run's limit is what its uid holds already plus its own allowance. Without this, back-to-back gradings made gcc
 * wait seconds for a fork (it retries with growing pauses) and then the sandbox fail to start.
 */
function processesOf(uid: number | null): number {
  if (uid === null) return 0;
  let count = 0;
  // Synchronous: about a millisecond for a hundred processes, six times less than the same with promises.
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.statSync(`/proc/${name}`).uid === uid) count++;
    } catch {
      // Gone meanwhile.
    }
  }
  return count;
}

const processLimit = (slot: number, allowance: number) => `--nproc=${processesOf(sandboxUid(slot)) + allowance}`;

/**
 * bubblewrap's own failure to start (its namespaces, its binds): the machine's, not the program's, so it must not reach
 * the verdict. The grading fails and the queue gives it to a worker again.
 */
function throwIfSandboxFailed(run: SandboxRun): void {
  if (run.exitCode === 1 && !run.stdout && /^bwrap: [^\n]*\n?$/.test(run.stderr))
    throw new Error(`The C sandbox did not start: ${run.stderr.trim()}`);
}

/**
 * The tests run under a uid of their own, not the compiler's: the two sandboxes run at the same time (see gradeNativeC)
 * and each waits at its end for its uid's processes to be gone. Far above any slot, below the system's own uids.
 */
const TEST_SLOT_OFFSET = 2000;
/** The sandbox slot a grading's tests run in, beside the compiler's `slot`. */
export const testSlotOf = (slot: number) => slot + TEST_SLOT_OFFSET;

async function makeWorkDir(slot: number): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'grading-c-'));
  // The compiler's uid owns it; the tests' uid reads the program and the data files from it (bound read-only).
  await fs.promises.chmod(dir, 0o755);
  const uid = sandboxUid(slot);
  if (uid !== null) await fs.promises.chown(dir, uid, uid);
  return dir;
}

async function writeFiles(dir: string, files: Record<string, string>, slot: number): Promise<void> {
  const uid = sandboxUid(slot);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    await fs.promises.writeFile(file, content, { mode: 0o644 });
    if (uid !== null) await fs.promises.chown(file, uid, uid);
  }
}

/** `settled`: the compile's sandbox gone (startInSandbox), which the grading awaits before it ends. */
type Compiled = { ok: true; settled: Promise<unknown> } | { ok: false; result: GradingResult };

/** gcc in the sandbox, over the work folder (writable: the program is written there). */
function startGcc(gcc: Gcc, args: string[], workDir: string, slot: number, timeLimitMs: number) {
  const run = startInSandbox(gcc, {
    slot,
    layout: {
      readOnly: gcc.readOnly,
      workDir,
      writable: true,
      env: { PATH: '/usr/bin', LANG: 'C.UTF-8', TMPDIR: '/tmp' },
    },
    command: [gcc.gcc, ...args],
    stdin: '',
    // The processor time below bounds the compile's work; the clock allows for the worker's low priority.
    wallMs: timeLimitMs * COMPILE_WALL_FACTOR,
    rlimits: [
      processLimit(slot, COMPILE_MAX_PROCESSES),
      `--as=${(COMPILE_MEMORY_MB + 512) * 1024 * 1024}`,
      `--cpu=${Math.ceil(timeLimitMs / 1000) + 1}`,
      `--fsize=${MAX_FILE_BYTES}`,
      '--nofile=256',
      '--core=0',
    ],
    outputLimitBytes: 256 * 1024,
    stderrKeepBytes: 256 * 1024,
    cgroup: { memoryBytes: COMPILE_MEMORY_MB * 1024 * 1024, pids: COMPILE_MAX_PROCESSES },
  });
  return {
    exited: run.exited,
    settled: run.settled.then((whole) => {
      throwIfSandboxFailed(whole);
      return whole;
    }),
  };
}

const runGcc = (...args: Parameters<typeof startGcc>) => startGcc(...args).settled;

async function compile(gcc: Gcc, program: CProgram, workDir: string, slot: number, timeLimitMs: number): Promise<Compiled> {
  const started = startGcc(gcc, [...gcc.flags, ...program.sources, '-lm', '-o', 'program'], workDir, slot, timeLimitMs);
  // A compile that succeeded has written the whole program by the time gcc ends: gcc waits for the assembler and the
  // linker it starts. The tests go on while its sandbox is torn down (tens of milliseconds on a busy machine).
  const exited = await started.exited;
  if (exited.exitCode === 0 && !exited.timedOut) return { ok: true, settled: started.settled };
  const run = await started.settled;
  if (run.timedOut || run.exitCode === 128 + 24) {
    return { ok: false, result: { kind: 'compile_error', output: messages.compileTimeLimit(timeLimitMs), diagnostics: [] } };
  }
  if (run.memoryExceeded) {
    return { ok: false, result: { kind: 'compile_error', output: messages.compileMemoryLimit(COMPILE_MEMORY_MB), diagnostics: [] } };
  }
  // A compiler process stopped by its processor-time limit (the kernel's SIGXCPU, then SIGKILL), which gcc reports
  // as the end of that program: the compile took too long, whatever the clock said.
  if (/fatal error: (Killed|CPU time limit exceeded) signal terminated program/.test(run.stderr)) {
    return { ok: false, result: { kind: 'compile_error', output: messages.compileTimeLimit(timeLimitMs), diagnostics: [] } };
  }
  if (run.exitCode !== 0) {
    const output = (run.stdout + run.stderr).replaceAll('/sandbox/', '');
    // The assembler or linker stopped by the file-size rlimit (SIGXFSZ): an initialized array of a gigabyte, say.
    if (/File size limit exceeded/.test(output) && !parseClangDiagnostics(output, STUDENT_FILE).some((d) => d.severity === 'error'))
      return {
        ok: false,
        result: { kind: 'compile_error', output: messages.compileFileLimit(MAX_FILE_BYTES / 1024 / 1024), diagnostics: [] },
      };
    let alone: { ok: boolean; output: string } | undefined;
    if (needsStudentCheck(output, program)) {
      const check = await runGcc(gcc, [...gcc.flags, '-fsyntax-only', ...program.studentAlone.sources], workDir, slot, timeLimitMs);
      if (!check.timedOut) alone = { ok: check.exitCode === 0, output: (check.stdout + check.stderr).replaceAll('/sandbox/', '') };
    }
    return { ok: false, result: { kind: 'compile_error', ...compileErrorOf(output, program, alone) } };
  }
  return { ok: true, settled: Promise.resolve() };
}

/** Bytes of each stream a test keeps: the output limit, and room for a sanitizer's report after it. */
const keptBytes = (limits: GradingLimits) => limits.outputKb * 1024 + REPORT_ROOM_BYTES;

/**
 * Every test in one sandbox start (native-test-runner.ts): the runner starts the program afresh for each test under
 * that test's limits, and reports each run. The sandbox's own limits hold for the whole: the control group's memory
 * (the tests run one after another), the uid's processes, and a wall clock of every test's limit together.
 */
async function runTests(
  gcc: Gcc,
  workDir: string,
  slot: number,
  inputs: string[],
  ready: Promise<boolean>,
  limits: GradingLimits,
): Promise<SandboxRun & { records: RunnerRecord[] }> {
  const runnerDir = await testRunnerDir(gcc.gcc);
  const testWallMs = limits.timeMs + NATIVE_START_ALLOWANCE_MS;
  const cpuSeconds = Math.ceil(testWallMs / 1000);
  const wallMs = inputs.length * testWallMs + NATIVE_START_ALLOWANCE_MS;
  const keep = keptBytes(limits);
  const run = await runInSandbox(gcc, {
    slot,
    // The program needs the shared libraries only (the sandbox binds them); its folder is read-only.
    layout: {
      readOnly: [],
      readOnlyAt: [{ source: runnerDir, target: RUNNER_DIR_IN_SANDBOX }],
      workDir,
      writable: false,
      env: sanitizerEnvironment(limits),
    },
    command: [
      `${RUNNER_DIR_IN_SANDBOX}/runner`,
      '/sandbox/program',
      String(testWallMs),
      String(cpuSeconds),
      String(cpuSeconds + 1),
      String(keep),
      String(MAX_FILE_BYTES),
    ],
    // The runner waits for its tests until the program is there, and ends unused if it never is.
    stdin: ready.then((ok) => (ok ? runnerInput(inputs) : null)),
    wallMs,
    rlimits: [
      // The runner is one process more than a test's program may start.
      processLimit(slot, MAX_PROCESSES + 1),
      `--cpu=${inputs.length * (cpuSeconds + 1) + 1}`,
      `--fsize=${MAX_FILE_BYTES}`,
      '--nofile=64',
      '--core=0',
    ],
    // Each record carries at most the kept bytes of both streams, in base64.
    outputLimitBytes: inputs.length * (Math.ceil((2 * keep) / 3) * 4 + 256) + 4096,
    stderrKeepBytes: 4096,
    cgroup: { memoryBytes: nativeMemoryBudgetMb(limits.memoryMb) * 1024 * 1024, pids: MAX_PROCESSES + 1 },
  });
  throwIfSandboxFailed(run);
  const records = parseRunnerOutput(run.stdout);
  // The runner's own failure (it could not read its tests or start a program): the machine's, never the verdict.
  if (records.length < inputs.length && /^runner: /m.test(run.stderr)) throw new Error(`The C test runner failed: ${run.stderr.trim()}`);
  return { ...run, records };
}

/** One test's run, as the sandbox would have reported it had the test had a sandbox start of its own. */
function runOfRecord(record: RunnerRecord, whole: SandboxRun, keep: number): SandboxRun {
  const signal = record.how === 'S' ? record.value : null;
  return {
    exitCode: record.how === 'E' ? record.value : record.how === 'S' ? 128 + record.value : null,
    signal: signal === null ? null : String(signal),
    stdout: record.stdout,
    stderr: record.stderr,
    timedOut: record.how === 'W',
    // SIGXFSZ: the program wrote past the file-size limit of its output files.
    outputExceeded: record.stdoutBytes > keep || record.stderrBytes > keep || signal === 25,
    // The control group counts its kills for the whole run: a test killed outright (not by its wall clock) while the
    // group saw a kill for memory is the one that went past it.
    memoryExceeded: whole.memoryExceeded && signal === 9,
    timeMs: record.timeMs,
  };
}

/**
 * One run as the student's result. The output limit holds for stdout and for the program's own stderr (the report
 * after it has room of its own); the sanitizers' report, when the run ended with their exit code, becomes the sentence.
 */
export function nativeTestResult(test: GradingTest, run: SandboxRun, limits: GradingLimits, program: Pick<CProgram, 'files'>): TestResult {
  const limitBytes = limits.outputKb * 1024;
  const report = findSanitizerReport(run.stderr);
  const ownStderr = report ? run.stderr.slice(0, report.start) : run.stderr;
  const stderr = stderrWithReport(ownStderr, report?.text ?? '', STDERR_KEEP_BYTES);
  const raw = (end: RunEnd) => ({ end, stdout: run.stdout, stderr, timeMs: run.timeMs });
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  if (run.outputExceeded || bytes(run.stdout) > limitBytes || bytes(ownStderr) > limitBytes)
    return toTestResult(test, raw({ kind: 'output_limit' }), limits);
  if (run.timedOut) return toTestResult(test, raw({ kind: 'time_limit' }), limits);
  if (run.memoryExceeded) return toTestResult(test, raw({ kind: 'memory_limit' }), limits);
  if (report && run.exitCode === SANITIZER_EXIT_CODE) {
    if (report.finding.kind === 'memory_limit') return toTestResult(test, raw({ kind: 'memory_limit' }), limits);
    const crashed = toTestResult(test, raw({ kind: 'crashed', exitCode: run.exitCode, detail: '' }), limits);
    return runtimeErrorOf(crashed, report.finding, (file) => program.files[file]);
  }
  // The CPU limit: SIGXCPU at the soft limit, SIGKILL at the hard one (a control group's kill was counted above).
  if (run.exitCode === 128 + 24 || run.exitCode === 128 + 9) return toTestResult(test, raw({ kind: 'time_limit' }), limits);
  if (run.exitCode === null || run.exitCode > 128) {
    const signal = run.exitCode === null ? null : run.exitCode - 128;
    return toTestResult(test, raw({ kind: 'crashed', exitCode: run.exitCode, detail: signalName(signal) }), limits);
  }
  return toTestResult(test, raw({ kind: 'exited', exitCode: run.exitCode }), limits);
}

export async function gradeNativeC(spec: GradingSpec, options: { slot: number; compileTimeLimitMs?: number }): Promise<GradingResult> {
  const gcc = findGcc();
  if (typeof gcc === 'string') return { kind: 'unavailable', message: `This server cannot compile C natively: ${gcc}` };
  const program = buildCProgram(spec.code, spec.files, spec.tests);
  if ('error' in program) return { kind: 'error', message: program.error };
  const workDir = await makeWorkDir(options.slot);
  let programReady = (_ok: boolean) => {};
  let testRun: Promise<SandboxRun & { records: RunnerRecord[] }> | undefined;
  let compileSettled: Promise<unknown> | undefined;
  try {
    await writeFiles(workDir, program.files, options.slot);
    // The tests' sandbox starts while gcc compiles (its start is a third of a warm grading), under a uid of its own;
    // its runner reads nothing until the program is there and the sources are gone. A compile with no test to run
    // (a check that the code compiles) starts no sandbox for tests.
    if (spec.tests.length > 0) {
      const ready = new Promise<boolean>((resolve) => (programReady = resolve));
      testRun = runTests(gcc, workDir, testSlotOf(options.slot), spec.tests.map(program.stdinOf), ready, spec.limits);
      // Settled below whatever happens; a failure before then must not go unhandled.
      testRun.catch(() => undefined);
    }
    const compiled = await compile(gcc, program, workDir, options.slot, options.compileTimeLimitMs ?? C_COMPILE_TIME_LIMIT_MS);
    if (!compiled.ok) return compiled.result;
    compileSettled = compiled.settled;
    // Whatever the machine's umask, the tests' uid runs it.
    await fs.promises.chmod(path.join(workDir, 'program'), 0o755);
    // The program may read the tutor's data files, not the sources: grader_tests.c holds every test's code, hidden
    // tests' too, and a support file may be a hidden harness.
    const data = new Set(program.dataFiles.map((f) => f.name));
    for (const name of Object.keys(program.files)) if (!data.has(name)) await fs.promises.rm(path.join(workDir, name), { force: true });
    if (!testRun) {
      await compileSettled;
      return { kind: 'graded', tests: [] };
    }
    programReady(true);
    const [whole] = await Promise.all([testRun, compileSettled]);
    const keep = keptBytes(spec.limits);
    const tests: TestResult[] = spec.tests.map((test, i) => {
      const record = whole.records[i];
      if (record) return nativeTestResult(test, runOfRecord(record, whole, keep), spec.limits, program);
      // No report for this test: the program ended or stopped the runner (or the whole run's clock ran out).
      const end = whole.timedOut ? { kind: 'time_limit' as const } : { kind: 'crashed' as const, exitCode: null, detail: RUNNER_STOPPED };
      return toTestResult(test, { end, stdout: '', stderr: '', timeMs: 0 }, spec.limits);
    });
    return { kind: 'graded', tests };
  } finally {
    // A compile that failed (or threw) ends the waiting tests' sandbox before the folder goes.
    programReady(false);
    await testRun?.catch(() => undefined);
    await compileSettled?.catch(() => undefined);
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

/** A short name of the path, for the server's and the README's words. */
export const NATIVE_C_DESCRIPTION = 'Compiled with gcc and run natively, with AddressSanitizer and UndefinedBehaviorSanitizer';

/**
 * Whether C is graded natively on this machine: gcc, bubblewrap and root, and a probe that compiles and runs a tiny
 * program in the asking grader's sandbox slot. Found once per process.
 */
export function nativeCSupport(slot = 0): Promise<{ ok: true } | { ok: false; reason: string }> {
  supportProbe ??= probe(slot);
  return supportProbe;
}
let supportProbe: Promise<{ ok: true } | { ok: false; reason: string }> | null = null;

async function probe(slot: number): Promise<{ ok: true } | { ok: false; reason: string }> {
  const gcc = findGcc();
  if (typeof gcc === 'string') return { ok: false, reason: gcc };
  const spec: GradingSpec = {
    language: 'c',
    code: '#include <stdio.h>\nint main(void) {\n  int a, b;\n  if (scanf("%d %d", &a, &b) != 2) return 1;\n  printf("%d\\n", a + b);\n  return 0;\n}\n',
    tests: [{ id: 'probe', input: '1 2', expectedOutput: '3', match: 'trailing_whitespace', expectedExitCode: null }],
    limits: { timeMs: 10_000, memoryMb: 64, outputKb: 64 },
  };
  try {
    const result = await gradeNativeC(spec, { slot, compileTimeLimitMs: 30_000 });
    if (result.kind === 'graded' && result.tests[0]?.passed) return { ok: true };
    return { ok: false, reason: `the probe failed (${truncateText(JSON.stringify(result), 500)})` };
  } catch (error) {
    return { ok: false, reason: `the probe failed (${error instanceof Error ? error.message : String(error)})` };
  }
}
