import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { GradingResult, TestResult } from '../../contract';
import { createGrader, type CPath } from '../../dispatch';
import { HOST_FILE_MARKERS, SECRET, SHORT_LIMITS, spec, test } from '../../test-helpers';
import { nativeCSupport } from './native-c';

// Each behaviour on both C paths where this machine has both: the native one needs gcc, bubblewrap and root.
const SLOT = 41;
const native = await nativeCSupport(SLOT);
const PATHS: CPath[] = native.ok ? ['webassembly', 'native'] : ['webassembly'];
const graders = Object.fromEntries(PATHS.map((cPath) => [cPath, createGrader({ cPath, sandboxSlot: SLOT })]));
afterAll(() => Promise.all(Object.values(graders).map((g) => g.close())));

function onlyTest(result: GradingResult): TestResult {
  if (result.kind !== 'graded') throw new Error(`expected a graded result, got ${JSON.stringify(result)}`);
  return result.tests[0]!;
}

const SUM = `#include <stdio.h>
int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2) return 1;
  printf("%d\\n", a + b);
  return 0;
}
`;

/** A program whose compile never ends: each file includes itself twice, sixty levels deep. */
const BOMB = `#if __INCLUDE_LEVEL__ < 60
#include __FILE__
#include __FILE__
#endif
#if __INCLUDE_LEVEL__ == 0
int main(void) { return 0; }
#endif
`;

describe.each(PATHS)('C grading (%s)', (cPath) => {
  const grader = graders[cPath]!;
  beforeAll(async () => {
    // The first compile loads the compiler; later tests then run at their usual speed.
    await grader.grade(spec('c', SUM, [test('1 2', '3')]));
  }, 60_000);

  it('passes a correct program and fails a wrong answer, returning its output', async () => {
    const result = await grader.grade(spec('c', SUM, [test('2 3', '5', { id: 'a' }), test('1 1', '3', { id: 'b' })]));
    expect(result.kind).toBe('graded');
    if (result.kind !== 'graded') return;
    expect(result.tests.map((t) => [t.testId, t.status, t.passed])).toEqual([
      ['a', 'ok', true],
      ['b', 'ok', false],
    ]);
    expect(result.tests[1]!.stdout).toBe('2\n');
    expect(result.tests[1]!.message).toMatch(/differs/);
  });

  it.runIf(cPath === 'webassembly')('reuses one warm compiler thread', async () => {
    const thread = grader.internals.cCompiler.currentThread;
    await grader.grade(spec('c', SUM, [test('1 2', '3')]));
    expect(grader.internals.cCompiler.currentThread).toBe(thread);
    expect(grader.internals.cCompiler.starts).toBe(1);
  });

  it('reports a compile error with its line number', async () => {
    const result = await grader.grade(spec('c', 'int main(void) {\n  return y;\n}\n', [test('', '')]));
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ line: 2, column: 10, severity: 'error' }));
    expect(result.output).toContain(cPath === 'native' ? "'y' undeclared" : "undeclared identifier 'y'");
  });

  it('compares exactly or ignoring trailing whitespace', async () => {
    const code = '#include <stdio.h>\nint main(void) { printf("1 2 \\n3\\n\\n"); return 0; }\n';
    const loose = onlyTest(await grader.grade(spec('c', code, [test('', '1 2\n3')])));
    const exact = onlyTest(await grader.grade(spec('c', code, [test('', '1 2\n3', { match: 'exact' })])));
    expect([loose.passed, exact.passed]).toEqual([true, false]);
  });

  it('honours the expected exit code, and wants 0 when none is given', async () => {
    const code = '#include <stdlib.h>\nint main(void) { exit(3); }\n';
    const expected0 = onlyTest(await grader.grade(spec('c', code, [test('', '', { expectedExitCode: 0 })])));
    expect(expected0).toMatchObject({
      status: 'ok',
      passed: false,
      exitCode: 3,
      message: 'Your program ended with exit code 3, expected 0.',
    });
    const expected3 = onlyTest(await grader.grade(spec('c', code, [test('', '', { expectedExitCode: 3 })])));
    expect(expected3).toMatchObject({ passed: true, exitCode: 3 });
    const none = onlyTest(await grader.grade(spec('c', code, [test('', null)])));
    expect(none).toMatchObject({ status: 'runtime_error', passed: false, message: 'Your program ended with exit code 3, expected 0.' });
  });

  it('reports a crash as a runtime error', async () => {
    const code = '#include <stdio.h>\nint f(int *p) { return p[100000000]; }\nint main(void) { printf("%d", f(0)); return 0; }\n';
    const result = onlyTest(await grader.grade(spec('c', code, [test('', '')])));
    expect(result.status).toBe('runtime_error');
    // WebAssembly traps (its memory ends); natively, gcc's check of the pointer finds it NULL.
    expect(result.message).toMatch(
      cPath === 'native' ? /^Your program read memory through a NULL pointer \(line 2\)/ : /^Your program crashed/,
    );
    const aborted = onlyTest(await grader.grade(spec('c', '#include <stdlib.h>\nint main(void) { abort(); }\n', [test('', null)])));
    expect(aborted).toMatchObject({ status: 'runtime_error', passed: false });
  });

  it('stops an endless loop at the time limit', async () => {
    const result = onlyTest(
      await grader.grade(spec('c', 'int main(void) { volatile unsigned x = 0; for (;;) x++; }\n', [test('', '')], SHORT_LIMITS)),
    );
    expect(result).toMatchObject({
      status: 'time_limit',
      passed: false,
      message: 'Your program ran for longer than 1 second and was stopped.',
    });
    // The runner thread was replaced: the next program runs normally.
    expect(onlyTest(await grader.grade(spec('c', SUM, [test('4 5', '9')]))).passed).toBe(true);
  });

  it('stops a program allocating 2 GB at the memory limit', async () => {
    const code = `#include <stdlib.h>
#include <string.h>
#include <stdio.h>
struct block { struct block *next; char data[1 << 20]; };
int main(void) {
  struct block *head = 0;
  for (int i = 0; i < 2048; i++) {
    struct block *b = malloc(sizeof *b);
    memset(b->data, i, sizeof b->data);
    b->next = head;
    head = b;
  }
  long sum = 0;
  for (struct block *b = head; b; b = b->next) sum += b->data[7];
  printf("%ld\\n", sum);
  return 0;
}
`;
    const result = onlyTest(await grader.grade(spec('c', code, [test('', '')])));
    expect(result).toMatchObject({ status: 'memory_limit', message: 'Your program used more than 128 MB of memory and was stopped.' });
  });

  it('stops a program printing 100 MB at the output limit without holding the output', async () => {
    const code =
      '#include <stdio.h>\nint main(void) { for (long i = 0; i < 100L * 1024 * 1024 / 64; i++) fputs("0123456789012345678901234567890123456789012345678901234567890123", stdout); return 0; }\n';
    const before = process.memoryUsage().rss;
    const result = onlyTest(await grader.grade(spec('c', code, [test('', '')])));
    expect(result).toMatchObject({ status: 'output_limit', message: 'Your program printed more than 64 KB and was stopped.' });
    expect(Buffer.byteLength(result.stdout)).toBeLessThanOrEqual(64 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('cannot read the environment or the host files', async () => {
    const code = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  const char *secret = getenv("GRADER_TEST_SECRET");
  printf("env:%s\\n", secret ? secret : "none");
  const char *paths[] = { "/etc/passwd", "/work/main/package.json", "package.json", "../package.json" };
  for (int i = 0; i < 4; i++) {
    FILE *f = fopen(paths[i], "r");
    if (!f) { printf("%s:closed\\n", paths[i]); continue; }
    char line[200];
    while (fgets(line, sizeof line, f)) fputs(line, stdout);
  }
  return 0;
}
`;
    const result = onlyTest(await grader.grade(spec('c', code, [test('', null)])));
    expect(result.status).toBe('ok');
    expect(result.stdout).toContain('env:none');
    expect(result.stdout).toContain('/etc/passwd:closed');
    expect(result.stdout).not.toContain(SECRET);
    for (const marker of HOST_FILE_MARKERS) expect(result.stdout).not.toContain(marker);
  });

  it('cannot include host files at compile time', async () => {
    const result = await grader.grade(spec('c', '#include "/etc/passwd"\nint main(void) { return 0; }\n', [test('', '')]));
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    for (const marker of HOST_FILE_MARKERS) expect(result.output).not.toContain(marker);
  });

  it('stops a compile that never ends, then compiles again with a fresh compiler', async () => {
    // A grader of its own with a 3 s compile limit instead of 10 s, so that the test is short.
    const grader = createGrader({ compileTimeLimitMs: 3000, cPath, sandboxSlot: SLOT });
    onTestFinished(() => grader.close());
    await grader.grade(spec('c', SUM, [test('1 2', '3')]));
    // Stopped by its limit (the message says which), not left to run: a bomb never finishes by itself.
    const result = await grader.grade(spec('c', BOMB, [test('', '')]));
    expect(result).toEqual({ kind: 'compile_error', output: 'Compilation took longer than 3 seconds and was stopped.', diagnostics: [] });
    expect(onlyTest(await grader.grade(spec('c', SUM, [test('2 2', '4')]))).passed).toBe(true);
    expect(grader.internals.cCompiler.starts).toBe(cPath === 'webassembly' ? 2 : 0);
  }, 60_000);
});

describe('a spare compiler', () => {
  it('takes over, already loaded, when a compile is stopped, and another spare loads behind it', async () => {
    const grader = createGrader({ compileTimeLimitMs: 3000, spareCompiler: true, cPath: 'webassembly' });
    onTestFinished(() => grader.close());
    expect(onlyTest(await grader.grade(spec('c', SUM, [test('1 2', '3')]))).passed).toBe(true);
    const compiler = grader.internals.cCompiler;
    const spare = await compiler.spareWhenReady();
    expect(spare).not.toBeNull();
    expect(compiler.starts).toBe(2);
    const result = await grader.grade(spec('c', BOMB, [test('', '')]));
    expect(result).toEqual({ kind: 'compile_error', output: 'Compilation took longer than 3 seconds and was stopped.', diagnostics: [] });
    // The next student's compile runs on the spare, loaded before the runaway compile was stopped.
    expect(compiler.currentThread).toBe(spare);
    expect(onlyTest(await grader.grade(spec('c', SUM, [test('2 2', '4')]))).passed).toBe(true);
    expect(compiler.currentThread).toBe(spare);
    const next = await compiler.spareWhenReady();
    expect(next).not.toBeNull();
    expect(next).not.toBe(spare);
    expect(compiler.starts).toBe(3);
  }, 60_000);
});

describe('warming a grader up', () => {
  it('loads the C compiler and the runtimes before the first grading, which then starts nothing new', async () => {
    const fresh = createGrader({ cPath: 'webassembly', sandboxSlot: SLOT });
    onTestFinished(() => fresh.close());
    await fresh.warm();
    expect(fresh.internals.cCompiler.starts).toBe(1);
    const thread = fresh.internals.cCompiler.currentThread;
    expect(thread).not.toBeNull();
    expect(onlyTest(await fresh.grade(spec('c', SUM, [test('2 3', '5')]))).passed).toBe(true);
    expect(onlyTest(await fresh.grade(spec('javascript', 'print(readline())', [test('7', '7')]))).passed).toBe(true);
    // The first gradings used the compiler thread the warm-up started: none was loaded for them.
    expect(fresh.internals.cCompiler.currentThread).toBe(thread);
    expect(fresh.internals.cCompiler.starts).toBe(1);
  }, 60_000);
});

describe.runIf(native.ok)('warming a grader on the native path', () => {
  it('picks the native path where gcc, bubblewrap and root are there, warms it, and loads no WebAssembly compiler', async () => {
    const fresh = createGrader({ sandboxSlot: SLOT, spareCompiler: true });
    onTestFinished(() => fresh.close());
    await fresh.warm();
    expect(await fresh.internals.cPath()).toBe('native');
    expect(onlyTest(await fresh.grade(spec('c', SUM, [test('2 3', '5')]))).passed).toBe(true);
    expect(fresh.internals.cCompiler.starts).toBe(0);
  }, 60_000);
});
