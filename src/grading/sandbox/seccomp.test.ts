import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seccompProgram, seccompSupported } from './seccomp';

// The filter is checked on its own, with a shell and python3 of the host inside bubblewrap (the Java sandbox binds
// neither): each refused call must fail with "Operation not permitted" while ordinary work goes on.
const bwrap = ['/usr/bin/bwrap', '/bin/bwrap'].find((p) => fs.existsSync(p));
const python = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => fs.existsSync(p));
const runnable = bwrap && python && seccompSupported() && process.getuid?.() === 0;

describe.runIf(runnable)('the seccomp filter of the native sandbox', () => {
  it('refuses namespaces, mounts, tracing, keyrings, BPF and netlink sockets, and lets ordinary work run', () => {
    // The program is written to a file that a shell opens as descriptor 3 before it becomes setpriv.
    const file = `/tmp/seccomp-test-${process.pid}.bpf`;
    fs.writeFileSync(file, seccompProgram());
    try {
      const script = `
import ctypes, os, socket, threading, subprocess
libc = ctypes.CDLL(None, use_errno=True)
def errno_of(ret):
    return 'ok' if ret == 0 else os.strerror(ctypes.get_errno())
print('unshare', errno_of(libc.unshare(0x10000000)))
print('mount', errno_of(libc.mount(b'none', b'/tmp', b'tmpfs', 0, None)))
print('ptrace', errno_of(libc.ptrace(0, 0, 0, 0)))
print('keyctl', errno_of(libc.syscall(250, 0, 0, 0, 0)))
print('bpf', errno_of(libc.syscall(321, 0, 0, 0)))
try:
    socket.socket(16, socket.SOCK_RAW, 0); print('netlink ok')
except OSError as e:
    print('netlink', e.strerror)
t = threading.Thread(target=lambda: None); t.start(); t.join(); print('thread ok')
print('fork', subprocess.run(['/bin/true']).returncode)
`;
      const r = spawnSync('sh', ['-c', `exec 3<"$0"; exec setpriv "$@"`, file, ...inFilterArgs(script)], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      const out = `${r.stdout}${r.stderr}`;
      for (const call of ['unshare', 'mount', 'ptrace', 'keyctl', 'bpf', 'netlink'])
        expect(out).toContain(`${call} Operation not permitted`);
      expect(out).toContain('thread ok');
      expect(out).toContain('fork 0');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

/** setpriv's arguments: python3 in bubblewrap under an unprivileged uid, as the Java sandbox runs, filtered by descriptor 3. */
function inFilterArgs(script: string): string[] {
  return [
    '--reuid=61900',
    '--regid=61900',
    '--clear-groups',
    bwrap!,
    '--unshare-all',
    '--die-with-parent',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--seccomp',
    '3',
    python!,
    '-c',
    script,
  ];
}
