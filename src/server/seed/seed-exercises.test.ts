import { afterAll, describe, expect, it } from 'vitest';
import { CANVAS_SAMPLE } from '../../common/practice';
import { runCanvasChecks } from '../../grading/languages/webgl/canvas-checks';
import { createGrader } from '../../grading/dispatch';
import { demoCourses } from './seed-content';
import { demoExercises } from './seed-exercises';

/*
 * The demo exercises work on a fresh start: each reference solution passes its tests with the real
 * grader, and a starter does not (a student has something to do). WebGL draws in the browser, so
 * its checks are run against the picture its reference draws, rasterised here the same way.
 */

const grader = createGrader({ sandboxSlot: 300 + (process.pid % 100) });
afterAll(() => grader.close());

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
  it('are placed in lessons of the demo courses, three in C, two in Java, one in JavaScript, two in WebGL', () => {
    for (const x of demoExercises) {
      const course = demoCourses.find((c) => c.title === x.course);
      expect(
        course?.chapters.some((ch) => ch.lessons.some((l) => l.title === x.lesson)),
        `${x.course} / ${x.lesson}`,
      ).toBe(true);
    }
    const count = (language: string) => demoExercises.filter((x) => x.language === language).length;
    expect([count('c'), count('java'), count('javascript'), count('webgl')]).toEqual([3, 2, 1, 2]);
  });

  for (const x of demoExercises.filter((e) => e.language !== 'webgl')) {
    it(`${x.title} (${x.language}): the reference passes every test, the starter code does not`, async () => {
      const spec = (code: string) => ({
        language: x.language as 'c' | 'java' | 'javascript',
        code,
        limits: LIMITS,
        tests: x.tests.map((t, i) => ({
          id: String(i + 1),
          input: t.input,
          expectedOutput: t.expectedOutput,
          match: 'trailing_whitespace' as const,
          expectedExitCode: null,
        })),
      });
      const reference = await grader.grade(spec(x.referenceSolution));
      expect(reference.kind, JSON.stringify(reference).slice(0, 400)).toBe('graded');
      if (reference.kind === 'graded')
        expect(reference.tests.map((t) => [t.testId, t.passed, t.message])).toEqual(x.tests.map((_, i) => [String(i + 1), true, null]));
      const starter = await grader.grade(spec(x.starterCode));
      expect(starter.kind === 'graded' && starter.tests.every((t) => t.passed)).toBe(false);
    }, 60_000);
  }

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
