import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { forkWorkerProcess } from '@test-support/grading';
import { createTestApp, type TestContext } from '@test-support/test-app';
import { ADMIN, createUser, enroll, seedCourse } from '@test-support/fixtures/users-and-courses';
import type { AdminExercise, RunStatus, Submission } from '../../../common/practice';
import { languageSupport } from '../../../grading/dispatch';

/*
 * Twenty hostile programs submitted at once, graded by two worker processes (as `npm start` runs
 * them), while another student keeps loading the course screen over real HTTP. Every program is
 * contained with its verdict, the API answers every call, and its latency is printed (tests never
 * assert times; the benchmark script measures them).
 */

let t: TestContext;
let base: string;
let courseId: string;
const exercises: Partial<Record<'c' | 'javascript' | 'java', AdminExercise>> = {};

const LIMITS = { timeMs: 1000, memoryMb: 64, outputKb: 16 };
const C_SUM = '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n';
const JS_SUM = "const [a, b] = readline().split(' ').map(Number);\nconsole.log(a + b);\n";
const JAVA_SUM =
  'import java.util.Scanner;\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    System.out.println(in.nextInt() + in.nextInt());\n  }\n}\n';
const java = (body: string, imports = '') =>
  `${imports}public class Main {\n  public static void main(String[] args) throws Exception {\n${body}\n  }\n}\n`;

/** A file name the program tries to create outside its folder; it must appear nowhere on the host. */
const ESCAPE = `escaped-hostile-load-${process.pid}`;

/** [language, what it tries, code, the statuses that mean it was contained]. */
const HOSTILE: ['c' | 'javascript' | 'java', string, string, RunStatus[]][] = [
  ['c', 'endless loop', 'int main(void) { volatile unsigned i = 0; for (;;) i++; }\n', ['time_limit']],
  [
    'c',
    'allocates 2 GB',
    '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(void) { char *volatile p = malloc(2000000000u); if (!p) return 1; memset(p, 1, 2000000000u); printf("%d\\n", p[123456789]); return 0; }\n',
    ['memory_limit', 'runtime_error'],
  ],
  [
    'c',
    'prints 100 MB',
    '#include <stdio.h>\nint main(void) { for (long i = 0; i < 100000000 / 32; i++) fputs("0123456789abcdef0123456789abcde\\n", stdout); }\n',
    ['output_limit'],
  ],
  [
    'c',
    'reads /etc/passwd',
    '#include <stdio.h>\nint main(void) { FILE *f = fopen("/etc/passwd", "r"); if (!f) { puts("no"); return 2; } int c; while ((c = fgetc(f)) != EOF) putchar(c); return 0; }\n',
    ['runtime_error', 'ok'],
  ],
  [
    'c',
    'reads the environment',
    '#include <stdio.h>\n#include <stdlib.h>\nint main(void) { const char *u = getenv("DATABASE_URL"); puts(u ? u : "none"); return 0; }\n',
    ['ok'],
  ],
  ['javascript', 'endless loop', 'for (;;) {}\n', ['time_limit']],
  ['javascript', 'allocates 2 GB', "let s = 'x';\nfor (;;) s += s;\n", ['memory_limit', 'runtime_error']],
  [
    'javascript',
    'prints 100 MB',
    "const line = 'x'.repeat(1000);\nfor (let i = 0; i < 100000; i++) console.log(line);\n",
    ['output_limit'],
  ],
  ['javascript', 'reaches for the host', 'console.log(typeof process, typeof require, typeof fetch, typeof std, typeof os);\n', ['ok']],
  ['javascript', 'endless recursion', 'function f() { return f() + 1; }\nf();\n', ['runtime_error', 'memory_limit']],
  ['java', 'endless loop', java('    long i = 0;\n    while (true) i++;'), ['time_limit']],
  ['java', 'fork bomb', java('    while (true) new ProcessBuilder("java", "-version").start();'), ['runtime_error', 'time_limit']],
  [
    'java',
    'thread bomb',
    java('    while (true) new Thread(() -> { try { Thread.sleep(60000); } catch (InterruptedException e) { } }).start();'),
    ['runtime_error', 'time_limit', 'memory_limit'],
  ],
  [
    'java',
    'allocates 2 GB',
    java('    byte[][] keep = new byte[2048][];\n    for (int i = 0; i < 2048; i++) keep[i] = new byte[1 << 20];'),
    ['memory_limit'],
  ],
  [
    'java',
    'prints 100 MB',
    java('    String line = "x".repeat(1000);\n    for (int i = 0; i < 100000; i++) System.out.println(line);'),
    ['output_limit'],
  ],
  [
    'java',
    'reads /etc/passwd',
    java('    System.out.println(new String(Files.readAllBytes(Paths.get("/etc/passwd"))));', 'import java.nio.file.*;\n'),
    ['runtime_error'],
  ],
  [
    'java',
    'opens a connection',
    java('    new java.net.Socket("127.0.0.1", 5432).close();\n    System.out.println("connected");'),
    ['runtime_error'],
  ],
  [
    'java',
    'writes outside its folder',
    java(
      `    for (String p : new String[] { "/tmp/${ESCAPE}", "../${ESCAPE}", "${path.resolve(ESCAPE)}" }) {\n      try { Files.writeString(Paths.get(p), "x"); } catch (Exception e) { }\n    }`,
      'import java.nio.file.*;\n',
    ),
    // Whatever the program believes it wrote stays in its sandbox: the host is checked below.
    ['runtime_error', 'ok'],
  ],
  ['java', 'reads the environment', java('    System.out.println(String.valueOf(System.getenv("DATABASE_URL")));'), ['ok']],
  [
    'c',
    'deep recursion',
    'int f(int n) { volatile char pad[4096]; pad[0] = (char)n; return f(n + 1) + pad[0]; }\nint main(void) { return f(0); }\n',
    ['runtime_error', 'memory_limit'],
  ],
];

// Java needs a JDK, bubblewrap and root; where it cannot run, its exercises say so (grade-java.test.ts) and its
// hostile programs are left out here.
const javaRuns = (await languageSupport()).java.ok;
const SENT = HOSTILE.filter(([language]) => language !== 'java' || javaRuns);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

beforeAll(async () => {
  // Twenty-two students sign in from this one address within the test.
  t = await createTestApp({ env: { PRACTICE_SUBMISSIONS_PER_MINUTE: '1000', CODE_SENDS_PER_CLIENT_PER_HOUR: '100' } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  await Promise.all([forkWorkerProcess(t.url, 950), forkWorkerProcess(t.url, 951)]);
  const admin = await t.signIn(ADMIN);
  const course = await seedCourse(t.db, { chapters: [{ title: 'Ch', lessons: [{ title: 'Hostile' }] }] });
  courseId = course.course.id;
  for (const [language, referenceSolution] of [
    ['c', C_SUM],
    ['javascript', JS_SUM],
    ['java', JAVA_SUM],
  ] as const) {
    if (language === 'java' && !javaRuns) continue;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/lessons/${course.lessonIds[0]![0]}/exercises`,
      headers: { cookie: admin },
      payload: {
        title: `Sum (${language})`,
        language,
        referenceSolution,
        tests: [{ input: '2 3\n', expectedOutput: '5\n' }],
        limits: LIMITS,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    exercises[language] = res.json();
  }
}, 120_000);

describe('twenty hostile submissions at once', () => {
  it('are all contained, and the API keeps answering', async () => {
    const students = await Promise.all(
      SENT.map(async (_, i) => {
        const u = await createUser(t.db, `hostile-${i}@example.com`);
        await enroll(t.db, u.id, courseId);
        return t.signIn(u.email);
      }),
    );
    const watcher = await createUser(t.db, 'watcher@example.com');
    await enroll(t.db, watcher.id, courseId);
    const watcherCookie = await t.signIn(watcher.email);

    // The other student, loading the course screen while the hostile programs are graded.
    let grading = true;
    const latencies: number[] = [];
    const failures: number[] = [];
    const watching = (async () => {
      while (grading) {
        const started = performance.now();
        const res = await fetch(`${base}/api/courses/${courseId}/learn`, { headers: { cookie: watcherCookie } });
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        if (res.status !== 200) failures.push(res.status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const started = performance.now();
    const results = await Promise.all(
      SENT.map(async ([language, , code], i) => {
        const post = await fetch(`${base}/api/exercises/${exercises[language]!.id}/submissions`, {
          method: 'POST',
          headers: { cookie: students[i]!, 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ mode: 'submit', code }),
        });
        expect(post.status, await post.clone().text()).toBe(202);
        let s = (await post.json()) as Submission;
        while (s.status !== 'done') {
          const res = await fetch(`${base}/api/submissions/${s.id}?waitMs=20000`, { headers: { cookie: students[i]! } });
          s = (await res.json()) as Submission;
        }
        return s;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    grading = false;
    await watching;

    const outcome = results.map((s, i) => {
      const [language, what, , contained] = SENT[i]!;
      const test = s.result!.tests[0];
      return { language, what, verdict: s.result!.verdict, status: test?.status ?? null, output: test?.actualOutput ?? '', contained };
    });
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `${SENT.length} hostile submissions graded in ${seconds.toFixed(1)} s by 2 workers; meanwhile ${latencies.length} course-screen calls: ` +
        `median ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms`,
    );
    for (const o of outcome) {
      expect(o.verdict, `${o.language} ${o.what}`).not.toBe('passed');
      expect(o.contained, `${o.language} ${o.what}: ${o.status}`).toContain(o.status);
      // Nothing of the host leaks out: no password file, no database address, no connection made.
      expect(o.output).not.toMatch(/root:x:0:0|postgres(ql)?:\/\/|connected|wrote/);
    }
    expect(outcome.find((o) => o.what === 'reaches for the host')!.output.trim()).toBe('undefined undefined undefined undefined undefined');
    for (const where of [path.join(os.tmpdir(), ESCAPE), path.resolve(ESCAPE), path.resolve('..', ESCAPE)])
      expect(fs.existsSync(where), where).toBe(false);
    expect(failures).toEqual([]);
    expect(latencies.length).toBeGreaterThan(0);
  }, 240_000);
});
