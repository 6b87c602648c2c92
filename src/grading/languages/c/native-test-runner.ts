// Every test of a native C grading in one sandbox start. Starting the sandbox (bubblewrap, its namespaces and binds,
// the seccomp filter, the control group) costs about as much as a test's whole run, and it was paid once per test.
// Now a small program of ours, the test runner, is the sandbox's first process: for each test it starts the student's
// program afresh (fork and exec, so nothing of one test survives into the next), with that test's input, its own
// output files, CPU and file-size limits and a wall-clock limit, and after each test it ends every process left
// behind. The student's program runs as the same unprivileged uid, so the runner is made undumpable: a program can
// then neither open the runner's descriptors through /proc nor read its memory (ptrace and process_vm_readv are
// refused by the seccomp filter anyway). What a program can still do is end or stop the runner; the tests it did not
// report then fail (see gradeWithRunner), which is the truth of such a program.
//
// The runner's C source is kept here, compiled once per grading process with the machine's gcc (plain -O2, no
// sanitizers: it is our code) into a folder only root can write, and bound read-only into each sandbox.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** Where the runner sits inside the sandbox. */
export const RUNNER_DIR_IN_SANDBOX = '/grader';

/**
 * The protocol, all of it text so that no byte of a program's output can be taken for a frame:
 * - argv: runner, the program, wall limit in ms, CPU soft and hard limits in s, bytes of each stream kept, the
 *   program's file-size limit in bytes.
 * - stdin: the number of tests on a line, then per test its input's length in bytes on a line and the input.
 * - stdout: per test one line `T <index> <how> <value> <time_us> <stdout bytes> <stderr bytes> <stdout> <stderr>`, how
 *   being E (exited with code value), S (ended by signal value) or W (stopped at the wall limit); the two streams
 *   in base64, each the first kept bytes of what the program wrote (an empty stream is written as `-`).
 */
export const RUNNER_SOURCE = String.raw`
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static void die(const char *what) {
  fprintf(stderr, "runner: %s: %s\n", what, strerror(errno));
  exit(70);
}

static void write_all(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t n = write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      die("write");
    }
    data += n;
    size -= (size_t)n;
  }
}

static size_t read_number(void) {
  char line[32];
  size_t used = 0;
  for (;;) {
    char c;
    ssize_t n = read(0, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) die("read the tests");
    if (c == '\n') break;
    if (used + 1 >= sizeof line) { errno = EINVAL; die("read a length"); }
    line[used++] = c;
  }
  line[used] = 0;
  return (size_t)strtoull(line, NULL, 10);
}

static void read_exact(char *into, size_t size) {
  while (size > 0) {
    ssize_t n = read(0, into, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) die("read an input");
    into += n;
    size -= (size_t)n;
  }
}

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void write_base64(const unsigned char *data, size_t size) {
  if (size == 0) { write_all(1, "-", 1); return; }
  char chunk[4096];
  size_t used = 0;
  for (size_t i = 0; i < size; i += 3) {
    unsigned v = (unsigned)data[i] << 16;
    if (i + 1 < size) v |= (unsigned)data[i + 1] << 8;
    if (i + 2 < size) v |= data[i + 2];
    chunk[used++] = B64[(v >> 18) & 63];
    chunk[used++] = B64[(v >> 12) & 63];
    chunk[used++] = i + 1 < size ? B64[(v >> 6) & 63] : '=';
    chunk[used++] = i + 2 < size ? B64[v & 63] : '=';
    if (used + 4 > sizeof chunk) { write_all(1, chunk, used); used = 0; }
  }
  write_all(1, chunk, used);
}

/* The first keep bytes of a memory file, and its whole size. */
static unsigned char *kept_bytes(int fd, size_t keep, size_t *kept, long long *total) {
  struct stat st;
  if (fstat(fd, &st) != 0) die("fstat");
  *total = st.st_size;
  *kept = (size_t)st.st_size < keep ? (size_t)st.st_size : keep;
  unsigned char *buffer = malloc(*kept + 1);
  if (!buffer) die("malloc");
  size_t got = 0;
  while (got < *kept) {
    ssize_t n = pread(fd, buffer + got, *kept - got, (off_t)got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += (size_t)n;
  }
  *kept = got;
  return buffer;
}

static long long micros_since(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (now.tv_sec - start->tv_sec) * 1000000LL + (now.tv_nsec - start->tv_nsec) / 1000;
}

/* Every process this uid can signal except this one (and the namespace's init): what a test left behind. */
static void end_leftovers(void) {
  for (int round = 0; round < 3; round++) {
    kill(-1, SIGKILL);
    while (waitpid(-1, NULL, WNOHANG) > 0) {}
  }
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *at) {
  (void)st;
  (void)flag;
  if (at->level > 0) remove(path);
  return 0;
}

/* The writable places a test could leave something in for the next one: each test starts as with a fresh sandbox. */
static void clear_scratch(void) {
  const char *roots[] = {"/tmp", "/dev/shm"};
  for (size_t i = 0; i < sizeof roots / sizeof *roots; i++) {
    nftw(roots[i], remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  }
}

int main(int argc, char **argv) {
  if (argc != 7) { fprintf(stderr, "runner: usage\n"); return 64; }
  const char *program = argv[1];
  long long wall_ms = atoll(argv[2]);
  rlim_t cpu_soft = (rlim_t)atoll(argv[3]), cpu_hard = (rlim_t)atoll(argv[4]);
  size_t keep = (size_t)atoll(argv[5]);
  rlim_t fsize = (rlim_t)atoll(argv[6]);
  /* Not dumpable: a program of the same uid cannot open this process's descriptors or memory through /proc. */
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) die("prctl");
  signal(SIGPIPE, SIG_IGN);
  sigset_t child_ended, none;
  sigemptyset(&child_ended);
  sigaddset(&child_ended, SIGCHLD);
  sigemptyset(&none);
  if (sigprocmask(SIG_BLOCK, &child_ended, NULL) != 0) die("sigprocmask");

  size_t tests = read_number();
  for (size_t t = 0; t < tests; t++) {
    size_t size = read_number();
    char *input = malloc(size + 1);
    if (!input) die("malloc");
    read_exact(input, size);
    int in = memfd_create("input", MFD_CLOEXEC), out = memfd_create("stdout", MFD_CLOEXEC), err = memfd_create("stderr", MFD_CLOEXEC);
    if (in < 0 || out < 0 || err < 0) die("memfd_create");
    size_t written = 0;
    while (written < size) {
      ssize_t n = write(in, input + written, size - written);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) die("write the input");
      written += (size_t)n;
    }
    free(input);
    if (lseek(in, 0, SEEK_SET) != 0) die("lseek");

    struct timespec started;
    clock_gettime(CLOCK_MONOTONIC, &started);
    pid_t pid = fork();
    if (pid < 0) die("fork");
    if (pid == 0) {
      if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(71);
      /* Nothing else of the runner's reaches the program: not its pipes to the grader, not other tests' files. */
      if (syscall(SYS_close_range, 3U, ~0U, 0U) != 0) for (int fd = 3; fd < 1024; fd++) close(fd);
      struct rlimit cpu = {cpu_soft, cpu_hard}, file = {fsize, fsize};
      setrlimit(RLIMIT_CPU, &cpu);
      setrlimit(RLIMIT_FSIZE, &file);
      signal(SIGPIPE, SIG_DFL);
      sigprocmask(SIG_SETMASK, &none, NULL);
      char *args[] = {(char *)program, NULL};
      execve(program, args, environ);
      _exit(72);
    }

    int status = 0;
    int wall = 0;
    for (;;) {
      long long left_us = wall_ms * 1000 - micros_since(&started);
      if (left_us <= 0) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        wall = 1;
        break;
      }
      struct timespec wait_for = {left_us / 1000000, (left_us % 1000000) * 1000};
      int got = sigtimedwait(&child_ended, NULL, &wait_for);
      if (got < 0 && errno != EAGAIN && errno != EINTR) die("sigtimedwait");
      pid_t ended = waitpid(pid, &status, WNOHANG);
      if (ended == pid) break;
      if (ended < 0 && errno != EINTR) die("waitpid");
    }
    long long time_us = micros_since(&started);
    end_leftovers();
    clear_scratch();

    size_t out_kept, err_kept;
    long long out_total, err_total;
    unsigned char *out_bytes = kept_bytes(out, keep, &out_kept, &out_total);
    unsigned char *err_bytes = kept_bytes(err, keep, &err_kept, &err_total);
    close(in);
    close(out);
    close(err);
    char how = wall ? 'W' : WIFEXITED(status) ? 'E' : 'S';
    int value = wall ? 0 : WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status);
    char header[160];
    int length = snprintf(header, sizeof header, "T %zu %c %d %lld %lld %lld ", t, how, value, time_us, out_total, err_total);
    write_all(1, header, (size_t)length);
    write_base64(out_bytes, out_kept);
    write_all(1, " ", 1);
    write_base64(err_bytes, err_kept);
    write_all(1, "\n", 1);
    free(out_bytes);
    free(err_bytes);
  }
  return 0;
}
`;

const execFileAsync = promisify(execFile);

/** The compiled runner's folder, made once per process; its name carries the source's hash. */
let compiled: Promise<string> | null = null;

/** The folder holding the compiled runner (as `runner`), compiling it on first use with the machine's gcc. */
export function testRunnerDir(gcc: string): Promise<string> {
  compiled ??= compileRunner(gcc).catch((error: unknown) => {
    compiled = null;
    throw error;
  });
  return compiled;
}

async function compileRunner(gcc: string): Promise<string> {
  const hash = crypto.createHash('sha256').update(RUNNER_SOURCE).digest('hex').slice(0, 16);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), `grading-c-runner-${hash}-`));
  // Readable and runnable by the sandbox's uid, writable by this (root) process only.
  await fs.promises.chmod(dir, 0o755);
  const source = path.join(dir, 'runner.c');
  await fs.promises.writeFile(source, RUNNER_SOURCE, { mode: 0o644 });
  await execFileAsync(gcc, ['-O2', '-std=gnu17', '-Wall', '-o', path.join(dir, 'runner'), source], { timeout: 60_000 });
  await fs.promises.rm(source);
  await fs.promises.chmod(path.join(dir, 'runner'), 0o755);
  return dir;
}

/** The runner's standard input: the number of tests, then each input's length in bytes and the input. */
export function runnerInput(inputs: string[]): string {
  return `${inputs.length}\n${inputs.map((input) => `${Buffer.byteLength(input, 'utf8')}\n${input}`).join('')}`;
}

export type RunnerRecord = {
  index: number;
  /** E: exited with `value`; S: ended by signal `value`; W: stopped at the wall-clock limit. */
  how: 'E' | 'S' | 'W';
  value: number;
  timeMs: number;
  stdoutBytes: number;
  stderrBytes: number;
  stdout: string;
  stderr: string;
};

const RECORD = /^T (\d+) ([ESW]) (-?\d+) (\d+) (\d+) (\d+) (\S+) (\S+)$/;
const decode = (field: string) => (field === '-' ? '' : Buffer.from(field, 'base64').toString('utf8'));

/** The records the runner wrote, in order; a line cut short (the runner ended mid-write) ends the list. */
export function parseRunnerOutput(stdout: string): RunnerRecord[] {
  const records: RunnerRecord[] = [];
  for (const line of stdout.split('\n')) {
    const m = RECORD.exec(line);
    if (!m || Number(m[1]) !== records.length) break;
    records.push({
      index: Number(m[1]),
      how: m[2] as RunnerRecord['how'],
      value: Number(m[3]),
      timeMs: Number(m[4]) / 1000,
      stdoutBytes: Number(m[5]),
      stderrBytes: Number(m[6]),
      stdout: decode(m[7]!),
      stderr: decode(m[8]!),
    });
  }
  return records;
}
