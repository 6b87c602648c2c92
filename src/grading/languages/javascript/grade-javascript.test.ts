import { afterAll, describe, expect, it } from 'vitest';
import type { GradingResult, SubmissionSpec, TestResult } from '../../contract';
import { createGrader } from '../../dispatch';
import { CUT_TO_FIT_NOTE, STORED_RESULTS_MAX_BYTES } from '../../limits';
import { outcomeOfGrading } from '../../outcome';
import { gradingSpecOf } from '../../worker/grading-worker';
import { HOST_FILE_MARKERS, SECRET, SHORT_LIMITS, spec, test } from '../../test-helpers';

const grader = createGrader();
afterAll(() => grader.close());

function onlyTest(result: GradingResult): TestResult {
  if (result.kind !== 'graded') throw new Error(`expected a graded result, got ${JSON.stringify(result)}`);
  return result.tests[0]!;
}

const SUM = 'const [a, b] = readline().split(" ").map(Number);\nconsole.log(a + b);\n';

describe('JavaScript grading', () => {
  it('passes a correct program and fails a wrong answer, returning its output', async () => {
    const result = await grader.grade(spec('javascript', SUM, [test('2 3', '5', { id: 'a' }), test('1 1', '3', { id: 'b' })]));
    expect(result.kind).toBe('graded');
    if (result.kind !== 'graded') return;
    expect(result.tests.map((t) => [t.testId, t.status, t.passed, t.stdout])).toEqual([
      ['a', 'ok', true, '5\n'],
      ['b', 'ok', false, '2\n'],
    ]);
  });

  it('offers readline, input, print and console like Node for strings, numbers and objects', async () => {
    const code =
      'print(input.length, readline(), readline(), readline());\nconsole.log("x", 1.5, { a: [1, 2] }, null, undefined);\nconsole.error("oops");\n';
    const result = onlyTest(await grader.grade(spec('javascript', code, [test('ab\r\ncd\n', null)])));
    expect(result.stdout).toBe('7 ab cd null\nx 1.5 {"a":[1,2]} null undefined\n');
    expect(result.stderr).toBe('oops\n');
  });

  it('reports a syntax error as a compile error with its line', async () => {
    const result = await grader.grade(spec('javascript', 'const a = 1;\nlet b = ;\n', [test('', '')]));
    expect(result.kind).toBe('compile_error');
    if (result.kind !== 'compile_error') return;
    expect(result.diagnostics[0]).toMatchObject({ line: 2, severity: 'error' });
  });

  it('reports an uncaught exception as a runtime error with the message and line in stderr', async () => {
    const result = onlyTest(await grader.grade(spec('javascript', 'console.log("before");\nnull.x;\n', [test('', 'before')])));
    expect(result).toMatchObject({ status: 'runtime_error', passed: false, stdout: 'before\n', exitCode: 1 });
    expect(result.stderr).toContain('TypeError');
    expect(result.stderr).toContain('line 2');
  });

  it('compares exactly or ignoring trailing whitespace', async () => {
    const code = 'console.log("1 2 ");\nconsole.log("3");\n';
    const loose = onlyTest(await grader.grade(spec('javascript', code, [test('', '1 2\n3')])));
    const exact = onlyTest(await grader.grade(spec('javascript', code, [test('', '1 2\n3', { match: 'exact' })])));
    expect([loose.passed, exact.passed]).toEqual([true, false]);
  });

  it('checks the expected exit code (0 for a normal end)', async () => {
    expect(onlyTest(await grader.grade(spec('javascript', 'print(1)', [test('', '1', { expectedExitCode: 0 })]))).passed).toBe(true);
    const failing = onlyTest(await grader.grade(spec('javascript', 'print(1)', [test('', '1', { expectedExitCode: 2 })])));
    expect(failing).toMatchObject({ passed: false, message: 'Your program ended with exit code 0, expected 2.' });
  });

  it('stops an endless loop at the time limit, even inside try/catch', async () => {
    const code = 'for (;;) { try { while (true) {} } catch (e) {} }';
    const result = onlyTest(await grader.grade(spec('javascript', code, [test('', '')], SHORT_LIMITS)));
    expect(result).toMatchObject({ status: 'time_limit', message: 'Your program ran for longer than 1 second and was stopped.' });
    expect(onlyTest(await grader.grade(spec('javascript', SUM, [test('1 2', '3')]))).passed).toBe(true);
  });

  it('stops a program growing an array and a string towards 2 GB at the memory limit', async () => {
    // QuickJS fills memory slowly: a 32 MB cap and a generous time keep this test about memory, not time.
    const limits = { timeMs: 10_000, memoryMb: 32, outputKb: 64 };
    const arrays = onlyTest(
      await grader.grade(spec('javascript', 'const a = []; for (;;) a.push({ x: 1, y: [1, 2] });', [test('', '')], limits)),
    );
    expect(arrays).toMatchObject({ status: 'memory_limit', message: 'Your program used more than 32 MB of memory and was stopped.' });
    const strings = onlyTest(
      await grader.grade(
        spec('javascript', 'let s = "x"; const keep = []; for (;;) { s = s + s; keep.push(s + "y"); }', [test('', '')], limits),
      ),
    );
    expect(strings.status).toBe('memory_limit');
    expect(onlyTest(await grader.grade(spec('javascript', SUM, [test('1 2', '3')]))).passed).toBe(true);
  }, 40_000);

  it('stops a program printing 100 MB at the output limit, even if it catches errors', async () => {
    const code = 'const line = "x".repeat(1023); for (let i = 0; i < 100 * 1024; i++) { try { console.log(line); } catch (e) {} }';
    const before = process.memoryUsage().rss;
    const result = onlyTest(await grader.grade(spec('javascript', code, [test('', '')])));
    expect(result).toMatchObject({ status: 'output_limit', message: 'Your program printed more than 64 KB and was stopped.' });
    expect(Buffer.byteLength(result.stdout)).toBeLessThanOrEqual(64 * 1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('sees no Node: no process, require, std, os, fetch or timers of the host', async () => {
    const code = `const names = ['process', 'require', 'std', 'os', 'fetch', 'module', 'Deno', 'Bun', 'WebAssembly'];
console.log(names.map((n) => n + ':' + typeof globalThis[n]).join(' '));
let leaked = '';
try { leaked += String(process.env.GRADER_TEST_SECRET); } catch (e) { leaked += 'no-env'; }
try { leaked += require('fs').readFileSync('/etc/passwd', 'utf8'); } catch (e) { leaked += ' no-fs'; }
try { leaked += this.constructor.constructor('return process')().env.GRADER_TEST_SECRET; } catch (e) { leaked += ' no-escape'; }
console.log(leaked);
`;
    const result = onlyTest(await grader.grade(spec('javascript', code, [test('', null)])));
    expect(result.status).toBe('ok');
    expect(result.stdout).toContain('process:undefined require:undefined std:undefined os:undefined fetch:undefined');
    expect(result.stdout).toContain('no-env no-fs no-escape');
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    for (const marker of HOST_FILE_MARKERS) expect(result.stdout).not.toContain(marker);
  });
});

describe('JavaScript results as stored', () => {
  it('keeps a 20 MB error message and a huge stderr out of the stored outcome, saying they were cut', async () => {
    // Every test prints a lot, so that the whole result is cut to fit; the first throws the 20 MB error.
    const code =
      'console.error("e".repeat(500000));\nprint("out".repeat(100000));\nthrow new Error("E".repeat(readline() === "big" ? 20 << 20 : 10));\n';
    const submission: SubmissionSpec = {
      language: 'javascript',
      code,
      limits: { timeMs: 4000, memoryMb: 128, outputKb: 1024 },
      tests: Array.from({ length: 12 }, (_, i) => ({
        position: i + 1,
        hidden: false,
        input: i === 0 ? 'big' : '',
        expectedOutput: 'x',
        match: 'exact' as const,
        expectedExitCode: null,
      })),
    };
    const outcome = outcomeOfGrading(submission, await grader.grade(gradingSpecOf(submission)), false);
    expect(outcome.tests[0]).toMatchObject({ status: 'runtime_error', passed: false });
    const stored = JSON.stringify(outcome);
    expect(stored.length).toBeLessThanOrEqual(STORED_RESULTS_MAX_BYTES);
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(STORED_RESULTS_MAX_BYTES);
    expect(outcome.tests[0]!.message).toMatch(/^Your program crashed: Error: E+\n… \(cut here/);
    expect(outcome.tests.every((t) => t.actualOutput?.endsWith(CUT_TO_FIT_NOTE))).toBe(true);
  }, 60_000);
});

describe('JavaScript verdicts past the limits', () => {
  it('ends a program that prints the answer and then loops asynchronously with the time limit', async () => {
    const shapes = [
      'print(3);\n(async () => { for (;;) await null; })();\n',
      // Each callback queues the next and returns nothing, so no promise waits on another and memory stays flat.
      'print(3);\nconst again = () => { Promise.resolve().then(again); };\nagain();\n',
      'print(3);\n(async () => { for (;;) { await null; for (let i = 0; i < 1000; i++); } })();\n',
    ];
    for (const code of shapes) {
      const result = onlyTest(await grader.grade(spec('javascript', code, [test('', '3')], SHORT_LIMITS)));
      expect(result, code).toMatchObject({ status: 'time_limit', passed: false, stdout: '3\n' });
    }
    expect(onlyTest(await grader.grade(spec('javascript', SUM, [test('1 2', '3')]))).passed).toBe(true);
  }, 30_000);

  it('ends a program that passes its deadline synchronously with the time limit, even if it then ends', async () => {
    // Busy for 1.2 s in the engine's own sort, in a loop of so few turns that the interrupt handler (asked once
    // in thousands of turns) never stops it, then a normal end before the thread's backstop.
    const code =
      'print(3);\nconst a = Array.from({ length: 20000 }, Math.random);\nconst end = Date.now() + 1200;\nwhile (Date.now() < end) a.slice().sort();\n';
    const result = onlyTest(await grader.grade(spec('javascript', code, [test('', '3')], SHORT_LIMITS)));
    expect(result).toMatchObject({ status: 'time_limit', passed: false });
  });

  it('holds the memory limit against many allocations each under it, then grades the next program normally', async () => {
    const limits = { timeMs: 10_000, memoryMb: 64, outputKb: 64 };
    for (const code of [
      'const keep = []; for (let i = 0; ; i++) keep.push(new Array(1e5).fill(i));',
      // Catching the engine's "out of memory" does not keep the program going.
      'const keep = []; for (let i = 0; ; i++) { try { keep.push(new Array(1e5).fill(i)); } catch (e) {} }',
    ]) {
      // The time limit is long: ending with memory_limit, not time_limit, shows the cap stopped it.
      const result = onlyTest(await grader.grade(spec('javascript', code, [test('', '')], limits)));
      expect(result, code).toMatchObject({ status: 'memory_limit', passed: false });
      expect(onlyTest(await grader.grade(spec('javascript', SUM, [test('1 2', '3')]))).passed).toBe(true);
    }
  }, 60_000);
});
