import { describe, expect, it } from 'vitest';
import type { CanvasImage } from '../../contract';
import { runCanvasChecks } from './canvas-checks';
import { SECRET } from '../../test-helpers';

/** 4×2 image: left half red, right half blue. */
function image(): CanvasImage {
  const width = 4;
  const height = 2;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rgba.set(x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], (y * width + x) * 4);
  }
  return { width, height, rgba };
}

describe('runCanvasChecks', () => {
  it('gives the checks width, height, pixel, share and isColor', async () => {
    const results = await runCanvasChecks(
      [
        { id: 'size', code: 'return width === 4 && height === 2;' },
        { id: 'left', code: 'return isColor(pixel(0.1, 0.5), 255, 0, 0);' },
        { id: 'clamp', code: 'return isColor(pixel(5, -1), 0, 0, 255) && isColor(pixel(-3, 9), 255, 0, 0);' },
        { id: 'share', code: 'return share((p) => isColor(p, 0, 0, 255)) === 0.5;' },
        { id: 'message', code: 'return share((p) => p.g > 100) > 0.5 ? true : "Draw a green triangle.";' },
        { id: 'false', code: 'return false;' },
      ],
      image(),
    );
    expect(results).toEqual([
      { checkId: 'size', passed: true, message: null },
      { checkId: 'left', passed: true, message: null },
      { checkId: 'clamp', passed: true, message: null },
      { checkId: 'share', passed: true, message: null },
      { checkId: 'message', passed: false, message: 'Draw a green triangle.' },
      { checkId: 'false', passed: false, message: 'The picture does not pass this check.' },
    ]);
  });

  it('fails a check that throws or runs too long, with plain words', async () => {
    const [thrown, endless] = await runCanvasChecks(
      [
        { id: 'throws', code: 'null.x;' },
        { id: 'endless', code: 'for (;;) {}' },
      ],
      image(),
      { timeMs: 300 },
    );
    expect(thrown).toMatchObject({ passed: false, message: expect.stringContaining('TypeError') });
    expect(endless).toEqual({ checkId: 'endless', passed: false, message: 'The check took longer than 300 ms and was stopped.' });
  });

  it('runs outside Node: no process, require or host globals', async () => {
    const [result] = await runCanvasChecks(
      [
        {
          id: 'escape',
          code: 'return [typeof process, typeof require, typeof globalThis.__pixels].join(",") + (typeof process !== "undefined" ? process.env.GRADER_TEST_SECRET : "");',
        },
      ],
      image(),
    );
    expect(result!.message).toBe('undefined,undefined,undefined');
    expect(result!.message).not.toContain(SECRET);
  });
});
