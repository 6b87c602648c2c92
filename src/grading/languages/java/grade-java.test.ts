import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradingResult, TestResult } from '../../contract';
import { createGrader, languageSupport } from '../../dispatch';
import { HOST_FILE_MARKERS, SECRET, SHORT_LIMITS, spec, test } from '../../test-helpers';
import { javaMainClass } from './java-sandbox';

const support = await languageSupport();
// Java needs a JDK and bubblewrap on the machine; where they are missing, the grader says so plainly (checked below).
const describeJava = support.java.ok ? describe : describe.skip;

const grader = createGrader({ sandboxSlot: 7 });
afterAll(() => grader.close());

function onlyTest(result: GradingResult): TestResult {
  if (result.kind !== 'graded') throw new Error(`expected a graded result, got ${JSON.stringify(result)}`);
  return result.tests[0]!;
}

const SUM = `import java.util.Scanner;
public class Sum {
  public static void main(String[] args) {
    Scanner in = new Scanner(System.in);
    System.out.println(in.nextInt() + in.nextInt());
  }
}
`;

/** Processes of the sandbox uid still alive on the host (none should outlive a grading). */
function sandboxProcesses(): number {
  if (process.getuid?.() !== 0) return 0;
  try {
    // Zombies waiting for the machine's init to collect them run nothing: only live processes count.
    return execFileSync('ps', ['-u', String(61000 + 7), '-o', 'stat='], { encoding: 'utf8' })
      .split('\n')
      .filter((stat) => stat.trim() && !stat.trim().startsWith('Z')).length;
  } catch {
    return 0;
  }
}

describe('Java main class', () => {
  it('names the file after the public class, else the class with main, else Main', () => {
    expect(javaMainClass('public class Sum { public static void main(String[] a) {} }')).toEqual({
      fileName: 'Sum.java',
      className: 'Sum',
    });
    expect(javaMainClass('class Helper {}\nclass App { public static void main(String[] a) {} }')).toEqual({
      fileName: 'App.java',
      className: 'App',
    });
    expect(javaMainClass('package a.b;\npublic final class P { }')).toEqual({ fileName: 'P.java', className: 'a.b.P' });
    expect(javaMainClass('// nothing')).toEqual({ fileName: 'Main.java', className: 'Main' });
  });
});

describeJava('Java grading', () => {
  beforeAll(() => expect(sandboxProcesses()).toBe(0));
  afterAll(() => expect(sandboxProcesses()).toBe(0));

  it('passes a correct program and fails a wrong answer, returning its output', async () => {
    const result = await grader.grade(spec('java', SUM, [test('2 3', '5', { id: 'a' }), test('1 1', '3', { id: 'b' })]));
    expect(result.kind).toBe('graded');
    if (result.kind !== 'graded') return;
    expect(result.tests.map((t) => [t.testId, t.status, t.passed, t.stdout])).toEqual([
      ['a', 'ok', true, '5\n'],
      ['b', 'ok', false, '2\n'],
    ]);
  });

  it('reports a compile error with its line and column', async () => {
    const result = await grader.grade(
      spec('java', 'public class Main {\n  public static void main(String[] a) {\n    int x = ;\n  }\n}\n', [test('', '')]),
    );
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.diagnostics[0]).toMatchObject({ line: 3, column: 13, severity: 'error' });
    expect(result.output).toContain('Main.java:3');
    expect(result.output).not.toContain('/sandbox');
  });

  it('reports an uncaught exception as a runtime error, and honours exit codes and matching', async () => {
    const thrown = onlyTest(
      await grader.grade(
        spec('java', 'public class Main { public static void main(String[] a) { int z = 0; System.out.println(1 / z); } }', [test('', '')]),
      ),
    );
    expect(thrown).toMatchObject({
      status: 'runtime_error',
      passed: false,
      message: 'Your program crashed: it threw java.lang.ArithmeticException: / by zero.',
    });
    const exit = 'public class Main { public static void main(String[] a) { System.out.print("1 2 \\n3\\n"); System.exit(3); } }';
    const result = await grader.grade(
      spec('java', exit, [
        test('', '1 2\n3', { id: 'loose', expectedExitCode: 3 }),
        test('', '1 2\n3', { id: 'exact', match: 'exact', expectedExitCode: 3 }),
        test('', null, { id: 'code', expectedExitCode: 0 }),
      ]),
    );
    if (result.kind !== 'graded') throw new Error('not graded');
    expect(result.tests.map((t) => [t.status, t.passed, t.exitCode])).toEqual([
      ['ok', true, 3],
      ['ok', false, 3],
      ['ok', false, 3],
    ]);
    expect(result.tests[2]!.message).toBe('Your program ended with exit code 3, expected 0.');
  });

  it('stops an endless loop at the time limit', async () => {
    const result = onlyTest(
      await grader.grade(
        spec('java', 'public class Main { public static void main(String[] a) { while (true) {} } }', [test('', '')], SHORT_LIMITS),
      ),
    );
    expect(result).toMatchObject({ status: 'time_limit', message: 'Your program ran for longer than 1 second and was stopped.' });
  });

  it('stops a program allocating 2 GB at the memory limit', async () => {
    const code =
      'import java.util.*;\npublic class Main { public static void main(String[] a) { List<long[]> keep = new ArrayList<>(); for (int i = 0; i < 2048; i++) keep.add(new long[131072]); System.out.println(keep.size()); } }';
    const result = onlyTest(await grader.grade(spec('java', code, [test('', '')])));
    expect(result).toMatchObject({ status: 'memory_limit', message: 'Your program used more than 128 MB of memory and was stopped.' });
  });

  it('stops a program printing 100 MB at the output limit', async () => {
    const code =
      'public class Main { public static void main(String[] a) { String s = "x".repeat(1023); for (int i = 0; i < 100 * 1024; i++) System.out.println(s); } }';
    const before = process.memoryUsage().rss;
    const result = onlyTest(await grader.grade(spec('java', code, [test('', '')])));
    expect(result).toMatchObject({ status: 'output_limit', message: 'Your program printed more than 64 KB and was stopped.' });
    expect(Buffer.byteLength(result.stdout)).toBeLessThanOrEqual(64 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('contains a process bomb and a thread bomb', async () => {
    const processBomb = `public class Main { public static void main(String[] a) {
  int started = 0;
  for (int i = 0; i < 10000; i++) {
    try { new ProcessBuilder("/usr/bin/java", "-version").start(); started++; } catch (Throwable e) { System.out.println("refused after " + started); break; }
  }
  while (true) {}
} }`;
    const threadBomb = `public class Main { public static void main(String[] a) {
  while (true) { Thread t = new Thread(() -> { while (true) {} }); t.start(); }
} }`;
    for (const code of [processBomb, threadBomb]) {
      const result = onlyTest(await grader.grade(spec('java', code, [test('', '')], SHORT_LIMITS)));
      expect(['runtime_error', 'time_limit']).toContain(result.status);
    }
    // The machine keeps working, and nothing of the sandbox is left running.
    expect(onlyTest(await grader.grade(spec('java', SUM, [test('20 22', '42')]))).passed).toBe(true);
    expect(sandboxProcesses()).toBe(0);
  }, 60_000);

  it('cannot read the environment or the host files', async () => {
    const code = `import java.nio.file.*;
public class Main { public static void main(String[] a) {
  System.out.println("env:" + System.getenv("GRADER_TEST_SECRET") + " " + System.getenv().keySet());
  for (String p : new String[] { "/etc/passwd", "/work/main/package.json", "/root/.bashrc", "/proc/1/environ" }) {
    try { System.out.println(String.join("\\n", Files.readAllLines(Paths.get(p)))); } catch (Exception e) { System.out.println(p + ":closed"); }
  }
} }`;
    const result = onlyTest(await grader.grade(spec('java', code, [test('', null)])));
    expect(result.status).toBe('ok');
    expect(result.stdout).toContain('env:null');
    expect(result.stdout).toContain('/etc/passwd:closed');
    expect(result.stdout).toContain('/work/main/package.json:closed');
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    for (const marker of HOST_FILE_MARKERS) expect(result.stdout).not.toContain(marker);
  });

  it('cannot open a network connection', async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const code = `import java.net.*;
public class Main { public static void main(String[] a) {
  try (Socket s = new Socket()) { s.connect(new InetSocketAddress("127.0.0.1", ${port}), 500); System.out.println("connected"); }
  catch (Exception e) { System.out.println("refused"); }
} }`;
    const result = onlyTest(await grader.grade(spec('java', code, [test('', 'refused')])));
    server.close();
    expect(result.passed).toBe(true);
    expect(connections).toBe(0);
  });

  it('cannot write outside its own folder', async () => {
    const marker = `grading-escape-${process.pid}`;
    const nextToProject = path.join(process.cwd(), `${marker}.txt`);
    const targets = [`/tmp/${marker}`, `/sandbox/../${marker}`, nextToProject, path.join(os.tmpdir(), `${marker}-2`)];
    const code = `import java.nio.file.*;
public class Main { public static void main(String[] a) {
  for (String p : new String[] { ${targets.map((t) => JSON.stringify(t)).join(', ')} }) {
    try { Files.writeString(Paths.get(p), "x"); System.out.println(p + ":written-inside"); } catch (Exception e) { System.out.println(p + ":refused"); }
  }
} }`;
    const before = new Set(fs.readdirSync(os.tmpdir()));
    const result = onlyTest(await grader.grade(spec('java', code, [test('', null)])));
    expect(result.status).toBe('ok');
    for (const target of [`/tmp/${marker}`, `/${marker}`, nextToProject, path.join(os.tmpdir(), `${marker}-2`)])
      expect(fs.existsSync(target)).toBe(false);
    // The work folder of the grading is gone too.
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('grading-java-') && !before.has(name))).toEqual([]);
  });

  it('cannot fill RAM through /dev/shm, write /dev, start a host program or learn the host name', async () => {
    const code = `import java.nio.file.*;
public class Main { public static void main(String[] a) throws Exception {
  byte[] mb = new byte[1 << 20];
  long written = 0;
  try { for (int i = 0; i < 64; i++) { Files.write(Paths.get("/dev/shm/fill"), mb, StandardOpenOption.CREATE, StandardOpenOption.APPEND); written++; } }
  catch (Exception e) { }
  System.out.println("shm:" + written);
  try { Files.writeString(Paths.get("/dev/new-file"), "x"); System.out.println("dev:written"); } catch (Exception e) { System.out.println("dev:refused"); }
  for (String p : new String[] { "/usr/bin/unshare", "/bin/sh", "/usr/bin/python3" }) {
    try { new ProcessBuilder(p, "-c", "true").start().waitFor(); System.out.println(p + ":ran"); } catch (Exception e) { System.out.println(p + ":refused"); }
  }
  System.out.println("host:" + Files.readString(Paths.get("/proc/sys/kernel/hostname")).trim());
} }`;
    const result = onlyTest(await grader.grade(spec('java', code, [test('', null)])));
    expect(result.status, result.stderr).toBe('ok');
    const shm = Number(/shm:(\d+)/.exec(result.stdout)?.[1]);
    expect(shm).toBeLessThanOrEqual(1);
    expect(result.stdout).toContain('dev:refused');
    expect(result.stdout).not.toContain(':ran');
    expect(result.stdout).toContain('host:sandbox');
    expect(result.stdout).not.toContain(os.hostname());
  });
});
