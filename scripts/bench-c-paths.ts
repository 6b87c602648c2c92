/**
 * npx tsx scripts/bench-c-paths.ts — C's two paths side by side: a "sum of two numbers" exercise with 5 tests graded
 * RUNS times (default 15) on warm graders of each path (createGrader with cPath 'webassembly' and 'native'), then
 * the compile alone (the same program with no test). Prints the median and the 95th percentile of each and the ratio
 * native / WebAssembly. The native path needs gcc, bubblewrap and root; without them only WebAssembly is measured.
 * Not part of npm test.
 */
import os from 'node:os';
import type { GradingSpec, GradingTest } from '../src/grading/contract';
import { createGrader, type CPath } from '../src/grading/dispatch';
import { nativeCSupport } from '../src/grading/languages/c/native-c';
import { LIMITS } from '../src/grading/test-helpers';

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
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
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
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
