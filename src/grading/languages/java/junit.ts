// Java exercises graded by the tutor's JUnit 5 class (GradingSpec.mode 'junit'): its @Test methods are the tests.
//
// The contract of a JUnit test's result (read by outcome.ts and the server):
//   - testId is `junit:<method>` (JUNIT_ID_PREFIX), or `junit:hidden:<method>` (JUNIT_HIDDEN_PREFIX) when the test or its
//     class carries @Tag("hidden"): the student then sees its name and whether it passed, nothing more. Only the
//     "hidden" tag is encoded; other tags are ignored. A test of a @Nested class is `junit:<Inner>.<method>`; an
//     invocation of a parameterized, repeated or factory test adds `#<n>` (`junit:area#2`); a method name given twice
//     (overloads) adds its parameter types. The id is stable from one run to the next as long as the class is unchanged.
//   - name is the display name: @DisplayName's text, else the method's name (without "()"); an invocation's name is its
//     method's followed by its own ("area [1] 3, 4").
//   - A failed assertion has status 'ok', passed false and the assertion's message verbatim ("expected: <12> but was:
//     <7>"); an exception from the student's code (or the test's) is a 'runtime_error' saying its type, message and the
//     first line of ours or the student's it came from; a test printing past the output limit is an 'output_limit'.
//   - A test that runs past the exercise's time limit ends the run: it fails with 'time_limit', and so does every test
//     not yet reported ("did not run"). A memory limit, or the run ending early (System.exit), fails the test running
//     then and those not yet reported in the same way.
//   - Tests that JUnit skipped (@Disabled, a failed assumption) are left out. exitCode is null: the tests share one JVM.
// The tests run in one JVM in the sandbox (java-jdk.ts), with the student's classes: the launcher is junit-runner.ts.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  JUNIT_HIDDEN_PREFIX,
  JUNIT_ID_PREFIX,
  type GradingFile,
  type GradingLimits,
  type GradingResult,
  type RunStatus,
  type TestResult,
} from '../../contract';
import {
  cutText,
  messages,
  secondsInWords,
  STDERR_KEEP_BYTES,
  STORED_MESSAGE_MAX_BYTES,
  STORED_TEXT_MAX_BYTES,
  truncateText,
} from '../../limits';
import { addressSpaceMb, javaOptions, javaPackage, runEnd, runJdk, withoutComments, type Jdk } from './java-jdk';
import { RUNNER_CLASS, RUNNER_SOURCE } from './junit-runner';

/** Debian's junit5 package: JUnit Platform 1.9 with Jupiter 5.9, every class in one jar. */
export const JUNIT_JAR = '/usr/share/java/junit-platform-console-standalone.jar';
export const JUNIT_UNAVAILABLE = "This server cannot run JUnit tests: install Debian's junit5 package.";
/**
 * Time of the whole run beyond its tests': starting the JVM, loading the JUnit Platform and discovering the class take
 * 0.3–0.4 s on an idle 2-core machine and over 1 s on a busy one. This only bounds a run whose own watchdog failed.
 */
export const JUNIT_START_ALLOWANCE_MS = 5000;
/** JUnit's own work around a test (its instance, extensions, the assertion classes loaded by the first test). */
export const JUNIT_TEST_GRACE_MS = 250;
/** The whole run's wall-clock bound never exceeds this, however many tests the class declares. */
export const JUNIT_MAX_WALL_MS = 120_000;
/** JUnit's own heap (the launcher, the test plan) on top of the exercise's memory limit. */
const JUNIT_HEAP_MB = 32;
/** Of a test's output, what is kept (the stored result keeps no more). */
const KEPT_OUTPUT_BYTES = STORED_TEXT_MAX_BYTES;
/** Everything the run writes to its standard output, results included. */
const RUN_OUTPUT_LIMIT_BYTES = 4 * 1024 * 1024;

/** The tutor's JUnit class among the support files: a .java file that imports org.junit, one with @Test first. */
export function findJUnitClass(files: GradingFile[] | undefined): { file: GradingFile; className: string } | null {
  const candidates = (files ?? []).filter(
    (f) => f.name.endsWith('.java') && /\bimport\s+(?:static\s+)?org\.junit\./.test(withoutComments(f.content)),
  );
  const file = candidates.find((f) => /@(?:Test|ParameterizedTest|RepeatedTest|TestFactory)\b/.test(f.content)) ?? candidates[0];
  if (!file) return null;
  const source = withoutComments(file.content);
  const base = file.name.slice(0, -'.java'.length);
  const declared = [...source.matchAll(/\b(?:class|interface|enum|record)\s+(\w+)/g)].map((m) => m[1]!);
  const name = declared.includes(base) ? base : (declared[0] ?? base);
  const pkg = javaPackage(file.content);
  return { file, className: pkg ? `${pkg}.${name}` : name };
}

/** A guess at how many tests a class runs, for the run's wall-clock bound: a template test counts as ten. */
export function estimatedTestCount(source: string): number {
  const code = withoutComments(source);
  const plain = code.match(/@Test\b/g)?.length ?? 0;
  const repeated = [...code.matchAll(/@RepeatedTest\s*\(\s*(?:value\s*=\s*)?(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  const templates = code.match(/@(?:ParameterizedTest|TestFactory|TestTemplate)\b/g)?.length ?? 0;
  return Math.max(1, plain + repeated + 10 * templates);
}

type RunnerClasses = { name: string; bytes: Buffer }[];
let runnerCache: { jar: string; classes: Promise<RunnerClasses> } | null = null;

/**
 * The launcher's classes, compiled once per process (our own source, so outside the sandbox) in a folder of root's that
 * is gone once they are read: they are kept in memory. A failed compile is not remembered.
 */
export function compiledRunner(jdk: Jdk, jar = JUNIT_JAR): Promise<RunnerClasses> {
  if (runnerCache?.jar === jar) return runnerCache.classes;
  const classes = (async () => {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'grading-junit-runner-'));
    try {
      const source = path.join(dir, `${RUNNER_CLASS}.java`);
      await fs.promises.writeFile(source, RUNNER_SOURCE);
      const javacOptions = ['-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1', '-proc:none', '-encoding', 'UTF-8'];
      await promisify(execFile)(jdk.javac, [...javacOptions, '-cp', jar, '-d', dir, source], {
        timeout: 60_000,
        env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
      });
      const names = (await fs.promises.readdir(dir)).filter((name) => name.endsWith('.class'));
      return Promise.all(names.map(async (name) => ({ name, bytes: await fs.promises.readFile(path.join(dir, name)) })));
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  })();
  runnerCache = { jar, classes };
  classes.catch(() => {
    if (runnerCache?.classes === classes) runnerCache = null;
  });
  return classes;
}

/** Puts the launcher's classes into the work folder, over any file of that name the student's compile left there. */
export async function installRunner(classes: RunnerClasses, workDir: string): Promise<void> {
  for (const { name, bytes } of classes) {
    const target = path.join(workDir, name);
    await fs.promises.rm(target, { force: true });
    // `wx`: written as a new file, never through a link left in its place.
    await fs.promises.writeFile(target, bytes, { mode: 0o644, flag: 'wx' });
  }
}

type Announced = {
  uniqueId: string;
  className: string;
  method: string;
  parameters: string;
  displayName: string;
  tags: string[];
  parentName: string;
  parentIsMethod: boolean;
};
type Finished = {
  status: 'SUCCESSFUL' | 'FAILED' | 'ABORTED';
  type: string;
  message: string;
  where: string;
  timeMs: number;
  stdout: string;
  stderr: string;
  kind: string;
};
type Report = {
  tests: Announced[];
  started: string[];
  finished: Map<string, Finished>;
  skipped: string[];
  timedOut: string | null;
  ended: boolean;
};

/** The launcher's lines of this run (those that start with its key); anything else on its output is ignored. */
export function readReport(stdout: string, key: string): Report {
  const report: Report = { tests: [], started: [], finished: new Map(), skipped: [], timedOut: null, ended: false };
  const decode = (field: string | undefined) => Buffer.from(field ?? '', 'base64').toString('utf8');
  for (const line of stdout.split('\n')) {
    const [first, kind, ...raw] = line.split(' ');
    if (first !== key) continue;
    const f = raw.map(decode);
    switch (kind) {
      case 'T':
        report.tests.push({
          uniqueId: f[0]!,
          className: f[1]!,
          method: f[2]!,
          parameters: f[3]!,
          displayName: f[4]!,
          tags: f[5] ? f[5].split(',') : [],
          parentName: f[6] ?? '',
          parentIsMethod: f[7] === '1',
        });
        break;
      case 'S':
        report.started.push(f[0]!);
        break;
      case 'F':
        report.finished.set(f[0]!, {
          status: f[1] as Finished['status'],
          type: f[2]!,
          message: f[3]!,
          where: f[4]!,
          timeMs: Number(f[5]) || 0,
          stdout: f[6]!,
          stderr: f[7]!,
          kind: f[8] ?? '',
        });
        break;
      case 'K':
        report.skipped.push(f[0]!);
        break;
      case 'L':
        report.timedOut = f[0]!;
        break;
      case 'E':
        report.ended = true;
        break;
    }
  }
  return report;
}

/** A JUnit method's default display name is `name(parameter types)`: then the method's name alone reads better. */
function nameOf(displayName: string, method: string, parameters: string): string {
  return method && displayName === `${method}(${parameters})` ? method : displayName;
}

/** Each test's id and name (see the contract at the top of this file), unique within the run. */
export function identify(tests: Announced[]): { test: Announced; id: string; name: string }[] {
  const seen = new Set<string>();
  return tests.map((test) => {
    const hidden = test.tags.some((tag) => tag.toLowerCase() === 'hidden');
    const nested = test.className.includes('$') ? `${test.className.slice(test.className.indexOf('$') + 1).replaceAll('$', '.')}.` : '';
    const invocations = [...test.uniqueId.matchAll(/\[(?:test-template-invocation|dynamic-test|dynamic-container):#(\d+)\]/g)].map(
      (m) => m[1],
    );
    const base = `${hidden ? JUNIT_HIDDEN_PREFIX : JUNIT_ID_PREFIX}${nested}${test.method || test.displayName}`;
    let id = invocations.length ? `${base}#${invocations.join('.')}` : base;
    if (seen.has(id) && test.parameters) id = `${base}(${test.parameters})${invocations.length ? `#${invocations.join('.')}` : ''}`;
    for (let n = 2; seen.has(id); n++) id = `${base}~${n}`;
    seen.add(id);
    const own = nameOf(test.displayName, test.method, test.parameters);
    const name = test.parentIsMethod ? `${nameOf(test.parentName, test.method, test.parameters)} ${test.displayName}` : own;
    return { test, id, name };
  });
}

/** A test's failure in the words of the student's result. */
function failureOf(finished: Finished, limits: GradingLimits): { status: RunStatus; message: string } {
  if (finished.kind === 'output') return { status: 'output_limit', message: messages.outputLimit(limits) };
  if (finished.kind === 'assertion') return { status: 'ok', message: finished.message || `The test failed (${finished.type}).` };
  if (finished.type === 'java.lang.StackOverflowError')
    return { status: 'runtime_error', message: messages.crashed(null, 'its recursion went too deep (stack overflow).') };
  const detail = `${finished.type}${finished.message ? `: ${finished.message}` : ''}${finished.where ? ` (at ${finished.where})` : ''}`;
  return { status: 'runtime_error', message: messages.crashed(null, `it threw ${detail}.`) };
}

export type JUnitRun = { slot: number; workDir: string; className: string; testSource: string; limits: GradingLimits; jar: string };

/** Runs the tutor's class once in the sandbox and turns each of its tests into a result. */
export async function runJUnit(jdk: Jdk, options: JUnitRun): Promise<GradingResult> {
  const { limits } = options;
  const key = crypto.randomBytes(18).toString('base64url');
  const perTestMs = limits.timeMs + JUNIT_TEST_GRACE_MS;
  const wallMs = Math.min(JUNIT_MAX_WALL_MS, JUNIT_START_ALLOWANCE_MS + perTestMs * estimatedTestCount(options.testSource));
  const heapMb = limits.memoryMb + JUNIT_HEAP_MB;
  const run = await runJdk(jdk, {
    slot: options.slot,
    workDir: options.workDir,
    writable: false,
    command: [
      jdk.java,
      ...javaOptions({ memoryMb: heapMb }),
      '-cp',
      `${options.jar}:/sandbox`,
      RUNNER_CLASS,
      options.className,
      String(perTestMs),
      String(limits.outputKb * 1024),
      String(Math.min(KEPT_OUTPUT_BYTES, limits.outputKb * 1024)),
    ],
    stdin: `${key}\n`,
    wallMs,
    cpuSeconds: Math.ceil(wallMs / 1000) + 2,
    addressSpaceMb: addressSpaceMb(heapMb),
    outputLimitBytes: RUN_OUTPUT_LIMIT_BYTES,
    readOnly: [options.jar],
  });
  const report = readReport(run.stdout, key);
  const end = runEnd(run);
  const stderr = truncateText(run.stderr.trim(), 2000);

  if (!report.tests.length) {
    if (report.ended)
      return {
        kind: 'error',
        message: `The JUnit class ${options.className} has no test that JUnit 5 can run: its tests are methods annotated @Test from org.junit.jupiter.api (not JUnit 4's org.junit.Test), neither private nor static.`,
      };
    return {
      kind: 'error',
      message: `The JUnit tests did not start (${end.kind === 'time_limit' ? `not within ${secondsInWords(wallMs)}` : stderr || `exit code ${run.exitCode ?? run.signal}`}). Please submit again.`,
    };
  }

  // How the run ended for the tests it did not report: the test running then, and those that never ran.
  const stop = ((): { status: RunStatus; current: string; others: string } | null => {
    if (report.timedOut !== null || end.kind === 'time_limit')
      return {
        status: 'time_limit',
        current: messages.timeLimit(limits),
        others: `This test did not run: the tests were stopped when one ran for longer than ${secondsInWords(limits.timeMs)}.`,
      };
    if (report.ended) return null;
    switch (end.kind) {
      case 'memory_limit':
        return {
          status: 'memory_limit',
          current: messages.memoryLimit(limits),
          others: `This test did not run: the tests were stopped when they used more than ${limits.memoryMb} MB of memory.`,
        };
      case 'output_limit':
        return {
          status: 'output_limit',
          current: messages.outputLimit(limits),
          others: 'This test did not run: the tests were stopped when they printed too much.',
        };
      case 'crashed':
      case 'exited': {
        const why =
          end.kind === 'crashed' && end.detail
            ? end.detail.replace(/\.$/, '')
            : `the test run ended with exit code ${run.exitCode ?? 'unknown'} (does the code call System.exit?)`;
        return {
          status: 'runtime_error',
          current: messages.crashed(run.exitCode, `${why}, before this test finished.`),
          others: `This test did not run: ${why}.`,
        };
      }
    }
  })();

  const ancestorsOf = (uniqueId: string) => [...report.finished.entries()].filter(([id]) => uniqueId.startsWith(`${id}/`));
  const skipped = (uniqueId: string) => report.skipped.some((id) => id === uniqueId || uniqueId.startsWith(`${id}/`));
  // The order they ran in, then those that never started.
  const startedAt = new Map(report.started.map((id, i) => [id, i]));
  const ordered = identify(report.tests)
    .map((entry, i) => ({ ...entry, order: startedAt.get(entry.test.uniqueId) ?? report.started.length + i }))
    .sort((a, b) => a.order - b.order);

  const tests: TestResult[] = [];
  for (const { test, id, name } of ordered) {
    const finished = report.finished.get(test.uniqueId);
    if (finished?.status === 'ABORTED' || (!finished && skipped(test.uniqueId))) continue;
    const base = { testId: id, name, exitCode: null };
    if (finished) {
      const stdout = truncateText(finished.stdout, limits.outputKb * 1024);
      const testStderr = truncateText(finished.stderr, STDERR_KEEP_BYTES);
      if (finished.status === 'SUCCESSFUL') {
        tests.push({ ...base, status: 'ok', passed: true, stdout, stderr: testStderr, timeMs: finished.timeMs, message: null });
      } else {
        const failure = failureOf(finished, limits);
        tests.push({
          ...base,
          ...failure,
          passed: false,
          stdout,
          stderr: testStderr,
          timeMs: finished.timeMs,
          message: cutText(failure.message, STORED_MESSAGE_MAX_BYTES),
        });
      }
      continue;
    }
    // A container that failed (a @BeforeAll that threw) fails the tests under it with its error.
    const container = ancestorsOf(test.uniqueId).find(([, f]) => f.status === 'FAILED');
    if (container && (!stop || report.ended)) {
      const failure = failureOf(container[1], limits);
      tests.push({
        ...base,
        ...failure,
        passed: false,
        stdout: '',
        stderr: '',
        timeMs: 0,
        message: cutText(failure.message, STORED_MESSAGE_MAX_BYTES),
      });
      continue;
    }
    const running =
      report.timedOut !== null
        ? report.timedOut === test.uniqueId || test.uniqueId.startsWith(`${report.timedOut}/`)
        : report.started.at(-1) === test.uniqueId;
    const message = stop ? (running ? stop.current : stop.others) : 'This test did not run.';
    tests.push({
      ...base,
      status: stop?.status ?? 'runtime_error',
      passed: false,
      stdout: '',
      stderr: running ? stderr : '',
      timeMs: 0,
      message,
    });
  }
  return { kind: 'graded', tests };
}
