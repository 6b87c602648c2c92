// Prints how long gradings take here: the median of 5 runs of a warm 5-test C grading, a JavaScript grading and a
// Java grading. Run with `npx tsx src/server/modules/practice/grading/measure.ts`.
import { createGrader, type GradingSpec } from './grade';

const limits = { timeMs: 2000, memoryMb: 128, outputKb: 64 };
const tests = [1, 2, 3, 4, 5].map((n) => ({
  id: `t${n}`,
  input: `${n} ${n * 10}`,
  expectedOutput: String(n * 11),
  match: 'trailing_whitespace' as const,
  expectedExitCode: null,
}));
const specs: Record<string, GradingSpec> = {
  'C, 5 tests (warm compiler)': {
    language: 'c',
    code: '#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b); printf("%d\\n", a + b); return 0; }\n',
    tests,
    limits,
  },
  'JavaScript, 5 tests': {
    language: 'javascript',
    code: 'const [a, b] = readline().split(" ").map(Number);\nconsole.log(a + b);\n',
    tests,
    limits,
  },
  'Java, 5 tests': {
    language: 'java',
    code: 'import java.util.Scanner;\npublic class Main { public static void main(String[] args) { Scanner in = new Scanner(System.in); System.out.println(in.nextInt() + in.nextInt()); } }\n',
    tests,
    limits,
  },
};

const grader = createGrader();
// Warm-up: loads the C compiler and the engines once, as a long-running worker would have.
for (const spec of Object.values(specs)) await grader.grade(spec);
for (const [name, spec] of Object.entries(specs)) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const result = await grader.grade(spec);
    times.push(performance.now() - started);
    if (result.kind !== 'graded' || !result.tests.every((t) => t.passed))
      throw new Error(`${name} did not pass: ${JSON.stringify(result)}`);
  }
  times.sort((a, b) => a - b);
  console.log(`${name}: median ${Math.round(times[2]!)} ms (runs: ${times.map((t) => Math.round(t)).join(', ')})`);
}
await grader.close();
