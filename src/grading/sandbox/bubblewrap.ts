// The native sandbox the programs of the machine run in (the JDK for Java, Chromium for WebGL pictures): bubblewrap
// with no network and no namespace shared with the host, only the shared libraries and the folders a caller names
// (read-only), an empty environment, its own host name, a read-only /dev with a small /dev/shm, a private /tmp, no
// nested namespaces, the seccomp filter of seccomp.ts, rlimits through prlimit, and as root an unprivileged uid per
// grading slot (the process limit is per uid and the kernel does not enforce it for root). One builder for every
// language, so a hardening of one holds for all.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { OutputCollector, STDERR_KEEP_BYTES } from '../limits';
import { createRunCgroup, type CgroupLimits } from './cgroup';
import { seccompProgram, seccompSupported } from './seccomp';

const SANDBOX_TMP_BYTES = 16 * 1024 * 1024;
/** /dev/shm is RAM that the address-space limit does not count: kept small unless a caller needs more. */
const SANDBOX_SHM_BYTES = 1024 * 1024;
const SANDBOX_UID_BASE = 61000;

export type SandboxTools = { bwrap: string; prlimit: string; setpriv: string | null };

/** The executable `name` from the usual folders and PATH, with its links resolved, or null. */
export function findOnPath(name: string): string | null {
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

export const isRoot = () => process.getuid?.() === 0;

/** bubblewrap, prlimit and (as root) setpriv, or the names of those missing. */
export function findSandboxTools(): SandboxTools | { missing: string[] } {
  const bwrap = findOnPath('bwrap');
  const prlimit = findOnPath('prlimit');
  const setpriv = findOnPath('setpriv');
  const missing = [!bwrap && 'bwrap', !prlimit && 'prlimit', isRoot() && !setpriv && 'setpriv'].filter((m): m is string => !!m);
  if (missing.length || !bwrap || !prlimit) return { missing };
  return { bwrap, prlimit, setpriv };
}

/**
 * The folders of the shared libraries this Node process has loaded (the C library, the loader, libstdc++): the same
 * ones the sandboxed binaries load, read from /proc/self/maps rather than guessed from the distribution's layout.
 */
export function sharedLibraryDirs(): string[] {
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

export type SandboxLayout = {
  /** Folders or files bound read-only at the same path (those missing on this machine are left out). */
  readOnly: string[];
  /** The work folder, seen inside as /sandbox (the current folder). */
  workDir: string;
  writable: boolean;
  env: Record<string, string>;
  /** The size of /dev/shm in bytes; 1 MB unless a program needs more (Chromium shares its frames through it). */
  shmBytes?: number;
  /** Folders bound read-only at another path inside (`source` on the host, seen as `target`), after /tmp is made. */
  readOnlyAt?: { source: string; target: string }[];
};

/** The bubblewrap arguments: the libraries and what the layout names, read-only, plus the work folder at /sandbox. */
export function sandboxArgs(layout: SandboxLayout): string[] {
  const args = ['--unshare-all', '--unshare-user', '--disable-userns', '--hostname', 'sandbox'];
  args.push('--die-with-parent', '--new-session', '--clearenv');
  for (const [name, value] of Object.entries(layout.env)) args.push('--setenv', name, value);
  // Not all of /usr: no other program of the host, and no application folder that may sit under it.
  for (const dir of new Set([...layout.readOnly, ...sharedLibraryDirs()])) if (fs.existsSync(dir)) args.push('--ro-bind', dir, dir);
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
  if (fs.existsSync('/etc/ld.so.cache')) args.push('--ro-bind', '/etc/ld.so.cache', '/etc/ld.so.cache');
  const shm = String(layout.shmBytes ?? SANDBOX_SHM_BYTES);
  args.push('--proc', '/proc', '--dev', '/dev', '--size', shm, '--tmpfs', '/dev/shm', '--remount-ro', '/dev');
  args.push('--size', String(SANDBOX_TMP_BYTES), '--tmpfs', '/tmp');
  for (const { source, target } of layout.readOnlyAt ?? []) args.push('--ro-bind', source, target);
  // The filter arrives on descriptor 3 (see runInSandbox).
  if (seccompSupported()) args.push('--seccomp', '3');
  args.push(layout.writable ? '--bind' : '--ro-bind', layout.workDir, '/sandbox', '--chdir', '/sandbox');
  return args;
}

export type SandboxRun = {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  outputExceeded: boolean;
  /** The kernel killed a process of the run's control group for passing its memory limit. */
  memoryExceeded: boolean;
  timeMs: number;
};

/** The uid the sandbox runs as: a distinct unprivileged one per slot when we are root (the process limit is per uid). */
export function sandboxUid(slot: number): number | null {
  return isRoot() ? SANDBOX_UID_BASE + slot : null;
}

export type SandboxRunOptions = {
  slot: number;
  layout: SandboxLayout;
  command: string[];
  /**
   * What the command reads. A promise starts the sandbox at once and gives it its input later (the wall clock starts
   * then): a sandbox can start while its program is still being made; `null` ends it unused.
   */
  stdin: string | Promise<string | null>;
  wallMs: number;
  /** prlimit's arguments (`--nproc=…`, `--as=…`): what each program can live with. */
  rlimits: string[];
  outputLimitBytes: number;
  /** What of stderr is kept (it is counted towards the output limit either way). */
  stderrKeepBytes?: number;
  /** Memory and processes of the whole run, counted together in a control group where the machine allows one. */
  cgroup?: CgroupLimits;
};

/** What the wrapper that joins a run's control group writes before it gives up; the program never ran. */
export const CGROUP_JOIN_FAILED = 'sandbox: could not join the control group';

/**
 * The run's first process joins its control group before anything else starts, so every process after it is counted
 * there (one moved in after the start would leave its children behind). It writes 0, "the writer itself", to each
 * file (cgroup.ts says which: a v1 group's `tasks`, which moves the writing thread alone and, the shell having no other
 * thread, the whole process, without the kernel's lock on every process's forks that a write to cgroup.procs waits
 * for). The command to run follows this prefix.
 */
export function cgroupJoinCommand(joinFiles: string[]): string[] {
  return [
    '/bin/sh',
    '-c',
    `while [ "$1" != -- ]; do echo 0 > "$1" || { echo '${CGROUP_JOIN_FAILED}' >&2; exit 125; }; shift; done; shift; exec "$@"`,
    'sh',
    ...joinFiles,
    '--',
  ];
}

/**
 * Runs `command` in the sandbox. The wall-clock limit and the output limit kill the whole process group; as root the
 * run waits until no process of the slot's uid is left, so nothing outlives it.
 */
export function runInSandbox(tools: SandboxTools, options: SandboxRunOptions): Promise<SandboxRun> {
  return startInSandbox(tools, options).settled;
}

/**
 * A sandbox run in two steps: `exited` when its first process has ended and its output is all read, `settled` when,
 * besides, no process of the slot's uid is left and the control group is gone (runInSandbox's result). The namespace's
 * own teardown after the command ends takes milliseconds, tens on a busy machine: a caller that has what it needs from
 * a command that waits for its own children (gcc) goes on at `exited` and awaits `settled` before its work ends.
 * `exited` tells nothing of the control group (its memory kills are counted at `settled`); it never rejects.
 */
export function startInSandbox(
  tools: SandboxTools,
  options: SandboxRunOptions,
): { exited: Promise<SandboxRun>; settled: Promise<SandboxRun> } {
  const uid = sandboxUid(options.slot);
  const inner = [tools.prlimit, ...options.rlimits, '--', tools.bwrap, ...sandboxArgs(options.layout), ...options.command];
  const cgroup = options.cgroup ? createRunCgroup(options.slot, options.cgroup) : null;
  // The run's first process joins its control group before anything else starts, so every process after it is
  // counted there (one moved in after the start would leave its children behind).
  const joinCgroup = cgroup ? cgroupJoinCommand(cgroup.joinFiles) : [];
  // As root, drop to the sandbox uid first: the process limit is not enforced for root, and root could undo the rest.
  const argv = [
    ...joinCgroup,
    ...(uid === null
      ? inner
      : [
          tools.setpriv!,
          `--reuid=${uid}`,
          `--regid=${uid}`,
          '--clear-groups',
          '--inh-caps=-all',
          '--bounding-set=-all',
          '--no-new-privs',
          ...inner,
        ]),
  ];

  let exit = (_run: SandboxRun) => {};
  const exited = new Promise<SandboxRun>((resolve) => (exit = resolve));
  const settled = new Promise<SandboxRun>((resolve, reject) => {
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
    const stderr = new OutputCollector(options.stderrKeepBytes ?? STDERR_KEEP_BYTES);
    let timedOut = false;
    let outputExceeded = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    let timer: NodeJS.Timeout | undefined;
    const startClock = () => {
      timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, options.wallMs);
    };
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
    let closed = false;
    if (typeof options.stdin === 'string') {
      startClock();
      child.stdin.end(options.stdin);
    } else {
      options.stdin.then(
        (input) => {
          if (closed) return;
          if (input === null) return kill();
          startClock();
          child.stdin.end(input);
        },
        () => kill(),
      );
    }
    child.on('error', () => undefined);
    child.on('close', async (exitCode, signal) => {
      closed = true;
      clearTimeout(timer);
      const timeMs = performance.now() - started;
      const run = {
        exitCode,
        signal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        timedOut,
        outputExceeded,
        memoryExceeded: false,
        timeMs,
      };
      exit(run);
      if (uid !== null) await waitForSandboxExit(uid);
      const memoryExceeded = cgroup?.memoryExceeded() ?? false;
      await cgroup?.remove();
      // The wrapper's own failure is the machine's, not the program's: an exit code of 125 must not reach the verdict.
      if (cgroup && exitCode === 125 && run.stderr.startsWith(CGROUP_JOIN_FAILED)) {
        reject(new Error(`The sandbox could not join its control group (${cgroup.joinFiles.join(', ')}).`));
        return;
      }
      resolve({ ...run, memoryExceeded });
    });
  });
  return { exited, settled };
}

/**
 * A killed sandbox takes a moment to go: its pid namespace is torn down after bwrap dies. Wait until no process of the
 * sandbox uid is left, so that the next run starts with its process count at zero and nothing outlives a grading.
 */
async function waitForSandboxExit(uid: number, timeoutMs = 3000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (!(await sandboxProcessesAlive(uid))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether a process of `uid` still runs (a zombie runs nothing: it only waits for the machine's init to collect it). */
export async function sandboxProcessesAlive(uid: number): Promise<boolean> {
  return (await fs.promises.readdir('/proc'))
    .filter((name) => /^\d+$/.test(name))
    .some((pid) => {
      try {
        return fs.statSync(`/proc/${pid}`).uid === uid && fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
      } catch {
        return false;
      }
    });
}
