import { describe, expect, it } from 'vitest';
import { ALL_C, GCC_REPORTS } from './sanitizer-report.fixtures';
import { describeFinding, findSanitizerReport, indexedArrayAt, signalName, stderrWithReport, withSourceDetails } from './sanitizer-report';

/** The sentence a report becomes, with the program's source at hand (ALL_C is main.c). */
function sentence(stderr: string, source = ALL_C): string {
  const report = findSanitizerReport(stderr);
  if (!report) throw new Error(`no report found in ${stderr.slice(0, 200)}`);
  return describeFinding(withSourceDetails(report.finding, (file) => (file === 'main.c' ? source : undefined)));
}

describe("gcc's sanitizer reports in a beginner's words", () => {
  it.each([
    ['nullRead', 'Your program read memory through a NULL pointer (line 13).'],
    ['nullWrite', 'Your program wrote to memory through a NULL pointer (line 24).'],
    ['memberOfNull', 'Your program used -> on a NULL pointer to struct node (line 23).'],
    ['nullCall', 'Your program called a function through a NULL pointer.'],
    ['indexWrite', 'Your program wrote past the end of the array `big` (line 14): index 4, but it has 4 elements (0 to 3).'],
    ['stackOverflowWrite', 'Your program wrote past the end of the array `big` (line 15).'],
    ['stackOverflowRead', 'Your program read past the end of the array `big` (line 16).'],
    ['globalOverflow', 'Your program wrote past the end of the array `g` (line 30).'],
    ['heapOverflowWrite', 'Your program wrote past the end of a block from malloc (line 17).'],
    ['heapUnderflowRead', 'Your program read before the start of a block from malloc (line 32).'],
    ['useAfterFree', 'Your program used memory after freeing it (line 18).'],
    ['doubleFree', 'Your program freed the same memory twice (line 19).'],
    ['badFree', 'Your program called free on memory that did not come from malloc (line 29).'],
    ['useAfterScope', 'Your program used the variable `inner` after its block had ended (line 28).'],
    ['recursion', "Your program's recursion went too deep (stack overflow) (line 6): check that it reaches its base case."],
    ['signedOverflow', 'Your program overflowed a signed int (line 20): 1 + 2147483647 does not fit in an int.'],
    ['divisionByZero', 'Your program divided by zero (line 21).'],
    ['shift', 'Your program shifted a value out of range (line 22): it shifted an int by 39 bits, but it has only 32.'],
    [
      'wildWrite',
      'Segmentation fault: your program wrote to memory through a pointer that points nowhere valid (not set, or already freed) (line 25).',
    ],
  ] as const)('%s', (name, expected) => {
    expect(sentence(GCC_REPORTS[name])).toBe(expected);
  });

  it('reads the memory limits as the memory-limit verdict', () => {
    expect(findSanitizerReport(GCC_REPORTS.hardRssLimit)?.finding).toEqual({ kind: 'memory_limit' });
    expect(findSanitizerReport(GCC_REPORTS.allocationTooBig)?.finding).toEqual({ kind: 'memory_limit' });
  });

  it("tells the program's own stderr from the report, and keeps the report when the program printed much before it", () => {
    const own = 'x'.repeat(20_000) + '\n';
    const report = findSanitizerReport(own + GCC_REPORTS.useAfterFree)!;
    expect(report.start).toBe(own.length);
    const kept = stderrWithReport(own, report.text, 8 * 1024);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(8 * 1024);
    expect(kept).toContain('… (cut here)');
    expect(kept).toContain('ERROR: AddressSanitizer: heap-use-after-free');
    expect(kept).toContain('main.c:18');
    expect(stderrWithReport('hello\n', report.text, 8 * 1024)).toBe(`hello\n${report.text}`.slice(0, 8 * 1024));
  });

  it('points at the test code or a support file by name, and names a signal as a terminal does', () => {
    const inTest = "test-3.c:2:11: runtime error: load of null pointer of type 'int'\n";
    expect(sentence(inTest)).toBe("Your program read memory through a NULL pointer (in the test's code, line 2).");
    expect(sentence("list.c:9:3: runtime error: store to null pointer of type 'int'\n")).toBe(
      'Your program wrote to memory through a NULL pointer (in list.c, line 9).',
    );
    expect(signalName(11)).toBe('Segmentation fault (it read or wrote memory it does not own).');
    expect(signalName(6)).toMatch(/^Aborted/);
  });
});

describe("the WebAssembly runtime's reports, in UndefinedBehaviorSanitizer's format", () => {
  // Lines the handlers of c-wasm-runtime.ts wrote for programs compiled by the bundled Clang.
  const source = 'int main(void) {\n  int big[4];\n  big[k + 3] = 5;\n  return big[i];\n}\n';
  it.each([
    ["main.c:9:26: runtime error: load of null pointer of type 'int'", 'Your program read memory through a NULL pointer (line 9).'],
    [
      "main.c:3:3: runtime error: index 4 out of bounds for type 'int[4]'",
      'Your program wrote past the end of the array `big` (line 3): index 4, but it has 4 elements (0 to 3).',
    ],
    [
      "main.c:4:10: runtime error: index -1 out of bounds for type 'int[4]'",
      'Your program read before the start of the array `big` (line 4): index -1.',
    ],
    [
      "main.c:17:52: runtime error: signed integer overflow: 9223372036854775807 + 1 cannot be represented in type 'long long'",
      'Your program overflowed a signed long long (line 17): 9223372036854775807 + 1 does not fit in a long long.',
    ],
    [
      "main.c:20:72: runtime error: division of -2147483648 by -1 cannot be represented in type 'int'",
      'Your program overflowed a signed int (line 20): -2147483648 / -1 does not fit in an int.',
    ],
    ['main.c:13:46: runtime error: division by zero', 'Your program divided by zero (line 13).'],
  ])('%s', (line, expected) => {
    expect(sentence(`${line}\n`, source)).toBe(expected);
  });
});

describe('the array an out-of-bounds index names', () => {
  it.each([
    ['  big[i] = 1;', 2, { variable: 'big', access: 'write' }],
    ['  big[i] = 1;', 5, { variable: 'big', access: 'write' }],
    ['  x = big[i] + 1;', 6, { variable: 'big', access: 'read' }],
    ['  if (big[i] == 1) {}', 6, { variable: 'big', access: 'read' }],
    ['  grid[r][c] += 2;', 9, { variable: 'grid', access: 'write' }],
    ['  s.items[n]++;', 9, { variable: 's.items', access: 'write' }],
    ['  scanf("%d", &p->values[i]);', 15, { variable: 'p->values', access: 'use' }],
  ] as const)('%s at %i', (line, at, expected) => {
    expect(indexedArrayAt(line, at)).toEqual(expected);
  });
});
