import { afterAll, describe, expect, it } from 'vitest';
import { CANVAS_SAMPLE } from '../../common/practice';
import { runCanvasChecks } from '../../grading/languages/webgl/canvas-checks';
import { createGrader, languageSupport } from '../../grading/dispatch';
import { gradingSpecOf } from '../../grading/worker/grading-worker';
import { demoCourses } from './seed-content';
import { demoExercises } from './seed-exercises';

/*
 * The demo exercises work on a fresh start: each reference solution passes its tests with the real
 * grader, and a starter does not (a student has something to do). WebGL draws in the browser, so
 * its checks are run against the picture its reference draws, rasterised here the same way.
 */

const javaRuns = (await languageSupport()).java.ok;
const grader = createGrader({ sandboxSlot: 300 + (process.pid % 100) });
// C is graded natively where the machine can and as WebAssembly on a fresh clone: the demo works on both.
const wasmGrader = createGrader({ sandboxSlot: 400 + (process.pid % 100), cPath: 'webassembly' });
afterAll(() => Promise.all([grader.close(), wasmGrader.close()]));

const LIMITS = { timeMs: 2000, memoryMb: 128, outputKb: 64 };

/** The demo triangle, (0, 0.6), (-0.6, -0.6), (0.6, -0.6) in clip space, filled with `inside` on `outside`. */
function triangle(inside: [number, number, number], outside: [number, number, number]) {
  const { width, height } = CANVAS_SAMPLE;
  const rgba = new Uint8Array(width * height * 4);
  const [a, b, c] = [
    [0, 0.6],
    [-0.6, -0.6],
    [0.6, -0.6],
  ] as const;
  const side = (p: readonly number[], q: readonly number[], r: readonly number[]) =>
    (q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!);
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const pt = [((px + 0.5) / width) * 2 - 1, 1 - ((py + 0.5) / height) * 2];
      const s = [side(a, b, pt), side(b, c, pt), side(c, a, pt)];
      const filled = s.every((v) => v >= 0) || s.every((v) => v <= 0);
      rgba.set([...(filled ? inside : outside), 255], (py * width + px) * 4);
    }
  return { width, height, rgba };
}

describe('the demo exercises', () => {
  it('are placed in lessons of the demo courses, five in C, two in Java, two in JavaScript, two in WebGL', () => {
    for (const x of demoExercises) {
      const course = demoCourses.find((c) => c.title === x.course);
      expect(
        course?.chapters.some((ch) => ch.lessons.some((l) => l.title === x.lesson)),
        `${x.course} / ${x.lesson}`,
      ).toBe(true);
    }
    const count = (language: string) => demoExercises.filter((x) => x.language === language).length;
    expect([count('c'), count('java'), count('javascript'), count('webgl')]).toEqual([5, 2, 2, 2]);
  });

  for (const x of demoExercises.filter((e) => e.language !== 'webgl')) {
    // Java needs a JDK, bubblewrap and root (elsewhere its exercises say so); C and JavaScript run everywhere.
    it.skipIf(x.language === 'java' && !javaRuns)(
      `${x.title} (${x.language}): the reference passes every test, the starter code does not`,
      async () => {
        // As the server queues a submission of it (practice.service), then as the worker hands it to the grader.
        // The files the student writes go as the student's: in their reference versions with the reference, as the
        // reference check sends them, and as their starters with the starter code.
        const spec = (code: string, student: 'reference' | 'starter') =>
          gradingSpecOf({
            language: x.language,
            code,
            limits: LIMITS,
            tests: x.tests.map((t, i) => ({
              position: i + 1,
              hidden: t.hidden ?? false,
              input: t.input,
              expectedOutput: t.expectedOutput,
              match: 'trailing_whitespace' as const,
              expectedExitCode: null,
              code: t.code ?? null,
              name: t.name ?? null,
              points: t.points ?? 1,
            })),
            files: (x.files ?? []).filter((f) => f.referenceContent === undefined).map((f) => ({ name: f.name, content: f.content })),
            studentFiles: (x.files ?? [])
              .filter((f) => f.referenceContent !== undefined)
              .map((f) => ({ name: f.name, content: student === 'reference' ? f.referenceContent! : f.content })),
            mode: x.mode ?? 'tests',
          });
        for (const by of x.language === 'c' ? [grader, wasmGrader] : [grader]) {
          const reference = await by.grade(spec(x.referenceSolution, 'reference'));
          expect(reference.kind, JSON.stringify(reference).slice(0, 400)).toBe('graded');
          if (reference.kind === 'graded') {
            expect(reference.tests.length).toBeGreaterThan(0);
            expect(reference.tests.filter((t) => !t.passed).map((t) => [t.testId, t.message])).toEqual([]);
            if (x.mode !== 'junit') expect(reference.tests.map((t) => t.testId)).toEqual(x.tests.map((_, i) => String(i + 1)));
          }
          const starter = await by.grade(spec(x.starterCode, 'starter'));
          expect(starter.kind === 'graded' && starter.tests.every((t) => t.passed)).toBe(false);
        }
      },
      60_000,
    );
  }

  it("'Shapes that know their area' asks for Circle and Square in tabs of their own, beside Shape.java", () => {
    const x = demoExercises.find((e) => e.title === 'Shapes that know their area')!;
    expect((x.files ?? []).filter((f) => f.referenceContent !== undefined).map((f) => f.name)).toEqual(['Circle.java', 'Square.java']);
    expect(x.starterCode).toContain('public abstract class Shape');
  });

  it("'Count the nodes of a list': the starter reads through NULL on the empty list, and both C paths say so with its line", async () => {
    const x = demoExercises.find((e) => e.title === 'Count the nodes of a list')!;
    const empty = x.tests.findIndex((t) => t.code?.includes('length(NULL)'));
    const spec = gradingSpecOf({
      language: 'c',
      code: x.starterCode,
      limits: LIMITS,
      tests: [
        {
          position: 1,
          hidden: false,
          input: '',
          expectedOutput: x.tests[empty]!.expectedOutput,
          match: 'trailing_whitespace',
          expectedExitCode: null,
          code: x.tests[empty]!.code ?? null,
        },
      ],
      files: (x.files ?? []).map((f) => ({ name: f.name, content: f.content })),
    });
    const line = x.starterCode.split('\n').findIndex((l) => l.includes('head->next')) + 1;
    for (const by of [grader, wasmGrader]) {
      const result = await by.grade(spec);
      if (result.kind !== 'graded') throw new Error(JSON.stringify(result).slice(0, 400));
      expect(result.tests[0]).toMatchObject({ passed: false, status: 'runtime_error' });
      expect(result.tests[0]!.message).toMatch(/NULL pointer/);
      expect(result.tests[0]!.message).toContain(`line ${line}`);
    }
  }, 60_000);

  it("'Sum an array through a pointer': reading one past the end is caught natively, naming the array's line", async () => {
    const x = demoExercises.find((e) => e.title === 'Sum an array through a pointer')!;
    const wrong = x.referenceSolution.replace('i < n', 'i <= n');
    const spec = gradingSpecOf({
      language: 'c',
      code: wrong,
      limits: LIMITS,
      tests: x.tests.map((t, i) => ({
        position: i + 1,
        hidden: false,
        input: '',
        expectedOutput: t.expectedOutput,
        match: 'trailing_whitespace' as const,
        expectedExitCode: null,
        code: t.code ?? null,
      })),
    });
    const result = await grader.grade(spec);
    if (result.kind !== 'graded') throw new Error(JSON.stringify(result).slice(0, 400));
    const line = wrong.split('\n').findIndex((l) => l.includes('total += a[i]')) + 1;
    if ((await grader.internals.cPath()) !== 'native') return;
    expect(result.tests[0]).toMatchObject({ passed: false, status: 'runtime_error' });
    expect(result.tests[0]!.message).toMatch(/past the end/);
    expect(result.tests[0]!.message).toContain(`line ${line}`);
  }, 60_000);

  it('WebGL: the checks pass on the picture the reference draws, and fail on a blank canvas', async () => {
    const [red, blue] = demoExercises.filter((e) => e.language === 'webgl');
    const checks = (x: typeof red) => x!.tests.map((t, i) => ({ id: String(i + 1), code: t.input }));
    const redPicture = triangle([255, 0, 0], [0, 0, 0]);
    expect((await runCanvasChecks(checks(red), redPicture)).map((r) => [r.passed, r.message])).toEqual(red!.tests.map(() => [true, null]));
    const bluePicture = triangle([51, 153, 255], [26, 26, 26]);
    expect((await runCanvasChecks(checks(blue), bluePicture)).every((r) => r.passed)).toBe(true);
    // The starter draws nothing yet: black (or grey) everywhere.
    const blank = triangle([0, 0, 0], [0, 0, 0]);
    const results = await runCanvasChecks(checks(red), blank);
    expect(results[0]).toMatchObject({ passed: false, message: 'The middle of the canvas is not red.' });
    expect((await runCanvasChecks(checks(blue), redPicture)).some((r) => !r.passed)).toBe(true);
  });
});
