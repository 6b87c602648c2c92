import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  CGROUP_JOIN_FAILED,
  cgroupJoinCommand,
  findSandboxTools,
  runInSandbox,
  sandboxProcessesAlive,
  sandboxUid,
  startInSandbox,
  type SandboxRunOptions,
  type SandboxTools,
} from './bubblewrap';
import { cgroupSupport, createRunCgroup } from './cgroup';

// A run's control group counts all of its processes together. Checked with the host's python3 in the sandbox (the
// Java and Chromium sandboxes bind neither), with rlimits far above the group's limits, so that only the group stops it.
const python = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => fs.existsSync(p));
const tools = findSandboxTools();
const runnable = !!python && !('missing' in tools) && cgroupSupport() !== null;

async function runPython(script: string, cgroup: SandboxRunOptions['cgroup']) {
  return runInSandbox(tools as SandboxTools, await pythonRun(script, cgroup));
}

async function pythonRun(script: string, cgroup: SandboxRunOptions['cgroup']): Promise<SandboxRunOptions> {
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'tutor-cgroup-test-'));
  onTestFinished(() => fs.promises.rm(workDir, { recursive: true, force: true }));
  await fs.promises.chmod(workDir, 0o755);
  return {
    slot: 15,
    layout: { readOnly: ['/usr/bin', '/usr/lib/python3', `/usr/lib/python3.${pythonMinor()}`], workDir, writable: false, env: {} },
    command: [python!, '-c', script],
    stdin: '',
    wallMs: 20_000,
    rlimits: ['--nproc=200', '--as=4294967296'],
    outputLimitBytes: 64 * 1024,
    cgroup,
  };
}

function pythonMinor(): string {
  const dirs = fs.readdirSync('/usr/lib').filter((d) => /^python3\.\d+$/.test(d));
  return dirs[0]?.split('.')[1] ?? '0';
}

/** The run groups this process made and has not removed (none may be left after a run). */
function leftGroups(): string[] {
  const left: string[] = [];
  for (const root of ['/sys/fs/cgroup/memory', '/sys/fs/cgroup/pids', '/sys/fs/cgroup', '/sys/fs/cgroup/unified']) {
    const walk = (dir: string, depth: number) => {
      if (depth > 4) return;
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (!e.isDirectory()) continue;
        if (e.name.startsWith(`tutor-sandbox-${process.pid}-`)) left.push(path.join(dir, e.name));
        else walk(path.join(dir, e.name), depth + 1);
      }
    };
    walk(root, 0);
  }
  return left;
}

describe.runIf(runnable)('a sandbox run in a control group', () => {
  it('is stopped, as over its memory limit, when its processes together hold more than the limit', async () => {
    // Four processes of 60 MB each: under any one-process limit, over the group's 160 MB together.
    const script = `
import os, time
kids = []
for i in range(4):
    pid = os.fork()
    if pid == 0:
        block = bytearray(60 * 1024 * 1024)
        for j in range(0, len(block), 4096): block[j] = 1
        time.sleep(5)
        os._exit(0)
    kids.append(pid)
for pid in kids: os.waitpid(pid, 0)
print('all held')
`;
    const run = await runPython(script, { memoryBytes: 160 * 1024 * 1024, pids: 64 });
    expect(run.memoryExceeded).toBe(true);
    expect(run.timedOut).toBe(false);
    expect(leftGroups()).toEqual([]);
  }, 30_000);

  it('runs a program within its limits to the end, and counts its processes together', async () => {
    const script = `
import os
made = 0
try:
    for i in range(40):
        if os.fork() == 0:
            import time; time.sleep(2); os._exit(0)
        made += 1
except OSError as e:
    print('refused', e.strerror)
print('made', made)
`;
    const run = await runPython(script, { memoryBytes: 256 * 1024 * 1024, pids: 10 });
    expect(run.memoryExceeded).toBe(false);
    // The process limit of the group (10, the first process included) holds although the rlimit allows 200.
    expect(run.stdout).toMatch(/refused Resource temporarily unavailable/);
    expect(Number(/made (\d+)/.exec(run.stdout)?.[1])).toBeLessThan(10);
    expect(leftGroups()).toEqual([]);
  }, 30_000);

  it('has the whole output when the command ends, and settles only once none of its processes and no group is left', async () => {
    // The command ends at once and leaves a process behind, which the sandbox's end kills.
    const script = `
import os, time
if os.fork() == 0:
    time.sleep(30)
    os._exit(0)
print('done')
`;
    const run = startInSandbox(tools as SandboxTools, await pythonRun(script, { memoryBytes: 256 * 1024 * 1024, pids: 10 }));
    const exited = await run.exited;
    expect(exited).toMatchObject({ exitCode: 0, stdout: 'done\n', timedOut: false });
    const settled = await run.settled;
    expect(settled).toMatchObject({ exitCode: 0, stdout: 'done\n', memoryExceeded: false });
    expect(await sandboxProcessesAlive(sandboxUid(15)!)).toBe(false);
    expect(leftGroups()).toEqual([]);
  }, 30_000);
});

describe('the wrapper that joins a control group', () => {
  it('writes "itself" (0) to each file and then runs the command', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutor-cgroup-join-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const files = [path.join(dir, 'a'), path.join(dir, 'b')];
    const [command, ...args] = [...cgroupJoinCommand(files), '/bin/sh', '-c', 'exit 3'];
    const run = spawnSync(command!, args, { encoding: 'utf8' });
    expect(run.status).toBe(3);
    expect(files.map((f) => fs.readFileSync(f, 'utf8').trim())).toEqual(['0', '0']);
  });

  it.runIf(cgroupSupport() !== null)('puts the command and the processes it starts in the run group', async () => {
    const group = createRunCgroup(15, { memoryBytes: 64 * 1024 * 1024, pids: 8 })!;
    onTestFinished(() => group.remove());
    // exec keeps the process that joined; the second `cat` is a child of the shell, born in the group.
    const [command, ...args] = [...cgroupJoinCommand(group.joinFiles), '/bin/sh', '-c', 'cat /proc/$$/cgroup; cat /proc/self/cgroup'];
    const run = spawnSync(command!, args, { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const name = path.basename(path.dirname(group.joinFiles[0]!));
    const hierarchy = cgroupSupport() === 'v2' ? /^0::/ : /^\d+:(memory|pids):/;
    const lines = run.stdout.split('\n').filter((line) => hierarchy.test(line));
    // Each hierarchy of the group (v1: memory and pids; v2: the one) has both processes under the group's name.
    expect(lines).toHaveLength(2 * group.joinFiles.length);
    for (const line of lines) expect(line.endsWith(`/${name}`)).toBe(true);
  });

  it('says so and never runs the command when a group cannot be joined', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutor-cgroup-join-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const [command, ...args] = [...cgroupJoinCommand([path.join(dir, 'missing', 'cgroup.procs')]), '/bin/sh', '-c', 'echo ran'];
    const run = spawnSync(command!, args, { encoding: 'utf8' });
    expect(run.status).toBe(125);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(CGROUP_JOIN_FAILED);
  });
});
