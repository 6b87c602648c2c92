import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { GradingResult, TestResult } from '../../contract';
import { createGrader } from '../../dispatch';
import { SHORT_LIMITS, spec, test } from '../../test-helpers';
import { sandboxUid } from '../../sandbox/bubblewrap';
import { nativeCSupport, testSlotOf } from './native-c';

// C fails like C: a NULL pointer, an index past an array, freed memory, an overflowing int end the program with a
// runtime error whose message names the line of main.c. Natively gcc's AddressSanitizer and UndefinedBehaviorSanitizer
// find them; on WebAssembly, Clang's undefined-behaviour checks (NULL, array bounds, integer overflow).
const SLOT = 43;
const native = await nativeCSupport(SLOT);
const nativeGrader = createGrader({ cPath: 'native', sandboxSlot: SLOT });
const wasmGrader = createGrader({ cPath: 'webassembly', sandboxSlot: SLOT });
afterAll(() => Promise.all([nativeGrader.close(), wasmGrader.close()]));

function onlyTest(result: GradingResult): TestResult {
  if (result.kind !== 'graded') throw new Error(`expected a graded result, got ${JSON.stringify(result)}`);
  return result.tests[0]!;
}

const NULL_READ = `#include <stdio.h>
#include <stddef.h>

int first(const int *values) {
  return values[0];
}

int main(void) {
  const int *none = NULL;
  printf("%d\\n", first(none));
  return 0;
}
`;

const PAST_THE_END = `#include <stdio.h>
int main(void) {
  int big[4];
  int n;
  if (scanf("%d", &n) != 1) return 1;
  for (int i = 0; i < n; i++) {
    big[i] = i;
  }
  printf("%d\\n", big[0]);
  return 0;
}
`;

/** The compiler's and the program's processes still alive on the host (none should outlive a grading). */
function sandboxProcesses(): number {
  return [SLOT, testSlotOf(SLOT)].reduce((sum, slot) => sum + processesOfUid(sandboxUid(slot)), 0);
}
function processesOfUid(uid: number | null): number {
  if (uid === null) return 0;
  try {
    return execFileSync('ps', ['-u', String(uid), '-o', 'stat='], { encoding: 'utf8' })
      .split('\n')
      .filter((stat) => stat.trim() && !stat.trim().startsWith('Z')).length;
  } catch {
    return 0;
  }
}

describe('the WebAssembly path', () => {
  it('stops a read through NULL (which read 0 before) with the line', async () => {
    const result = onlyTest(await wasmGrader.grade(spec('c', NULL_READ, [test('', '0')])));
    expect(result).toMatchObject({
      status: 'runtime_error',
      passed: false,
      message: 'Your program read memory through a NULL pointer (line 5).',
    });
    expect(result.stderr).toContain("main.c:5:10: runtime error: load of null pointer of type 'const int'");
  }, 60_000);

  it('stops a write past the end of an array with its name, index and line', async () => {
    const inside = onlyTest(await wasmGrader.grade(spec('c', PAST_THE_END, [test('4', '0')])));
    expect(inside.passed).toBe(true);
    const past = onlyTest(await wasmGrader.grade(spec('c', PAST_THE_END, [test('5', '0')])));
    expect(past).toMatchObject({
      status: 'runtime_error',
      message: 'Your program wrote past the end of the array `big` (line 7): index 4, but it has 4 elements (0 to 3).',
    });
  });

  it('stops a signed overflow and a division by zero with their lines', async () => {
    const overflow = onlyTest(
      await wasmGrader.grade(
        spec('c', '#include <limits.h>\nint main(void) {\n  volatile int x = INT_MAX;\n  x = x + 1;\n  return 0;\n}\n', [test('', '')]),
      ),
    );
    expect(overflow.message).toBe('Your program overflowed a signed int (line 4): 2147483647 + 1 does not fit in an int.');
    const division = onlyTest(
      await wasmGrader.grade(spec('c', 'int main(void) {\n  volatile int zero = 0;\n  return 10 / zero;\n}\n', [test('', '')])),
    );
    expect(division.message).toBe('Your program divided by zero (line 3).');
  });
});

describe.runIf(native.ok)('the native path, with AddressSanitizer and UndefinedBehaviorSanitizer', () => {
  it('names the line of a read through NULL', async () => {
    const result = onlyTest(await nativeGrader.grade(spec('c', NULL_READ, [test('', '0')])));
    expect(result).toMatchObject({
      status: 'runtime_error',
      passed: false,
      message: 'Your program read memory through a NULL pointer (line 5).',
    });
    // The raw report stays in stderr.
    expect(result.stderr).toContain('runtime error: load of null pointer');
  }, 60_000);

  it('stops a read through NULL whose value is never used', async () => {
    const code = '#include <stddef.h>\nint main(void) {\n  int *p = NULL;\n  int unused = *p;\n  (void)unused;\n  return 0;\n}\n';
    const result = onlyTest(await nativeGrader.grade(spec('c', code, [test('', '')])));
    expect(result).toMatchObject({ passed: false, message: 'Your program read memory through a NULL pointer (line 4).' });
  }, 60_000);

  it('names the array written past the end, and the line', async () => {
    const past = onlyTest(await nativeGrader.grade(spec('c', PAST_THE_END, [test('5', '0')])));
    expect(past).toMatchObject({
      status: 'runtime_error',
      message: 'Your program wrote past the end of the array `big` (line 7): index 4, but it has 4 elements (0 to 3).',
    });
    // Through a pointer, AddressSanitizer finds it and names the variable.
    const code = `#include <stdio.h>
void fill(int *values, int count) {
  for (int i = 0; i < count; i++) values[i] = i;
}
int main(void) {
  int big[4];
  fill(big, 5);
  printf("%d\\n", big[0]);
  return 0;
}
`;
    const throughPointer = onlyTest(await nativeGrader.grade(spec('c', code, [test('', '0')])));
    expect(throughPointer).toMatchObject({
      status: 'runtime_error',
      message: 'Your program wrote past the end of the array `big` (line 3).',
    });
    expect(throughPointer.stderr).toContain('ERROR: AddressSanitizer: stack-buffer-overflow');
  });

  it('finds memory used after it was freed, and a block from malloc written past its end', async () => {
    const code = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  int *values = malloc(3 * sizeof *values);
  for (int i = 0; i < n; i++) values[i] = i;
  free(values);
  printf("%d\\n", values[0]);
  return 0;
}
`;
    const tests = await nativeGrader.grade(spec('c', code, [test('3', '0', { id: 'free' }), test('4', '0', { id: 'past' })]));
    if (tests.kind !== 'graded') throw new Error(JSON.stringify(tests));
    expect(tests.tests.map((t) => [t.status, t.message])).toEqual([
      ['runtime_error', 'Your program used memory after freeing it (line 9).'],
      ['runtime_error', 'Your program wrote past the end of a block from malloc (line 7).'],
    ]);
  });

  it('finds a signed overflow', async () => {
    const code =
      '#include <stdio.h>\nint main(void) {\n  int total = 1;\n  for (int i = 0; i < 40; i++) total *= 3;\n  printf("%d\\n", total);\n  return 0;\n}\n';
    const result = onlyTest(await nativeGrader.grade(spec('c', code, [test('', '')])));
    expect(result).toMatchObject({ status: 'runtime_error' });
    expect(result.message).toMatch(/^Your program overflowed a signed int \(line 4\): \d+ \* 3 does not fit in an int\.$/);
  });

  it('says Segmentation fault for a crash, with the line when AddressSanitizer saw it', async () => {
    const plain = onlyTest(
      await nativeGrader.grade(
        spec('c', '#include <signal.h>\nint main(void) {\n  signal(SIGSEGV, SIG_DFL);\n  raise(SIGSEGV);\n  return 0;\n}\n', [
          test('', ''),
        ]),
      ),
    );
    expect(plain).toMatchObject({
      status: 'runtime_error',
      exitCode: 139,
      message: 'Your program crashed: Segmentation fault (it read or wrote memory it does not own).',
    });
    const wild = onlyTest(
      await nativeGrader.grade(spec('c', 'int main(void) {\n  int *p = (int *)0x12345678;\n  *p = 1;\n  return 0;\n}\n', [test('', '')])),
    );
    expect(wild.message).toMatch(
      /^Segmentation fault: your program wrote to memory through a pointer that points nowhere valid .*\(line 3\)\.$/,
    );
  });

  // A list of 1 MB blocks past the limit is grade-c.test.ts's memory test, on both paths; here, the shapes ASan's own
  // allocator could let through: one huge global array, and one huge block from malloc.
  it('stops a program past its memory limit with the memory-limit verdict', async () => {
    const global =
      '#include <string.h>\n#include <stdio.h>\nstatic char big[1u << 30];\nint main(void) {\n  memset(big, 1, sizeof big);\n  printf("%d\\n", big[99]);\n  return 0;\n}\n';
    const oneBlock =
      '#include <stdlib.h>\n#include <stdio.h>\nint main(void) {\n  char *p = malloc(1u << 30);\n  p[5] = 1;\n  printf("%d\\n", p[5]);\n  return 0;\n}\n';
    for (const code of [global, oneBlock]) {
      const result = onlyTest(await nativeGrader.grade(spec('c', code, [test('', '')])));
      expect(result).toMatchObject({ status: 'memory_limit', message: 'Your program used more than 128 MB of memory and was stopped.' });
    }
  }, 60_000);

  it('stops an endless loop at the time limit, and 100 MB of output at the output limit', async () => {
    const started = performance.now();
    const loop = onlyTest(
      await nativeGrader.grade(spec('c', 'int main(void) { volatile unsigned x = 0; for (;;) x++; }\n', [test('', '')], SHORT_LIMITS)),
    );
    expect(loop).toMatchObject({ status: 'time_limit', message: 'Your program ran for longer than 1 second and was stopped.' });
    expect(performance.now() - started).toBeLessThan(5000);
    const code =
      '#include <stdio.h>\nint main(void) { for (long i = 0; i < 100L * 1024 * 1024 / 64; i++) fputs("0123456789012345678901234567890123456789012345678901234567890123", stdout); return 0; }\n';
    const flood = onlyTest(await nativeGrader.grade(spec('c', code, [test('', '')])));
    expect(flood).toMatchObject({ status: 'output_limit', message: 'Your program printed more than 64 KB and was stopped.' });
    expect(Buffer.byteLength(flood.stdout)).toBeLessThanOrEqual(64 * 1024);
  });

  it('holds a fork bomb to its process limit and its time, leaving nothing behind', async () => {
    const started = performance.now();
    const bomb = onlyTest(
      await nativeGrader.grade(spec('c', '#include <unistd.h>\nint main(void) {\n  for (;;) fork();\n}\n', [test('', '')], SHORT_LIMITS)),
    );
    expect(bomb.passed).toBe(false);
    expect(bomb.status).toBe('time_limit');
    expect(performance.now() - started).toBeLessThan(8000);
    expect(sandboxProcesses()).toBe(0);
    expect(onlyTest(await nativeGrader.grade(spec('c', 'int main(void) { return 0; }\n', [test('', '')]))).passed).toBe(true);
  }, 30_000);

  it('keeps compile bombs within the compile limits', async () => {
    // 10^8 tokens from a few lines of macros: gcc's memory is bounded, then the time.
    const macros = [
      '#define A x x x x x x x x x x',
      '#define B A A A A A A A A A A',
      '#define C B B B B B B B B B B',
      '#define D C C C C C C C C C C',
      '#define E D D D D D D D D D D',
      '#define F E E E E E E E E E E',
      '#define G F F F F F F F F F F',
      '#define H G G G G G G G G G G',
      'int main(void) { int x = 0; return H; }',
      '',
    ].join('\n');
    const huge = 'static char big[1u << 30] = {1};\nchar *escape(void) { return big; }\nint main(void) { return escape()[7]; }\n';
    for (const code of [macros, huge]) {
      const started = performance.now();
      const result = await nativeGrader.grade(spec('c', code, [test('', '')]));
      expect(performance.now() - started).toBeLessThan(8000);
      expect(result.kind).toBe('compile_error');
      if (result.kind === 'compile_error')
        expect(result.output).toMatch(
          /^Compilation (used more than \d+ MB of memory|took longer than \d+ seconds|wrote a file larger than \d+ MB)/,
        );
    }
    // A large array that is only zeros costs the compiler nothing: it compiles and runs.
    const zeros = 'static char big[1u << 30];\nint main(void) { return big[12]; }\n';
    expect(onlyTest(await nativeGrader.grade(spec('c', zeros, [test('', '')]))).passed).toBe(true);
  }, 60_000);
});
