// The seccomp filter of the native sandbox (bubblewrap's --seccomp): a classic BPF program that refuses the system
// calls a student's program never needs and most kernel escalations go through (namespaces, mounts, tracing, BPF,
// perf, io_uring, keyrings, userfaultfd, module and kexec loading, netlink sockets). Refused calls fail with EPERM, as
// they would for any unprivileged process, so a program that tries them reads an error instead of being killed.
//
// Written by hand rather than with libseccomp because it is a few dozen instructions and libseccomp would be a native
// dependency; the layout follows the kernel's struct sock_filter and struct seccomp_data.

// struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6];
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARG0_LOW = 16;

const BPF_LD_W_ABS = 0x20; // BPF_LD | BPF_W | BPF_ABS
const BPF_JEQ_K = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const BPF_JGE_K = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const BPF_JSET_K = 0x45; // BPF_JMP | BPF_JSET | BPF_K
const BPF_RET_K = 0x06; // BPF_RET | BPF_K

const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_KILL_PROCESS = 0x80000000;
const SECCOMP_RET_ERRNO = 0x00050000;
const EPERM = 1;
const ENOSYS = 38;

const AUDIT_ARCH_X86_64 = 0xc000003e;
/** x32 system calls carry this bit; they are another numbering of the same calls, so they are all refused. */
const X32_SYSCALL_BIT = 0x40000000;

/** The x86_64 numbers of the calls refused outright. */
const REFUSED_X86_64: Record<string, number> = {
  ptrace: 101,
  syslog: 103,
  pivot_root: 155,
  chroot: 161,
  acct: 163,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  perf_event_open: 298,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  mount_setattr: 442,
};
const CLONE = 56;
/** clone3 passes its flags in memory a filter cannot read: it answers ENOSYS, and the C library falls back to clone. */
const CLONE3 = 435;
const SOCKET = 41;
const AF_NETLINK = 16;
/** CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET */
const CLONE_NEW_ANY = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000;

type Instruction = { code: number; jt: number; jf: number; k: number };
const stmt = (code: number, k: number): Instruction => ({ code, jt: 0, jf: 0, k });
const jump = (code: number, k: number, jt: number, jf: number): Instruction => ({ code, jt, jf, k });

/** The names of the refused calls, for the decision record and the tests. */
export const REFUSED_SYSCALLS = Object.keys(REFUSED_X86_64);

/** Whether this machine gets the filter: the numbers above are x86_64's. */
export const seccompSupported = () => process.arch === 'x64';

/** The filter as the bytes bubblewrap reads from its --seccomp descriptor (struct sock_filter, host byte order). */
export function seccompProgram(): Buffer {
  const refuse = stmt(BPF_RET_K, SECCOMP_RET_ERRNO | EPERM);
  const program: Instruction[] = [
    stmt(BPF_LD_W_ABS, OFFSET_ARCH),
    jump(BPF_JEQ_K, AUDIT_ARCH_X86_64, 1, 0),
    stmt(BPF_RET_K, SECCOMP_RET_KILL_PROCESS),
    stmt(BPF_LD_W_ABS, OFFSET_NR),
    jump(BPF_JGE_K, X32_SYSCALL_BIT, 0, 1),
    refuse,
  ];
  for (const nr of Object.values(REFUSED_X86_64)) program.push(jump(BPF_JEQ_K, nr, 0, 1), refuse);
  program.push(jump(BPF_JEQ_K, CLONE3, 0, 1), stmt(BPF_RET_K, SECCOMP_RET_ERRNO | ENOSYS));
  // clone with any CLONE_NEW* flag: a thread or a plain fork passes, a new namespace does not.
  program.push(
    jump(BPF_JEQ_K, CLONE, 0, 3),
    stmt(BPF_LD_W_ABS, OFFSET_ARG0_LOW),
    jump(BPF_JSET_K, CLONE_NEW_ANY, 0, 1),
    refuse,
    stmt(BPF_LD_W_ABS, OFFSET_NR),
  );
  // socket(AF_NETLINK, …): the way to the kernel's network configuration, which a program has no use for.
  program.push(
    jump(BPF_JEQ_K, SOCKET, 0, 3),
    stmt(BPF_LD_W_ABS, OFFSET_ARG0_LOW),
    jump(BPF_JEQ_K, AF_NETLINK, 0, 1),
    refuse,
    stmt(BPF_RET_K, SECCOMP_RET_ALLOW),
  );
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach((ins, i) => {
    bytes.writeUInt16LE(ins.code, i * 8);
    bytes.writeUInt8(ins.jt, i * 8 + 2);
    bytes.writeUInt8(ins.jf, i * 8 + 3);
    bytes.writeUInt32LE(ins.k >>> 0, i * 8 + 4);
  });
  return bytes;
}
