// The picture a WebGL exercise is checked on, sampled the same way wherever it was drawn: in the student's browser
// (gl.readPixels, rows bottom-up) or on the server (Chromium's screenshot of the same runner page, rows top-down).
// One function, so that the same code gives the same picture on both paths.
import { CANVAS_SAMPLE } from './practice';

/**
 * RGBA rows at the canvas's size, turned into top-down rows at CANVAS_SAMPLE's size. Each sample pixel is the
 * average of the block of canvas pixels it covers (the canvas is a whole multiple of the sample, 2 × 2 today), so a
 * one-pixel line still counts and the picture does not shimmer. `rows` says how the source is ordered: readPixels'
 * row 0 is the bottom row of the picture.
 */
export function sampleCanvasPixels(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  target: { width: number; height: number } = CANVAS_SAMPLE,
  rows: 'bottom-up' | 'top-down' = 'bottom-up',
): Uint8Array {
  if (pixels.length !== width * height * 4) throw new Error(`Expected ${width * height * 4} bytes, got ${pixels.length}.`);
  const out = new Uint8Array(target.width * target.height * 4);
  for (let ty = 0; ty < target.height; ty++) {
    // Rows of the source this sample row covers, counted from the top.
    const top = Math.floor((ty * height) / target.height);
    const bottom = Math.max(top + 1, Math.floor(((ty + 1) * height) / target.height));
    for (let tx = 0; tx < target.width; tx++) {
      const left = Math.floor((tx * width) / target.width);
      const right = Math.max(left + 1, Math.floor(((tx + 1) * width) / target.width));
      const sum = [0, 0, 0, 0];
      for (let y = top; y < bottom; y++) {
        const row = rows === 'bottom-up' ? height - 1 - y : y;
        for (let x = left; x < right; x++) {
          const i = (row * width + x) * 4;
          sum[0]! += pixels[i]!;
          sum[1]! += pixels[i + 1]!;
          sum[2]! += pixels[i + 2]!;
          sum[3]! += pixels[i + 3]!;
        }
      }
      const count = (bottom - top) * (right - left);
      const o = (ty * target.width + tx) * 4;
      for (let c = 0; c < 4; c++) out[o + c] = Math.round(sum[c]! / count);
    }
  }
  return out;
}
