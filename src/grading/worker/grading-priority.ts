// The grading's lower CPU priority, for everything it makes the machine do: the worker process (nice, set in main.ts)
// and the sandboxes it starts.
//
// Sandboxes: with the kernel's autogroups on (the default of many distributions: kernel.sched_autogroup_enabled=1),
// every session is a scheduling group of its own that gets as much CPU as any other group, whatever the nice values
// inside it; and every sandbox run starts a session (the detached spawn, then bubblewrap's --new-session). So each
// compiler, program, JVM or Chromium of a grading competed with the whole app (server, database and workers in their
// one group) as an equal, and the worker's nice 10 held back only the worker process itself: on two cores busy with
// grading, the server's answers waited behind every sandbox. The kernel applies autogroups only to processes in the
// root cpu control group, so a cpu group of the worker's own, weighted as a process at its nice value, holds the worker
// and everything it starts, whatever sessions they make. Where autogroups are off, or the app already runs in a cpu
// group (a container, a systemd unit with the cpu controller), nice holds by itself and nothing is made.
import fs from 'node:fs';
import path from 'node:path';

export type GradingCpuGroup =
  { kind: 'joined'; dir: string; weight: number } | { kind: 'not-needed'; why: string } | { kind: 'unavailable'; why: string };

/** Where the kernel's files are; a test points them at a folder of its own. */
export type KernelFiles = { proc: string; cgroup: string; root: boolean };
const KERNEL: KernelFiles = { proc: '/proc', cgroup: '/sys/fs/cgroup', root: process.getuid?.() === 0 };

const GROUP_PREFIX = 'tutor-grading-';

/** The kernel's weight of a nice value (sched_prio_to_weight: 1024 at 0, each step 1.25 times less): 110 at 10. */
export const cpuWeightOfNice = (nice: number) => Math.max(2, Math.round(1024 / 1.25 ** nice));

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** This process's cpu group in a v1 hierarchy ("N:cpu,cpuacct:/path"), and its v2 path ("0::/path"). */
function ownGroups(kernel: KernelFiles): { v1cpu?: string; v2?: string } {
  const groups: { v1cpu?: string; v2?: string } = {};
  for (const line of (read(path.join(kernel.proc, 'self', 'cgroup')) ?? '').split('\n')) {
    const [, controllers, where] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (controllers === undefined || where === undefined) continue;
    if (controllers === '') groups.v2 = where;
    else if (controllers.split(',').includes('cpu')) groups.v1cpu = where;
  }
  return groups;
}

/** Removes the groups of worker processes that are gone (a group without processes costs nothing but its name). */
function sweepStaleGroups(parent: string, kernel: KernelFiles): void {
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = name.startsWith(GROUP_PREFIX) ? name.slice(GROUP_PREFIX.length) : '';
    if (!/^\d+$/.test(owner) || fs.existsSync(path.join(kernel.proc, owner))) continue;
    try {
      fs.rmdirSync(path.join(parent, name));
    } catch {
      // Still holds a process, or already gone.
    }
  }
}

/**
 * Moves this process, and so everything it starts from now on, into a cpu group of its own weighted as a process at
 * `nice`, where autogroups would otherwise give each of its sandboxes' sessions a full share. Says what it did, or why
 * nothing was needed or possible (to be logged). Call it once, early, before any sandbox or compiler is started.
 */
export function joinGradingCpuGroup(nice: number, kernel: KernelFiles = KERNEL): GradingCpuGroup {
  if (read(path.join(kernel.proc, 'sys', 'kernel', 'sched_autogroup_enabled')) !== '1') {
    return { kind: 'not-needed', why: 'the kernel groups no processes by session (autogroups are off), so nice holds' };
  }
  const own = ownGroups(kernel);
  if (own.v1cpu === undefined) {
    // cgroup v2 alone: autogroups apply only where the cpu controller is off for the process's group.
    const dir = own.v2 === undefined ? undefined : path.join(kernel.cgroup, own.v2);
    if (own.v2 !== undefined && own.v2 !== '/' && dir && fs.existsSync(path.join(dir, 'cpu.weight'))) {
      return { kind: 'not-needed', why: `the app runs in the cpu group ${own.v2}, where nice holds` };
    }
    return {
      kind: 'unavailable',
      why:
        'each sandbox starts a session, which the kernel schedules as an equal of the whole app (kernel.sched_autogroup_enabled=1), ' +
        'and this cgroup v2 hierarchy gives the app no cpu group: set kernel.sched_autogroup_enabled=0, or run the app under a ' +
        'cpu controller (systemd: CPUWeight= in its unit)',
    };
  }
  if (own.v1cpu !== '/') return { kind: 'not-needed', why: `the app runs in the cpu group ${own.v1cpu}, where nice holds` };
  const parent = path.join(kernel.cgroup, 'cpu');
  if (!kernel.root || !fs.existsSync(path.join(parent, 'cpu.shares'))) {
    return {
      kind: 'unavailable',
      why:
        'each sandbox starts a session, which the kernel schedules as an equal of the whole app (kernel.sched_autogroup_enabled=1), ' +
        'and only root can make a cpu group: run the workers as root, or set kernel.sched_autogroup_enabled=0',
    };
  }
  sweepStaleGroups(parent, kernel);
  const dir = path.join(parent, `${GROUP_PREFIX}${process.pid}`);
  const weight = cpuWeightOfNice(nice);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'cpu.shares'), String(weight));
    // cgroup.procs moves the whole process, every thread of it; its children inherit the group.
    fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(process.pid));
    return { kind: 'joined', dir, weight };
  } catch (err) {
    try {
      fs.rmdirSync(dir);
    } catch {
      // Never made, or swept at the next start.
    }
    return { kind: 'unavailable', why: `the cpu group ${dir} could not be made: ${(err as Error).message}` };
  }
}

/** The line the worker logs about its cpu group. */
export function describeGradingCpuGroup(group: GradingCpuGroup, nice: number): string {
  if (group.kind === 'joined') {
    return `grading at a lower CPU priority: the worker and its sandboxes in the cpu group ${group.dir} (weight ${group.weight}, as nice ${nice})`;
  }
  if (group.kind === 'not-needed') return `grading at a lower CPU priority: nice ${nice} (${group.why})`;
  return `grading may slow the app's answers: nice ${nice} does not hold its sandboxes back here (${group.why})`;
}
