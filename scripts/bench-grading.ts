/**
 * npm run bench:grading — one grader, no server or queue: how long the engine itself takes.
 *
 * 1. C's two paths side by side: a "sum of two numbers" exercise with 5 tests graded RUNS times (default 15) on warm
 *    graders of each path (createGrader with cPath 'webassembly' and 'native'), then the compile alone (the same
 *    program with no test). The median and the 95th percentile of each, and the ratio native / WebAssembly. The native
 *    path needs gcc, bubblewrap and root; without them only WebAssembly is measured.
 * 2. Java, where the machine runs it: the demo's Rectangle graded by its JUnit 5 class (3 @Test methods), and the same
 *    class graded by 3 tests written as code; median and p95 of RUNS each (target: JUnit median ≤ 2 s).
 * Not part of npm test.
 */
import os from 'node:os';
import type { GradingSpec, GradingTest } from '../src/grading/contract';
import { createGrader, languageSupport, type CPath } from '../src/grading/dispatch';
import { nativeCSupport } from '../src/grading/languages/c/native-c';
import { LIMITS } from '../src/grading/test-helpers';
import { demoExercises } from '../src/server/seed/seed-exercises';
import { percentile } from './bench-stats';

const RUNS = Number(process.env.RUNS ?? 15);
const SLOT = 90;

const SUM = `#include <stdio.h>
int main(void) {
  long a, b;
  if (scanf("%ld %ld", &a, &b) != 2) return 1;
  printf("%ld\\n", a + b);
  return 0;
}
`;
const TESTS: GradingTest[] = [
  ['1 2', '3'],
  ['-5 5', '0'],
  ['1000000 2000000', '3000000'],
  ['7 -10', '-3'],
  ['123456789 987654321', '1111111110'],
].map(([input, expectedOutput], i) => ({
  id: String(i + 1),
  input: input!,
  expectedOutput: expectedOutput!,
  match: 'trailing_whitespace',
  expectedExitCode: null,
}));

const exercise = (tests: GradingTest[]): GradingSpec => ({ language: 'c', code: SUM, tests, limits: LIMITS });
const ms = (x: number) => `${Math.round(x)} ms`.padStart(8);

type Figures = { grading: number[]; compile: number[] };

async function measure(cPath: CPath): Promise<Figures> {
  const grader = createGrader({ cPath, sandboxSlot: SLOT });
  try {
    await grader.warm();
    const figures: Figures = { grading: [], compile: [] };
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const result = await grader.grade(exercise(TESTS));
      figures.grading.push(performance.now() - started);
      if (result.kind !== 'graded' || !result.tests.every((t) => t.passed))
        throw new Error(`${cPath}: ${JSON.stringify(result).slice(0, 500)}`);
    }
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await grader.grade(exercise([]));
      figures.compile.push(performance.now() - started);
    }
    return figures;
  } finally {
    await grader.close();
  }
}

/** Median and p95 of RUNS warm gradings of `spec`, each of which must pass every test. */
async function timeGradings(grader: ReturnType<typeof createGrader>, spec: GradingSpec, what: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = await grader.grade(spec);
    times.push(performance.now() - started);
    if (result.kind !== 'graded' || !result.tests.length || !result.tests.every((t) => t.passed))
      throw new Error(`${what}: ${JSON.stringify(result).slice(0, 500)}`);
  }
  return times;
}

async function measureJava() {
  const rectangle = demoExercises.find((x) => x.title === 'A rectangle with methods')!;
  const files = (rectangle.files ?? []).map((f) => ({ name: f.name, content: f.content }));
  const junit: GradingSpec = { language: 'java', code: rectangle.referenceSolution, tests: [], limits: LIMITS, files, mode: 'junit' };
  const byCode: GradingSpec = {
    language: 'java',
    code: rectangle.referenceSolution,
    limits: LIMITS,
    tests: [
      ['System.out.println(new Rectangle(3, 4).area());', '12'],
      ['System.out.println(new Rectangle(3, 4).perimeter());', '14'],
      ['Rectangle r = new Rectangle(5, 5);\nSystem.out.println(r.area() + " " + r.perimeter());', '25 20'],
    ].map(([code, expectedOutput], i) => ({
      id: String(i + 1),
      input: '',
      expectedOutput: expectedOutput!,
      match: 'trailing_whitespace',
      expectedExitCode: null,
      code,
    })),
  };
  const grader = createGrader({ sandboxSlot: SLOT });
  try {
    await grader.warm();
    // The first gradings load the JDK's files and JUnit into the page cache: not counted.
    await grader.grade(junit);
    await grader.grade(byCode);
    const rows: [string, number[]][] = [
      ['Java, JUnit 5 (3 tests)', await timeGradings(grader, junit, 'JUnit')],
      ['Java, test code (3 tests)', await timeGradings(grader, byCode, 'Java test code')],
    ];
    console.log(`\n${'Java'.padEnd(28)}${'median'.padStart(8)}${'p95'.padStart(8)}`);
    for (const [what, times] of rows) console.log(`${what.padEnd(28)}${ms(percentile(times, 50))}${ms(percentile(times, 95))}`);
    const junitMedian = percentile(rows[0]![1], 50);
    console.log(`JUnit median ≤ 2 s: ${junitMedian <= 2000 ? 'met' : 'NOT met'}`);
  } finally {
    await grader.close();
  }
}

async function main() {
  console.log(`CPU: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}; ${RUNS} warm gradings of a 5-test exercise per path.`);
  const native = await nativeCSupport(SLOT);
  const paths: CPath[] = native.ok ? ['webassembly', 'native'] : ['webassembly'];
  if (!native.ok) console.log(`Native C is not available here: ${native.reason}`);
  const results = new Map<CPath, Figures>();
  for (const cPath of paths) results.set(cPath, await measure(cPath));
  console.log(`\n${'path'.padEnd(12)}${'median'.padStart(8)}${'p95'.padStart(8)}   compile: ${'median'.padStart(8)}${'p95'.padStart(8)}`);
  for (const [cPath, f] of results) {
    console.log(
      `${cPath.padEnd(12)}${ms(percentile(f.grading, 50))}${ms(percentile(f.grading, 95))}            ${ms(percentile(f.compile, 50))}${ms(percentile(f.compile, 95))}`,
    );
  }
  const wasm = results.get('webassembly');
  const nat = results.get('native');
  if (wasm && nat) {
    const ratio = (p: number, key: keyof Figures) => (percentile(nat[key], p) / percentile(wasm[key], p)).toFixed(2);
    console.log(
      `native / webassembly: grading median ${ratio(50, 'grading')}, p95 ${ratio(95, 'grading')}; compile median ${ratio(50, 'compile')}, p95 ${ratio(95, 'compile')}`,
    );
    console.log(`native C median ≤ 100 ms: ${percentile(nat.grading, 50) <= 100 ? 'met' : 'NOT met'}`);
  }
  const java = (await languageSupport(SLOT)).java;
  if (java.ok) await measureJava();
  else console.log(`\nJava is not measured: ${java.reason}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
