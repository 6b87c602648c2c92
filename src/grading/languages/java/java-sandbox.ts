// Compiles and runs Java with the system JDK inside bubblewrap: no network, no host files but the JDK and the shared
// libraries it loads (read-only), a fresh work folder, an empty environment, its own host name, an unprivileged uid per
// grading slot, a read-only /dev with a small /dev/shm, no nested namespaces, a seccomp filter (sandbox/seccomp.ts), and
// rlimits on processes, address space, CPU time and file size. The output is read through a byte counter that kills
// the program at the limit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GradingLimits, GradingResult, GradingSpec, TestResult } from '../../contract';
import { parseJavacDiagnostics } from '../../diagnostics';
import { COMPILE_TIME_LIMIT_MS, COMPILER_OUTPUT_KEEP_BYTES, messages, toTestResult, truncateText, type RunEnd } from '../../limits';
import {
  findOnPath,
  findSandboxTools,
  isRoot,
  runInSandbox as runSandboxed,
  sandboxUid,
  type SandboxRun,
  type SandboxTools,
} from '../../sandbox/bubblewrap';

const INSTALL_HINT = 'install a JDK and bubblewrap (Debian: apt-get install openjdk-17-jdk-headless bubblewrap)';
/** Starting the JVM is not the student's time: it gets this much on top of the time limit. */
export const JVM_START_ALLOWANCE_MS = 1000;
/** Processes and threads the sandbox's uid may have: the JVM needs a couple of dozen threads of its own. */
const MAX_PROCESSES = 96;
const MAX_FILE_BYTES = 8 * 1024 * 1024;

type Jdk = SandboxTools & { javac: string; java: string; home: string; configDirs: string[] };

function findJdk(): Jdk | string {
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

/** A run of the JDK in the sandbox (sandbox/bubblewrap.ts): only the JDK and its configuration, read-only. */
function runInSandbox(
  jdk: Jdk,
  options: {
    slot: number;
    workDir: string;
    writable: boolean;
    command: string[];
    stdin: string;
    wallMs: number;
    cpuSeconds: number;
    addressSpaceMb: number;
    outputLimitBytes: number;
  },
): Promise<SandboxRun> {
  return runSandboxed(jdk, {
    slot: options.slot,
    layout: {
      readOnly: [jdk.home, ...jdk.configDirs],
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

/** The class to run: the public class (its file must carry its name), else the class declaring main, else Main. */
export function javaMainClass(code: string): { fileName: string; className: string } {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(withoutComments)?.[1];
  const publicClass = /\bpublic\s+(?:(?:final|abstract|strictfp)\s+)*(?:class|interface|enum|record)\s+(\w+)/.exec(withoutComments)?.[1];
  let name = publicClass;
  if (!name) {
    const mainAt = withoutComments.search(/static\s+void\s+main\s*\(/);
    const before = mainAt >= 0 ? withoutComments.slice(0, mainAt) : '';
    name = [...before.matchAll(/\b(?:class|interface|enum|record)\s+(\w+)/g)].pop()?.[1] ?? 'Main';
  }
  return { fileName: `${name}.java`, className: pkg ? `${pkg}.${name}` : name };
}

function runEnd(run: SandboxRun, limits: GradingLimits): RunEnd {
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
  void limits;
  return { kind: 'exited', exitCode: run.exitCode };
}

function javaOptions(limits: GradingLimits): string[] {
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
const addressSpaceMb = (heapMb: number) => heapMb + 1024;

async function makeWorkDir(slot: number): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'grading-java-'));
  await fs.promises.chmod(dir, 0o700);
  const uid = sandboxUid(slot);
  if (uid !== null) await fs.promises.chown(dir, uid, uid);
  return dir;
}

export async function gradeJava(spec: GradingSpec, slot: number): Promise<GradingResult> {
  const jdk = findJdk();
  if (typeof jdk === 'string') return { kind: 'unavailable', message: jdk };
  const { fileName, className } = javaMainClass(spec.code);
  const workDir = await makeWorkDir(slot);
  try {
    const source = path.join(workDir, fileName);
    await fs.promises.writeFile(source, spec.code, { mode: 0o644 });
    const uid = sandboxUid(slot);
    if (uid !== null) await fs.promises.chown(source, uid, uid);

    // Annotation processors would run code at compile time: -proc:none.
    const compile = await runInSandbox(jdk, {
      slot,
      workDir,
      writable: true,
      command: [jdk.javac, ...JAVAC_JVM_OPTIONS, '-proc:none', '-encoding', 'UTF-8', '-d', '/sandbox', `/sandbox/${fileName}`],
      stdin: '',
      wallMs: COMPILE_TIME_LIMIT_MS,
      cpuSeconds: Math.ceil(COMPILE_TIME_LIMIT_MS / 1000) * 2,
      addressSpaceMb: 256 + 1280,
      outputLimitBytes: COMPILER_OUTPUT_KEEP_BYTES * 4,
    });
    if (compile.timedOut) return { kind: 'compile_error', output: messages.compileTimeLimit(), diagnostics: [] };
    if (compile.exitCode !== 0) {
      const output = (compile.stdout + compile.stderr).replaceAll('/sandbox/', '');
      return {
        kind: 'compile_error',
        output: truncateText(output, COMPILER_OUTPUT_KEEP_BYTES),
        diagnostics: parseJavacDiagnostics(output, fileName),
      };
    }

    const tests: TestResult[] = [];
    for (const test of spec.tests) {
      const wallMs = spec.limits.timeMs + JVM_START_ALLOWANCE_MS;
      const run = await runInSandbox(jdk, {
        slot,
        workDir,
        writable: false,
        command: [jdk.java, ...javaOptions(spec.limits), '-cp', '/sandbox', className],
        stdin: test.input,
        wallMs,
        cpuSeconds: Math.ceil(wallMs / 1000) + 1,
        addressSpaceMb: addressSpaceMb(spec.limits.memoryMb),
        outputLimitBytes: spec.limits.outputKb * 1024,
      });
      tests.push(
        toTestResult(test, { end: runEnd(run, spec.limits), stdout: run.stdout, stderr: run.stderr, timeMs: run.timeMs }, spec.limits),
      );
    }
    return { kind: 'graded', tests };
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Java is available when the JDK and the sandbox tools are installed and a tiny sandboxed `java -version` works. It runs
 * in the asking grader's slot (its own sandbox uid): in another's, its threads would count against that slot's programs.
 */
export async function javaSupport(slot = 0): Promise<{ ok: true } | { ok: false; reason: string }> {
  const jdk = findJdk();
  if (typeof jdk === 'string') return { ok: false, reason: jdk };
  const workDir = await makeWorkDir(slot);
  try {
    const run = await runInSandbox(jdk, {
      slot,
      workDir,
      writable: false,
      command: [jdk.java, ...javaOptions({ timeMs: 2000, memoryMb: 64, outputKb: 64 }), '-version'],
      stdin: '',
      wallMs: 15_000,
      cpuSeconds: 15,
      addressSpaceMb: addressSpaceMb(64),
      outputLimitBytes: 64 * 1024,
    });
    if (run.exitCode === 0) return { ok: true };
    const detail = truncateText(run.stderr.trim(), 500) || `exit code ${run.exitCode ?? run.signal}`;
    return {
      ok: false,
      reason: `This server cannot run Java yet: the sandbox did not start (${detail}). Check that bubblewrap can create user namespaces, or ${INSTALL_HINT}.`,
    };
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}
