import { afterAll, describe, expect, it } from 'vitest';
import type { GradingResult } from '../../contract';
import { createGrader } from '../../dispatch';
import { spec, test } from '../../test-helpers';

// A JavaScript test written as code runs after the student's program, in its global scope: it calls what the student
// defined and its output is compared as any test's.
const grader = createGrader();
afterAll(() => grader.close());

const graded = (result: GradingResult) => {
  if (result.kind !== 'graded') throw new Error(`expected a graded result, got ${JSON.stringify(result)}`);
  return result.tests;
};

const SWAP = 'function swap(pair) {\n  return [pair[1], pair[0]];\n}\nconst total = (xs) => xs.reduce((a, b) => a + b, 0);\n';

describe('JavaScript tests written as code', () => {
  it("calls the student's functions, compares the output, and fails a wrong one with its output", async () => {
    const tests = graded(
      await grader.grade(
        spec('javascript', SWAP, [
          test('', '2 1', { id: '1', code: 'console.log(swap([1, 2]).join(" "));' }),
          test('', '6', { id: '2', code: 'console.log(total([1, 2, 3]));' }),
          test('', '7', { id: '3', code: 'console.log(total([1, 2, 3]));' }),
        ]),
      ),
    );
    expect(tests.map((t) => [t.testId, t.passed, t.stdout])).toEqual([
      ['1', true, '2 1\n'],
      ['2', true, '6\n'],
      ['3', false, '6\n'],
    ]);
  });

  it('gives the test code its standard input, and a support file defines helpers a test may call', async () => {
    const files = [{ name: 'check.js', content: 'function check(name, ok) { console.log(ok ? `ok ${name}` : `FAILED ${name}`); }\n' }];
    const tests = graded(
      await grader.grade({
        ...spec('javascript', SWAP, [
          test('4 5\n', 'ok swap', { code: 'const [a, b] = readline().split(" ").map(Number);\ncheck("swap", swap([a, b])[0] === b);' }),
        ]),
        files,
      }),
    );
    expect(tests[0]).toMatchObject({ passed: true, stdout: 'ok swap\n' });
  });

  it("reports an error the student's function throws as a runtime error of that test", async () => {
    const tests = graded(
      await grader.grade(
        spec('javascript', 'function f() { throw new RangeError("too big"); }\n', [test('', '1', { code: 'console.log(f());' })]),
      ),
    );
    expect(tests[0]).toMatchObject({ passed: false, status: 'runtime_error' });
    expect(tests[0]!.message).toContain('RangeError');
  });

  it('reports a syntax error in the test code (the tutor sees it when the reference solution is proved)', async () => {
    const result = await grader.grade(spec('javascript', SWAP, [test('', '1', { id: '4', code: 'console.log(swap([1, 2]);' })]));
    expect(result.kind).toBe('compile_error');
    if (result.kind === 'compile_error') {
      expect(result.output).toMatch(/^The test code of test 4: SyntaxError/);
      expect(result.diagnostics).toEqual([]);
    }
  });
});
