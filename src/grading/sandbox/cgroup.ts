// Memory and processes counted per sandbox run, where the machine lets the worker make control groups: rlimits count
// per process (a program that starts a second JVM gets a second address space) and do not count tmpfs pages, a
// control group counts everything its processes hold together. cgroup v2 (memory.max, pids.max) or v1
// (memory.limit_in_bytes, pids.max); without either (not root, no writable hierarchy, controllers not delegated), the
// rlimits alone hold, as before.
import fs from 'node:fs';
import path from 'node:path';

export type CgroupLimits = { memoryBytes: number; pids: number };

type Hierarchy = { version: 2; dir: string } | { version: 1; memoryDir: string; pidsDir: string };

/** One run's control group: the files its first process joins it through, and what happened in it. */
export type RunCgroup = {
  /**
   * Where the run's first process writes 0 (itself) to join the group: v2's cgroup.procs; v1's `tasks`, which moves
   * the writing thread alone. A write to cgroup.procs moves a whole process and so takes the kernel's lock on every
   * process's forks and exits, whose taking waits a grace period of the kernel's read-copy-update (measured here: 5 to
   * 25 ms a run, more on a busy machine). The joining shell has one thread, so `tasks` moves all of it, at no wait.
   */
  joinFiles: string[];
  /** Whether the kernel killed a process of the group for passing its memory limit. */
  memoryExceeded(): boolean;
  /** Removes the group once its processes are gone (a group with processes cannot be removed). */
  remove(): Promise<void>;
};

const ROOT = '/sys/fs/cgroup';
let detected: Hierarchy | null | undefined;
let counter = 0;

/** Our own group's path in each hierarchy, from /proc/self/cgroup ("0::/path" for v2, "N:memory:/path" for v1). */
function ownPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of fs.readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n')) {
    const [, controllers, where] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (controllers === undefined || where === undefined) continue;
    if (controllers === '') paths.set('v2', where);
    for (const name of controllers.split(',')) if (name) paths.set(name, where);
  }
  return paths;
}

/** Makes and removes a probe group under `parent`, true when the files the limits need are there and writable. */
function canMakeGroups(parent: string, files: string[]): boolean {
  const probe = path.join(parent, `tutor-sandbox-probe-${process.pid}`);
  try {
    fs.mkdirSync(probe);
  } catch {
    return false;
  }
  try {
    for (const file of files) fs.accessSync(path.join(probe, file), fs.constants.W_OK);
    return true;
  } catch {
    return false;
  } finally {
    try {
      fs.rmdirSync(probe);
    } catch {
      // Holds no process; the sweep at the next start removes it.
    }
  }
}

function detect(): Hierarchy | null {
  if (process.getuid?.() !== 0) return null;
  let own: Map<string, string>;
  try {
    own = ownPaths();
  } catch {
    return null;
  }
  // v2: our group's children get the memory and pids controllers only when our group delegates them.
  const v2Root = fs.existsSync(path.join(ROOT, 'cgroup.controllers')) ? ROOT : path.join(ROOT, 'unified');
  const v2Own = own.get('v2');
  if (v2Own !== undefined && fs.existsSync(path.join(v2Root, 'cgroup.controllers'))) {
    const dir = path.join(v2Root, v2Own);
    if (canMakeGroups(dir, ['memory.max', 'pids.max', 'cgroup.procs'])) return { version: 2, dir };
  }
  const memory = own.get('memory');
  const pids = own.get('pids');
  if (memory !== undefined && pids !== undefined) {
    const memoryDir = path.join(ROOT, 'memory', memory);
    const pidsDir = path.join(ROOT, 'pids', pids);
    if (canMakeGroups(memoryDir, ['memory.limit_in_bytes', 'tasks']) && canMakeGroups(pidsDir, ['pids.max', 'tasks'])) {
      return { version: 1, memoryDir, pidsDir };
    }
  }
  return null;
}

/**
 * Removes the run groups of worker processes that are gone (a worker killed mid-run leaves its group behind; it holds
 * no process once the run's processes are gone, and an empty group costs nothing but a name).
 */
function sweepStaleGroups(parents: string[]): void {
  for (const parent of parents) {
    let names: string[];
    try {
      names = fs.readdirSync(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      const owner = /^tutor-sandbox-(?:probe-)?(\d+)/.exec(name)?.[1];
      if (!owner || fs.existsSync(`/proc/${owner}`)) continue;
      try {
        fs.rmdirSync(path.join(parent, name));
      } catch {
        // Still holds a process, or already gone.
      }
    }
  }
}

/** Which control groups this process can give a sandbox run, found once: 'v2', 'v1', or null (rlimits only). */
export function cgroupSupport(): 'v2' | 'v1' | null {
  if (detected === undefined) {
    detected = detect();
    if (detected) sweepStaleGroups(detected.version === 2 ? [detected.dir] : [detected.memoryDir, detected.pidsDir]);
  }
  return detected ? (`v${detected.version}` as const) : null;
}

function oomKills(eventsFile: string): number {
  try {
    return Number(/^oom_kill (\d+)$/m.exec(fs.readFileSync(eventsFile, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function removeDir(dir: string): Promise<void> {
  // The kernel removes a group only once its last process has been reaped, a moment after the run ends.
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await fs.promises.rmdir(dir);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * A new control group with `limits` for one run, or null where the machine gives none or making it failed (the run
 * then holds to its rlimits alone; what was made of the group is removed).
 */
export function createRunCgroup(slot: number, limits: CgroupLimits): RunCgroup | null {
  if (cgroupSupport() === null) return null;
  const made: string[] = [];
  try {
    return makeRunCgroup(slot, limits, made);
  } catch {
    for (const dir of made.reverse()) {
      try {
        fs.rmdirSync(dir);
      } catch {
        // Swept at the next start.
      }
    }
    return null;
  }
}

function makeRunCgroup(slot: number, limits: CgroupLimits, made: string[]): RunCgroup {
  const hierarchy = detected!;
  const name = `tutor-sandbox-${process.pid}-${slot}-${counter++}`;
  if (hierarchy.version === 2) {
    const dir = path.join(hierarchy.dir, name);
    fs.mkdirSync(dir);
    made.push(dir);
    fs.writeFileSync(path.join(dir, 'memory.max'), String(limits.memoryBytes));
    // Swap would let a program hold more than its limit, slowly: none.
    if (fs.existsSync(path.join(dir, 'memory.swap.max'))) fs.writeFileSync(path.join(dir, 'memory.swap.max'), '0');
    fs.writeFileSync(path.join(dir, 'pids.max'), String(limits.pids));
    return {
      joinFiles: [path.join(dir, 'cgroup.procs')],
      memoryExceeded: () => oomKills(path.join(dir, 'memory.events')) > 0,
      remove: () => removeDir(dir),
    };
  }
  const memoryDir = path.join(hierarchy.memoryDir, name);
  const pidsDir = path.join(hierarchy.pidsDir, name);
  fs.mkdirSync(memoryDir);
  made.push(memoryDir);
  fs.mkdirSync(pidsDir);
  made.push(pidsDir);
  fs.writeFileSync(path.join(memoryDir, 'memory.limit_in_bytes'), String(limits.memoryBytes));
  const memsw = path.join(memoryDir, 'memory.memsw.limit_in_bytes');
  if (fs.existsSync(memsw)) fs.writeFileSync(memsw, String(limits.memoryBytes));
  fs.writeFileSync(path.join(pidsDir, 'pids.max'), String(limits.pids));
  return {
    joinFiles: [path.join(memoryDir, 'tasks'), path.join(pidsDir, 'tasks')],
    memoryExceeded: () => oomKills(path.join(memoryDir, 'memory.oom_control')) > 0,
    remove: async () => {
      await Promise.all([removeDir(memoryDir), removeDir(pidsDir)]);
    },
  };
}
