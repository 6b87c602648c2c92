// The JDK in the sandbox: finding it, running javac and java in bubblewrap (sandbox/bubblewrap.ts) with only the JDK, its
// configuration and what a caller names bound read-only, and reading how a run ended. Shared by the three ways a Java
// exercise is graded: the student's main, the tutor's test code, and the tutor's JUnit 5 class.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GradingLimits } from '../../contract';
import {
  COMPILE_TIME_LIMIT_MS,
  COMPILE_WALL_FACTOR,
  COMPILER_OUTPUT_KEEP_BYTES,
  JAVA_COMPILE_CPU_SECONDS,
  type RunEnd,
} from '../../limits';
import {
  findOnPath,
  findSandboxTools,
  isRoot,
  runInSandbox as runSandboxed,
  sandboxUid,
  type SandboxRun,
  type SandboxTools,
} from '../../sandbox/bubblewrap';

export const INSTALL_HINT = 'install a JDK and bubblewrap (Debian: apt-get install openjdk-17-jdk-headless bubblewrap)';
/** Starting the JVM is not the student's time: it gets this much on top of the time limit. */
export const JVM_START_ALLOWANCE_MS = 1000;
/** Processes and threads the sandbox's uid may have: the JVM needs a couple of dozen threads of its own. */
const MAX_PROCESSES = 96;
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export type Jdk = SandboxTools & { javac: string; java: string; home: string; configDirs: string[] };

export function findJdk(): Jdk | string {
  const javac = findOnPath('javac');
  const java = findOnPath('java');
  const tools = findSandboxTools();
  const missing = [!javac && 'javac', !java && 'java', ...('missing' in tools ? tools.missing : [])].filter(Boolean);
  if (missing.length || !javac || !java || 'missing' in tools)
    return `This server cannot run Java yet (${missing.join(', ')} not found): ${INSTALL_HINT}.`;
  // The process limit counts every process of a uid. Without root the sandbox would share the server's own uid, so the
  // JVM's threads would compete with the server's and with other gradings: a correct program could fail. Refuse instead.
  if (!isRoot())
    return 'This server cannot run Java: its grading workers do not run as root, so a Java program cannot get an account of its own with its own process limit. Start the app (or `npm run worker`) as root; the sandbox itself runs as an unprivileged account.';
  const home = path.dirname(path.dirname(javac));
  // Debian keeps the JDK's configuration in /etc/java-NN-openjdk behind symlinks in <home>/conf: the JVM needs to read it.
  const configDirs = new Set<string>();
  const collect = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        const target = fs.realpathSync(full);
        const top = target.split('/').slice(0, 3).join('/');
        if (target.startsWith('/etc/')) configDirs.add(top);
      } else if (entry.isDirectory()) collect(full);
    }
  };
  try {
    collect(path.join(home, 'conf'));
  } catch {
    // A JDK without a conf folder keeps its configuration inside its home.
  }
  return { ...tools, javac, java, home, configDirs: [...configDirs] };
}

export type JdkRunOptions = {
  slot: number;
  workDir: string;
  writable: boolean;
  command: string[];
  stdin: string;
  wallMs: number;
  cpuSeconds: number;
  addressSpaceMb: number;
  outputLimitBytes: number;
  /** Further files or folders bound read-only at their own path (the JUnit jar). */
  readOnly?: string[];
};

/** A run of the JDK in the sandbox (sandbox/bubblewrap.ts): only the JDK and its configuration, read-only. */
export function runJdk(jdk: Jdk, options: JdkRunOptions): Promise<SandboxRun> {
  return runSandboxed(jdk, {
    slot: options.slot,
    layout: {
      readOnly: [jdk.home, ...jdk.configDirs, ...(options.readOnly ?? [])],
      workDir: options.workDir,
      writable: options.writable,
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', MALLOC_ARENA_MAX: '2', HOME: '/sandbox' },
    },
    command: options.command,
    stdin: options.stdin,
    wallMs: options.wallMs,
    rlimits: [
      `--nproc=${MAX_PROCESSES}`,
      `--as=${options.addressSpaceMb * 1024 * 1024}`,
      `--cpu=${options.cpuSeconds}:${options.cpuSeconds + 1}`,
      `--fsize=${MAX_FILE_BYTES}`,
      '--nofile=256',
      '--core=0',
    ],
    outputLimitBytes: options.outputLimitBytes,
    // The whole run together (every JVM it starts, its threads, what it writes to /tmp and /dev/shm) within what one
    // process may address, where the machine gives a control group.
    cgroup: { memoryBytes: options.addressSpaceMb * 1024 * 1024, pids: MAX_PROCESSES },
  });
}

/** How a run of `java` ended: the limits first, then an uncaught exception, then its exit code. */
export function runEnd(run: SandboxRun): RunEnd {
  if (run.outputExceeded) return { kind: 'output_limit' };
  if (run.timedOut) return { kind: 'time_limit' };
  // Killed by the kernel for the memory its control group held (a SIGKILL, which would otherwise read as the CPU limit).
  if (run.memoryExceeded) return { kind: 'memory_limit' };
  // -XX:+ExitOnOutOfMemoryError ends the JVM with code 3 and this line (on stdout), so a program cannot catch the error.
  const all = run.stdout + run.stderr;
  if (/java\.lang\.OutOfMemoryError/.test(all) && !/unable to create native thread|cannot create native thread/.test(all)) {
    if (run.exitCode === 3 || /Exception in thread/.test(run.stderr)) return { kind: 'memory_limit' };
  }
  // bwrap reports a program killed by a signal as 128 + the signal: SIGXCPU (24) and SIGKILL (9) come from the CPU limit.
  if (run.exitCode === 128 + 24 || run.exitCode === 128 + 9) return { kind: 'time_limit' };
  const uncaught = /Exception in thread "[^"]*" ([\w.$]+)(?::\s*(.*))?/.exec(run.stderr);
  if (uncaught) {
    const [, type, detail] = uncaught;
    if (type === 'java.lang.StackOverflowError')
      return { kind: 'crashed', exitCode: run.exitCode, detail: 'its recursion went too deep (stack overflow).' };
    if (/unable to create native thread|cannot create native thread/.test(all)) {
      return { kind: 'crashed', exitCode: run.exitCode, detail: 'it tried to start more threads than allowed.' };
    }
    return { kind: 'crashed', exitCode: run.exitCode, detail: `it threw ${type}${detail ? `: ${detail.trim()}` : ''}.` };
  }
  if (run.exitCode === null || run.exitCode > 128) return { kind: 'crashed', exitCode: run.exitCode, detail: '' };
  return { kind: 'exited', exitCode: run.exitCode };
}

/** The JVM's options for a student's program: a heap of the exercise's memory limit, a quick start. */
export function javaOptions(limits: Pick<GradingLimits, 'memoryMb'>): string[] {
  return [
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    `-Xmx${limits.memoryMb}m`,
    '-Xss16m',
    '-XX:ReservedCodeCacheSize=32m',
    '-XX:MaxMetaspaceSize=96m',
    '-XX:CompressedClassSpaceSize=32m',
    '-XX:+ExitOnOutOfMemoryError',
    '-Xshare:auto',
    '-Dfile.encoding=UTF-8',
    '-Dstdout.encoding=UTF-8',
  ];
}

const JAVAC_JVM_OPTIONS = [
  '-J-XX:+UseSerialGC',
  '-J-XX:TieredStopAtLevel=1',
  '-J-Xmx256m',
  '-J-XX:ReservedCodeCacheSize=64m',
  '-J-XX:MaxMetaspaceSize=128m',
  '-J-XX:CompressedClassSpaceSize=64m',
  '-J-Xshare:auto',
];

/** Address space: the heap plus what the JVM maps for itself (code, metaspace, thread stacks, libraries). */
export const addressSpaceMb = (heapMb: number) => heapMb + 1024;

export async function makeWorkDir(slot: number): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'grading-java-'));
  await fs.promises.chmod(dir, 0o700);
  const uid = sandboxUid(slot);
  if (uid !== null) await fs.promises.chown(dir, uid, uid);
  return dir;
}

/** Writes a file into the work folder, readable by the sandbox's uid. */
export async function writeWorkFile(workDir: string, slot: number, name: string, content: string): Promise<void> {
  const file = path.join(workDir, name);
  // `wx`: a name given twice never overwrites the first file (the callers refuse such names before).
  await fs.promises.writeFile(file, content, { mode: 0o644, flag: 'wx' });
  const uid = sandboxUid(slot);
  if (uid !== null) await fs.promises.chown(file, uid, uid);
}

export type CompileRun = { ok: true } | { ok: false; timedOut: boolean; output: string };

/**
 * javac of `sources` (names in the work folder) in one go, classes into the work folder. Annotation processors would run
 * code at compile time: -proc:none. `classpath` entries are bound read-only.
 */
export async function compileJava(
  jdk: Jdk,
  options: { slot: number; workDir: string; sources: string[]; classpath?: string[] },
): Promise<CompileRun> {
  const classpath = options.classpath ?? [];
  const run = await runJdk(jdk, {
    slot: options.slot,
    workDir: options.workDir,
    writable: true,
    command: [
      jdk.javac,
      ...JAVAC_JVM_OPTIONS,
      '-proc:none',
      '-encoding',
      'UTF-8',
      ...(classpath.length ? ['-cp', classpath.join(':')] : []),
      '-d',
      '/sandbox',
      ...options.sources.map((name) => `/sandbox/${name}`),
    ],
    stdin: '',
    wallMs: COMPILE_TIME_LIMIT_MS * COMPILE_WALL_FACTOR,
    cpuSeconds: JAVA_COMPILE_CPU_SECONDS,
    addressSpaceMb: 256 + 1280,
    outputLimitBytes: COMPILER_OUTPUT_KEEP_BYTES * 4,
    readOnly: classpath,
  });
  if (run.timedOut) return { ok: false, timedOut: true, output: '' };
  if (run.exitCode === 0) return { ok: true };
  return { ok: false, timedOut: false, output: (run.stdout + run.stderr).replaceAll('/sandbox/', '') };
}

// One reading of a Java source for the grader and the student's screen (which names the main file's tab by it).
export { javaPackage, withoutComments } from '../../../common/java-source';

const JAVAC_HEADER = /^([\w$.-]+\.java):(\d+): (?:error|warning): /;

/**
 * javac's output as the submitter reads it. An error in a file that is not the student's (the tutor's classes, the test
 * code) keeps its message and details (`symbol: method area()`) but not the quoted source line and caret under it: a
 * hidden file's code must not reach the student through an error that their code caused. `rename` words a location in
 * a generated file ("test 3, line 2"); null keeps it.
 */
export function presentJavacOutput(
  output: string,
  studentFiles: ReadonlySet<string>,
  rename: (file: string, line: number) => string | null = () => null,
): string {
  const lines = output.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    const header = JAVAC_HEADER.exec(text);
    if (!header || studentFiles.has(header[1]!)) {
      kept.push(text);
      continue;
    }
    const location = `${header[1]}:${header[2]}`;
    const renamed = rename(header[1]!, Number(header[2]));
    kept.push(renamed ? renamed + text.slice(location.length) : text);
    // The quoted line, then the caret under the column.
    if (i + 1 < lines.length && !JAVAC_HEADER.test(lines[i + 1]!) && !/^\d+ (?:error|warning)s?$/.test(lines[i + 1]!)) {
      i++;
      if (i + 1 < lines.length && /^\s*\^\s*$/.test(lines[i + 1]!)) i++;
    }
  }
  return kept.join('\n');
}
