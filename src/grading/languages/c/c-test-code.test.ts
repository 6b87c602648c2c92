import { afterAll, describe, expect, it } from 'vitest';
import type { GradingResult, GradingSpec, GradingTest, TestResult } from '../../contract';
import { createGrader, type CPath } from '../../dispatch';
import { spec, test } from '../../test-helpers';
import { buildCProgram, withoutTestCode } from './c-test-program';
import { nativeCSupport } from './native-c';

// C tests written as code: each test's snippet calls the student's functions, the student's own main never runs for
// it, and all the tests compile once. The same builder serves both C paths, so each behaviour is checked on both
// where this machine has the native one (gcc, bubblewrap, root).
const SLOT = 42;
const native = await nativeCSupport(SLOT);
const PATHS: CPath[] = native.ok ? ['webassembly', 'native'] : ['webassembly'];
const graders = Object.fromEntries(PATHS.map((cPath) => [cPath, createGrader({ cPath, sandboxSlot: SLOT })]));
afterAll(() => Promise.all(Object.values(graders).map((g) => g.close())));

const graded = (result: GradingResult): TestResult[] => {
  if (result.kind !== 'graded') throw new Error(`expected a graded result, got ${JSON.stringify(result)}`);
  return result.tests;
};
const codeTest = (id: string, code: string, expectedOutput: string | null, extra: Partial<GradingTest> = {}) =>
  test('', expectedOutput, { id, code, ...extra });
const withFiles = (base: GradingSpec, files: { name: string; content: string }[]): GradingSpec => ({ ...base, files });

const FUNCTIONS = `#include <stdio.h>
int add(int a, int b) {
  return a + b;
}
void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}
static int twice(int x) { return 2 * x; }
int main(void) {
  printf("MAIN RAN\\n");
}
`;

const LIST_H = `#ifndef LIST_H
#define LIST_H
struct node { int value; struct node *next; };
struct node *list_of(int count, const int *values);
int list_length(const struct node *head);
#endif
`;
const LIST_C = `#include <stdlib.h>
#include "list.h"
struct node *list_of(int count, const int *values) {
  struct node *head = NULL;
  for (int i = count - 1; i >= 0; i--) {
    struct node *n = malloc(sizeof *n);
    n->value = values[i];
    n->next = head;
    head = n;
  }
  return head;
}
`;

describe.each(PATHS)('C tests written as code (%s)', (cPath) => {
  const grader = graders[cPath]!;

  it("calls the student's functions (static ones too), compares the output and shows a wrong one", async () => {
    const tests = graded(
      await grader.grade(
        spec('c', FUNCTIONS, [
          codeTest('1', 'printf("%d\\n", add(2, 3));', '5'),
          codeTest('2', 'int x = 1, y = 2;\nswap(&x, &y);\nprintf("%d %d\\n", x, y);', '2 1'),
          codeTest('3', 'printf("%d\\n", twice(add(1, 1)));', '5'),
        ]),
      ),
    );
    expect(tests.map((t) => [t.testId, t.passed, t.stdout])).toEqual([
      ['1', true, '5\n'],
      ['2', true, '2 1\n'],
      ['3', false, '4\n'],
    ]);
    expect(tests[2]!.message).toMatch(/differs from the expected output/);
    // The student's main, which prints MAIN RAN, never ran.
    for (const t of tests) expect(t.stdout).not.toContain('MAIN RAN');
  }, 60_000);

  it("runs the student's main for a plain test beside tests written as code, with its implicit return 0", async () => {
    const tests = graded(
      await grader.grade(
        spec('c', FUNCTIONS, [test('', 'MAIN RAN', { id: 'plain' }), codeTest('code', 'printf("%d\\n", add(1, 2));', '3')]),
      ),
    );
    expect(tests.map((t) => [t.testId, t.passed, t.exitCode, t.stdout])).toEqual([
      ['plain', true, 0, 'MAIN RAN\n'],
      ['code', true, 0, '3\n'],
    ]);
  });

  it("gives a test its standard input, hoists its #include lines, and takes the test's return as the exit code", async () => {
    const tests = graded(
      await grader.grade(
        spec('c', FUNCTIONS, [
          test('20 22\n', '42', {
            id: 'stdin',
            code: 'int a, b;\nif (scanf("%d %d", &a, &b) != 2) return 1;\nprintf("%d\\n", add(a, b));',
          }),
          codeTest('include', '#include <ctype.h>\nprintf("%c\\n", toupper(\'a\'));', 'A'),
          codeTest('exit', 'return add(1, 2);', '', { expectedExitCode: 3 }),
        ]),
      ),
    );
    expect(tests.map((t) => [t.testId, t.passed])).toEqual([
      ['stdin', true],
      ['include', true],
      ['exit', true],
    ]);
  });

  it('grades a program of functions only (no main, no stdio.h: the tests see stdio.h, stdlib.h and string.h)', async () => {
    const code = 'int square(int x) {\n  return x * x;\n}\n';
    const snippet = 'char *s = malloc(8);\nstrcpy(s, "sq");\nprintf("%s %d\\n", s, square(7));';
    const tests = graded(await grader.grade(spec('c', code, [codeTest('1', snippet, 'sq 49')])));
    expect(tests[0]).toMatchObject({ passed: true, stdout: 'sq 49\n' });
  });

  it("uses the tutor's header and C file beside main.c", async () => {
    const student = `#include <stddef.h>
#include "list.h"
int list_length(const struct node *head) {
  int n = 0;
  for (; head != NULL; head = head->next) n++;
  return n;
}
`;
    const tests = graded(
      await grader.grade(
        withFiles(
          spec('c', student, [
            codeTest('1', '#include <stdio.h>\nint v[] = {4, 5, 6};\nprintf("%d\\n", list_length(list_of(3, v)));', '3'),
            codeTest('2', '#include <stdio.h>\nprintf("%d\\n", list_length(NULL));', '0'),
          ]),
          [
            { name: 'list.h', content: LIST_H },
            { name: 'list.c', content: LIST_C },
          ],
        ),
      ),
    );
    expect(tests.map((t) => t.passed)).toEqual([true, true]);
  });

  it("reads the tutor's data file with fopen", async () => {
    const code = `#include <stdio.h>
int main(void) {
  FILE *f = fopen("data.txt", "r");
  if (!f) { puts("no file"); return 1; }
  int a, b;
  if (fscanf(f, "%d %d", &a, &b) != 2) return 2;
  printf("%d\\n", a + b);
  fclose(f);
  return fopen("missing.txt", "r") == NULL ? 0 : 3;
}
`;
    const tests = graded(await grader.grade(withFiles(spec('c', code, [test('', '42')]), [{ name: 'data.txt', content: '40 2\n' }])));
    expect(tests[0]).toMatchObject({ passed: true, stdout: '42\n' });
  });

  it("cannot read the tests' code or the tutor's sources while it runs, only the data files", async () => {
    const code = `#include <stdio.h>
int main(void) {
  const char *names[] = { "grader_tests.c", "grader_start.c", "main.c", "check.c", "check.h", "data.txt" };
  for (int i = 0; i < 6; i++) printf("%s:%s\\n", names[i], fopen(names[i], "r") ? "open" : "closed");
  return 0;
}
`;
    const files = [
      { name: 'check.c', content: 'int hidden_check(void) { return 1; }\n' },
      { name: 'check.h', content: 'int hidden_check(void);\n' },
      { name: 'data.txt', content: '1 2\n' },
    ];
    const expected = 'grader_tests.c:closed\ngrader_start.c:closed\nmain.c:closed\ncheck.c:closed\ncheck.h:closed\ndata.txt:open';
    const tests = graded(
      await grader.grade(
        withFiles(spec('c', code, [test('', expected), codeTest('2', '#include "check.h"\nreturn hidden_check() - 1;', '')]), files),
      ),
    );
    expect(tests.map((t) => [t.passed, t.stdout])).toEqual([
      [true, `${expected}\n`],
      [true, ''],
    ]);
  });

  it("reports a compile error in the student's code on main.c's lines", async () => {
    const result = await grader.grade(spec('c', 'int add(int a, int b) {\n  return a + c;\n}\n', [codeTest('1', 'add(1, 2);', '')]));
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ line: 2, severity: 'error' }));
    expect(result.output).toMatch(/^main\.c:2:\d+: error/m);
    expect(result.output).not.toContain('grader_tests.c');
  });

  it("blames the student's unclosed brace on main.c, though the compiler meets it at the end of the tests", async () => {
    const result = await grader.grade(spec('c', 'int add(int a, int b) {\n  return a + b;\n', [codeTest('1', 'add(1, 2);', '')]));
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.output).not.toMatch(/tests' code/);
    expect(result.output).toMatch(/^main\.c:2:\d+: error/m);
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ line: 2, severity: 'error' }));
  });

  it("reports an error in the test's code without quoting it, and a function the tests call that is missing", async () => {
    const wrong = await grader.grade(
      spec('c', FUNCTIONS, [codeTest('7', 'int secret_value = add(1, 2)\nprintf("%d\\n", secret_value);', '3')]),
    );
    expect(wrong.kind).toBe('compile_error');
    if (wrong.kind !== 'compile_error') return;
    expect(wrong.output).toMatch(/^Your code compiles, but not together with the tests' code/);
    expect(wrong.output).toMatch(/^test-7\.c:\d+:\d+: error/m);
    // The test's own lines are the tutor's (a hidden test's code is never shown): the compiler's quotes are left out.
    expect(wrong.output).not.toMatch(/int secret_value = add/);
    expect(wrong.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);

    const missing = await grader.grade(
      spec('c', 'int add(int a, int b) { return a + b; }\n', [codeTest('1', 'return multiply(2, 3);', '')]),
    );
    expect(missing.kind).toBe('compile_error');
    if (missing.kind !== 'compile_error') return;
    expect(missing.output).toMatch(/^Your code compiles, but not together with the tests' code/);
    expect(missing.output).toContain('multiply');
  });

  it("reports a run-time error of the student's function, called by a test, on its line in main.c", async () => {
    const code = '#include <stddef.h>\nint first(const int *values) {\n  return values[0];\n}\n';
    const tests = graded(await grader.grade(spec('c', code, [codeTest('1', 'return first(NULL);', '')])));
    expect(tests[0]).toMatchObject({
      status: 'runtime_error',
      passed: false,
      message: 'Your program read memory through a NULL pointer (line 3).',
    });
  });

  it("refuses a support file that would take the student's or the grader's name", async () => {
    const result = await grader.grade(withFiles(spec('c', FUNCTIONS, [test('', 'MAIN RAN')]), [{ name: 'main.c', content: '' }]));
    expect(result.kind).toBe('error');
  });
});

describe('the C test program builder', () => {
  it('leaves a program without test code as it is, and numbers the tests with code on their first input line', () => {
    const plain = buildCProgram(
      'int main(void){}',
      [
        { name: 'util.c', content: '' },
        { name: 'util.h', content: '' },
      ],
      [test('1', '')],
    );
    if ('error' in plain) throw new Error(plain.error);
    expect(plain.sources).toEqual(['main.c', 'util.c']);
    expect(plain.stdinOf(test('1', ''))).toBe('1');
    const first = test('x', '', { id: 'a' });
    const withCode = test('in', '', { id: 'b', code: 'return 0;' });
    const mixed = buildCProgram('int main(void){}', [], [first, withCode]);
    if ('error' in mixed) throw new Error(mixed.error);
    expect(mixed.sources).toEqual(['grader_tests.c', 'grader_start.c']);
    expect([mixed.stdinOf(first), mixed.stdinOf(withCode)]).toEqual(['-1\nx', '0\nin']);
    expect(mixed.files['grader_tests.c']).toContain('#line 1 "test-b.c"');
  });

  it("drops the compiler's quotes of test code and the driver's function names", () => {
    const output = [
      "test-2.c: In function 'grader_test_0_':",
      "main.c:3:5: error: 'x' undeclared",
      '    3 |   x = 1;',
      '      |   ^',
      "test-2.c:1:9: error: expected ';' before 'printf'",
      '    1 | int v = 1',
      '      |         ^',
      "test-2.c:2:1: note: in this test's code",
    ].join('\n');
    expect(withoutTestCode(output)).toBe(
      [
        "main.c:3:5: error: 'x' undeclared",
        '    3 |   x = 1;',
        '      |   ^',
        "test-2.c:1:9: error: expected ';' before 'printf'",
        "test-2.c:2:1: note: in this test's code",
      ].join('\n'),
    );
  });
});
