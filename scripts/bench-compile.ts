/**
 * npm run bench:compile — how long real C compiles take in the grading engine's warm compiler, against the compile
 * time limit (C_COMPILE_TIME_LIMIT_MS), which must sit far above every honest program and bound what a runaway compile
 * costs. Compiles the demo courses' C reference solutions and a long program (RUNS times each, warm), prints the
 * median and the slowest of each and their ratio to the limit, then times a runaway compile until it is stopped and the
 * next compile on the spare compiler. Not part of npm test. Options: RUNS (default 9).
 */
import os from 'node:os';
import { createGrader } from '../src/grading/dispatch';
import { C_COMPILE_TIME_LIMIT_MS as COMPILE_TIME_LIMIT_MS } from '../src/grading/limits';
import { demoExercises } from '../src/server/seed/seed-exercises';

const RUNS = Number(process.env.RUNS ?? 9);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${Math.round(x)} ms`;

/** A long but honest program: 200 small functions and a main that calls them all. */
function longProgram(): string {
  const fns = Array.from(
    { length: 200 },
    (_, i) => `static int f${i}(int x) { int s = 0; for (int k = 0; k < x; k++) s += k * ${i}; return s % 97; }`,
  );
  const calls = Array.from({ length: 200 }, (_, i) => `  total += f${i}(${i % 13});`);
  return `#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n${fns.join('\n')}\nint main(void) {\n  long total = 0;\n${calls.join('\n')}\n  printf("%ld\\n", total);\n  return 0;\n}\n`;
}

const RUNAWAY = `#if __INCLUDE_LEVEL__ < 60
#include __FILE__
#include __FILE__
#endif
#if __INCLUDE_LEVEL__ == 0
int main(void) { return 0; }
#endif
`;

async function main() {
  console.log(
    `CPU: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}; compile time limit ${ms(COMPILE_TIME_LIMIT_MS)}; ${RUNS} runs each.`,
  );
  const grader = createGrader({ spareCompiler: true });
  try {
    await grader.warm();
    const compiler = grader.internals.cCompiler;
    const programs = [
      ...demoExercises.filter((e) => e.language === 'c').map((e) => ({ name: e.title, code: e.referenceSolution })),
      { name: 'a 200-function program', code: longProgram() },
    ];
    console.log('\n| program | lines | median | slowest | slowest ÷ limit |');
    console.log('|---|---|---|---|---|');
    let slowestOverall = 0;
    for (const program of programs) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const outcome = await compiler.compile(program.code, 64);
        times.push(performance.now() - started);
        if (!outcome.ok) throw new Error(`${program.name} did not compile: ${outcome.output}`);
      }
      const slowest = Math.max(...times);
      slowestOverall = Math.max(slowestOverall, slowest);
      console.log(
        `| ${program.name} | ${program.code.split('\n').length} | ${ms(median(times))} | ${ms(slowest)} | ${(slowest / COMPILE_TIME_LIMIT_MS).toFixed(3)} |`,
      );
    }
    console.log(`\nThe limit is ${(COMPILE_TIME_LIMIT_MS / slowestOverall).toFixed(0)}× the slowest honest compile measured here.`);

    const started = performance.now();
    const stopped = await compiler.compile(RUNAWAY, 64);
    const stoppedAfter = performance.now() - started;
    const next = performance.now();
    const after = await compiler.compile(programs[0]!.code, 64);
    console.log(
      `A runaway compile was stopped after ${ms(stoppedAfter)} (${stopped.ok ? 'it compiled?' : 'stopped'}); the next compile, on the spare compiler, took ${ms(performance.now() - next)} (${after.ok ? 'ok' : 'failed'}).`,
    );
  } finally {
    await grader.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
