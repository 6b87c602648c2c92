import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { cpuWeightOfNice, joinGradingCpuGroup, type KernelFiles } from './grading-priority';

/** A kernel's files in a folder of the test's own: /proc's few files and a cgroup v1 cpu hierarchy (or v2 only). */
function fakeKernel(options: { autogroup: '0' | '1'; cgroup: string; root?: boolean; v2CpuWeight?: string; alivePids?: number[] }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutor-cpu-group-test-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  const kernel: KernelFiles = { proc: path.join(dir, 'proc'), cgroup: path.join(dir, 'cgroup'), root: options.root ?? true };
  fs.mkdirSync(path.join(kernel.proc, 'sys', 'kernel'), { recursive: true });
  fs.writeFileSync(path.join(kernel.proc, 'sys', 'kernel', 'sched_autogroup_enabled'), `${options.autogroup}\n`);
  fs.mkdirSync(path.join(kernel.proc, 'self'));
  fs.writeFileSync(path.join(kernel.proc, 'self', 'cgroup'), options.cgroup);
  for (const pid of options.alivePids ?? []) fs.mkdirSync(path.join(kernel.proc, String(pid)));
  fs.mkdirSync(path.join(kernel.cgroup, 'cpu'), { recursive: true });
  if (/:cpu[,:]/.test(options.cgroup)) fs.writeFileSync(path.join(kernel.cgroup, 'cpu', 'cpu.shares'), '1024\n');
  if (options.v2CpuWeight) {
    fs.mkdirSync(path.join(kernel.cgroup, options.v2CpuWeight), { recursive: true });
    fs.writeFileSync(path.join(kernel.cgroup, options.v2CpuWeight, 'cpu.weight'), '100\n');
  }
  return kernel;
}

describe('the grading cpu group', () => {
  it('weighs a nice value as the kernel does', () => {
    expect(cpuWeightOfNice(0)).toBe(1024);
    expect(cpuWeightOfNice(10)).toBe(110);
    expect(cpuWeightOfNice(19)).toBe(15);
  });

  it('holds the worker in a group of its own, weighted as its nice, where autogroups would undo nice', () => {
    const kernel = fakeKernel({ autogroup: '1', cgroup: '10:cpu,cpuacct:/\n4:memory:/\n0::/\n', alivePids: [process.pid, 4242] });
    // The groups of a worker that is gone are removed; a live worker's are kept.
    fs.mkdirSync(path.join(kernel.cgroup, 'cpu', 'tutor-grading-999999'));
    fs.mkdirSync(path.join(kernel.cgroup, 'cpu', 'tutor-grading-4242'));
    const group = joinGradingCpuGroup(10, kernel);
    const dir = path.join(kernel.cgroup, 'cpu', `tutor-grading-${process.pid}`);
    expect(group).toEqual({ kind: 'joined', dir, weight: 110 });
    expect(fs.readFileSync(path.join(dir, 'cpu.shares'), 'utf8')).toBe('110');
    expect(fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8')).toBe(String(process.pid));
    expect(fs.existsSync(path.join(kernel.cgroup, 'cpu', 'tutor-grading-999999'))).toBe(false);
    expect(fs.existsSync(path.join(kernel.cgroup, 'cpu', 'tutor-grading-4242'))).toBe(true);
  });

  it('makes nothing where nice holds by itself', () => {
    const off = fakeKernel({ autogroup: '0', cgroup: '10:cpu,cpuacct:/\n0::/\n' });
    expect(joinGradingCpuGroup(10, off).kind).toBe('not-needed');
    const container = fakeKernel({ autogroup: '1', cgroup: '10:cpu,cpuacct:/docker/abc\n0::/\n' });
    expect(joinGradingCpuGroup(10, container)).toMatchObject({ kind: 'not-needed', why: expect.stringContaining('/docker/abc') });
    const unit = fakeKernel({ autogroup: '1', cgroup: '0::/system.slice/tutor.service\n', v2CpuWeight: 'system.slice/tutor.service' });
    expect(joinGradingCpuGroup(10, unit).kind).toBe('not-needed');
    for (const kernel of [off, container, unit])
      expect(fs.readdirSync(path.join(kernel.cgroup, 'cpu'))).not.toContain(`tutor-grading-${process.pid}`);
  });

  it('says why it cannot, where autogroups undo nice and no group can be made', () => {
    const notRoot = fakeKernel({ autogroup: '1', cgroup: '10:cpu,cpuacct:/\n0::/\n', root: false });
    expect(joinGradingCpuGroup(10, notRoot)).toMatchObject({
      kind: 'unavailable',
      why: expect.stringContaining('sched_autogroup_enabled=0'),
    });
    const v2 = fakeKernel({ autogroup: '1', cgroup: '0::/user.slice/session-1.scope\n' });
    expect(joinGradingCpuGroup(10, v2)).toMatchObject({ kind: 'unavailable', why: expect.stringContaining('CPUWeight=') });
  });

  // The kernel itself: a sandbox starts a session of its own (a detached spawn, as bubblewrap's is), which with
  // autogroups on would be scheduled as an equal of the app; in the group it stays with the worker, weighted as nice 10.
  const own = fs.existsSync('/proc/self/cgroup') ? fs.readFileSync('/proc/self/cgroup', 'utf8') : '';
  const kernelRunnable =
    process.getuid?.() === 0 &&
    fs.existsSync('/proc/sys/kernel/sched_autogroup_enabled') &&
    fs.readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1' &&
    /^\d+:[^:]*\bcpu\b[^:]*:\/$/m.test(own) &&
    fs.existsSync('/sys/fs/cgroup/cpu/cpu.shares');
  it.skipIf(!kernelRunnable)('keeps a sandbox that starts a session of its own in the worker group', () => {
    const module = fileURLToPath(new URL('./grading-priority.ts', import.meta.url));
    const script = `
      import { spawn } from 'node:child_process';
      import fs from 'node:fs';
      import { joinGradingCpuGroup } from ${JSON.stringify(module)};
      const group = joinGradingCpuGroup(10);
      const sandbox = spawn('sleep', ['20'], { detached: true, stdio: 'ignore' });
      await new Promise((r) => setTimeout(r, 200));
      const cpuGroup = (pid) => /^\\d+:[^:]*\\bcpu\\b[^:]*:(.*)$/m.exec(fs.readFileSync('/proc/' + pid + '/cgroup', 'utf8'))[1];
      console.log(JSON.stringify({
        group,
        worker: cpuGroup(process.pid),
        sandbox: cpuGroup(sandbox.pid),
        sessions: [fs.readFileSync('/proc/self/autogroup', 'utf8'), fs.readFileSync('/proc/' + sandbox.pid + '/autogroup', 'utf8')],
        shares: fs.readFileSync('/sys/fs/cgroup/cpu' + cpuGroup(process.pid) + '/cpu.shares', 'utf8').trim(),
      }));
      process.kill(sandbox.pid, 'SIGKILL');
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const seen = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      group: { kind: string; dir: string };
      worker: string;
      sandbox: string;
      sessions: [string, string];
      shares: string;
    };
    onTestFinished(async () => {
      // The group is empty once its processes are reaped, a moment after they end.
      for (let i = 0; i < 50 && fs.existsSync(seen.group.dir); i++) {
        try {
          fs.rmdirSync(seen.group.dir);
        } catch {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    });
    expect(seen.group.kind).toBe('joined');
    expect(seen.worker).toMatch(/^\/tutor-grading-\d+$/);
    expect(seen.sandbox).toBe(seen.worker);
    expect(seen.sessions[1]).not.toBe(seen.sessions[0]);
    expect(seen.shares).toBe('110');
  });
});
