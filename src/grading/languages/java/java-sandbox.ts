// Compiles and runs Java with the system JDK inside bubblewrap: no network, no host files but the JDK and the shared
// libraries it loads (read-only), a fresh work folder, an empty environment, its own host name, an unprivileged uid per
// grading slot, a read-only /dev with a small /dev/shm, no nested namespaces, a seccomp filter (sandbox/seccomp.ts), and
// rlimits on processes, address space, CPU time and file size. The output is read through a byte counter that kills
// the program at the limit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { GradingLimits, GradingResult, GradingSpec, TestResult } from '../../contract';
import { parseJavacDiagnostics } from '../../diagnostics';
import { seccompProgram, seccompSupported } from '../../sandbox/seccomp';
import {
  COMPILE_TIME_LIMIT_MS,
  COMPILER_OUTPUT_KEEP_BYTES,
  messages,
  OutputCollector,
  STDERR_KEEP_BYTES,
  toTestResult,
  truncateText,
  type RunEnd,
} from '../../limits';

const INSTALL_HINT = 'install a JDK and bubblewrap (Debian: apt-get install openjdk-17-jdk-headless bubblewrap)';
/** Starting the JVM is not the student's time: it gets this much on top of the time limit. */
export const JVM_START_ALLOWANCE_MS = 1000;
/** Processes and threads the sandbox's uid may have: the JVM needs a couple of dozen threads of its own. */
const MAX_PROCESSES = 96;
const MAX_FILE_BYTES = 8 * 1024 * 1024;
const SANDBOX_TMP_BYTES = 16 * 1024 * 1024;
/** /dev/shm is RAM that the address-space limit does not count: the JVM needs it only for its small performance file. */
const SANDBOX_SHM_BYTES = 1024 * 1024;
const SANDBOX_UID_BASE = 61000;

type Jdk = { javac: string; java: string; home: string; configDirs: string[]; bwrap: string; prlimit: string; setpriv: string | null };

function findOnPath(name: string): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin', ...(process.env.PATH ?? '').split(':')]) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return fs.realpathSync(candidate);
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

const isRoot = () => process.getuid?.() === 0;

function findJdk(): Jdk | string {
  const javac = findOnPath('javac');
  const java = findOnPath('java');
  const bwrap = findOnPath('bwrap');
  const prlimit = findOnPath('prlimit');
  const setpriv = findOnPath('setpriv');
  const missing = [!javac && 'javac', !java && 'java', !bwrap && 'bwrap', !prlimit && 'prlimit', isRoot() && !setpriv && 'setpriv'].filter(
    Boolean,
  );
  if (missing.length || !javac || !java || !bwrap || !prlimit)
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
  return { javac, java, home, configDirs: [...configDirs], bwrap, prlimit, setpriv };
}

/**
 * The folders of the shared libraries this Node process has loaded (the C library, the loader, libstdc++): the same
 * ones the JDK's binaries load, read from /proc/self/maps rather than guessed from the distribution's layout.
 */
function sharedLibraryDirs(): string[] {
  const dirs = new Set<string>();
  try {
    for (const line of fs.readFileSync('/proc/self/maps', 'utf8').split('\n')) {
      const file = line.slice(line.indexOf('/'));
      if (line.includes('/') && /\.so(\.\d+)*$/.test(file) && !file.startsWith('/proc/')) dirs.add(path.dirname(fs.realpathSync(file)));
    }
  } catch {
    // Without /proc/self/maps the usual places are taken below.
  }
  for (const dir of ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64']) if (fs.existsSync(dir)) dirs.add(dir);
  return [...dirs];
}

/** The bubblewrap arguments: only what the JDK needs, read-only, plus the work folder at /sandbox. */
function sandboxArgs(jdk: Jdk, workDir: string, writable: boolean): string[] {
  const args = ['--unshare-all', '--unshare-user', '--disable-userns', '--hostname', 'sandbox'];
  args.push('--die-with-parent', '--new-session', '--clearenv');
  args.push(
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'LANG',
    'C.UTF-8',
    '--setenv',
    'MALLOC_ARENA_MAX',
    '2',
    '--setenv',
    'HOME',
    '/sandbox',
  );
  // Not all of /usr: no other program of the host, and no application folder that may sit under it.
  for (const dir of [jdk.home, ...sharedLibraryDirs()]) args.push('--ro-bind', dir, dir);
  for (const dir of ['/lib', '/lib64', '/lib32']) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  for (const dir of ['/etc/ld.so.cache', ...jdk.configDirs]) {
    if (fs.existsSync(dir)) args.push('--ro-bind', dir, dir);
  }
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(SANDBOX_SHM_BYTES), '--tmpfs', '/dev/shm', '--remount-ro', '/dev');
  args.push('--size', String(SANDBOX_TMP_BYTES), '--tmpfs', '/tmp');
  // The filter arrives on descriptor 3 (see runInSandbox).
  if (seccompSupported()) args.push('--seccomp', '3');
  args.push(writable ? '--bind' : '--ro-bind', workDir, '/sandbox', '--chdir', '/sandbox');
  return args;
}

type SandboxRun = {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  outputExceeded: boolean;
  timeMs: number;
};

/** The uid the sandbox runs as: a distinct unprivileged one per slot when we are root (the process limit is per uid). */
function sandboxUid(slot: number): number | null {
  return isRoot() ? SANDBOX_UID_BASE + slot : null;
}

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
  const uid = sandboxUid(options.slot);
  const limits = [
    `--nproc=${MAX_PROCESSES}`,
    `--as=${options.addressSpaceMb * 1024 * 1024}`,
    `--cpu=${options.cpuSeconds}:${options.cpuSeconds + 1}`,
    `--fsize=${MAX_FILE_BYTES}`,
    '--nofile=256',
    '--core=0',
  ];
  const inner = [jdk.prlimit, ...limits, '--', jdk.bwrap, ...sandboxArgs(jdk, options.workDir, options.writable), ...options.command];
  // As root, drop to the sandbox uid first: the process limit is not enforced for root, and root could undo the rest.
  const argv =
    uid === null
      ? inner
      : [
          jdk.setpriv!,
          `--reuid=${uid}`,
          `--regid=${uid}`,
          '--clear-groups',
          '--inh-caps=-all',
          '--bounding-set=-all',
          '--no-new-privs',
          ...inner,
        ];

  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: { PATH: '/usr/bin:/bin' },
    });
    const filter = child.stdio[3] as Writable | null;
    if (filter) {
      filter.on('error', () => undefined);
      if (seccompSupported()) filter.end(seccompProgram());
      else filter.end();
    }
    const stdout = new OutputCollector(options.outputLimitBytes);
    const stderr = new OutputCollector(STDERR_KEEP_BYTES);
    let timedOut = false;
    let outputExceeded = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.wallMs);
    const count = (collector: OutputCollector) => (chunk: Buffer) => {
      collector.add(chunk);
      if (collector.total > options.outputLimitBytes && !outputExceeded) {
        outputExceeded = true;
        kill();
      }
    };
    child.stdout.on('data', count(stdout));
    child.stderr.on('data', count(stderr));
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin);
    child.on('error', () => undefined);
    child.on('close', async (exitCode, signal) => {
      clearTimeout(timer);
      const timeMs = performance.now() - started;
      if (uid !== null) await waitForSandboxExit(uid);
      resolve({ exitCode, signal, stdout: stdout.text(), stderr: stderr.text(), timedOut, outputExceeded, timeMs });
    });
  });
}

/**
 * A killed sandbox takes a moment to go: its pid namespace is torn down after bwrap dies. Wait until no process of the
 * sandbox uid is left, so that the next run starts with its process count at zero and nothing outlives a grading.
 */
async function waitForSandboxExit(uid: number, timeoutMs = 3000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const alive = (await fs.promises.readdir('/proc'))
      .filter((name) => /^\d+$/.test(name))
      .some((pid) => {
        try {
          // A zombie runs nothing: it only waits for the machine's init to collect it, which may take a while.
          return fs.statSync(`/proc/${pid}`).uid === uid && fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
        } catch {
          return false;
        }
      });
    if (!alive) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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

/** Java is available when the JDK and the sandbox tools are installed and a tiny sandboxed `java -version` works. */
export async function javaSupport(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const jdk = findJdk();
  if (typeof jdk === 'string') return { ok: false, reason: jdk };
  const workDir = await makeWorkDir(0);
  try {
    const run = await runInSandbox(jdk, {
      slot: 0,
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
