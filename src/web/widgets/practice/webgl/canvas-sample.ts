import { CANVAS_SAMPLE, type CanvasImageBody } from '@common/practice';

/**
 * The picture the server checks: `gl.readPixels` gives RGBA rows bottom-up at the canvas's size; the
 * server wants them top-down at CANVAS_SAMPLE's size. Each sample pixel is the average of the
 * block of canvas pixels it covers (the canvas is a whole multiple of the sample, 2 × 2 today),
 * so a one-pixel line still counts and the picture does not shimmer.
 */
export function sampleCanvasPixels(
  pixels: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  target: { width: number; height: number } = CANVAS_SAMPLE,
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
        // readPixels' row 0 is the bottom row of the picture.
        const row = height - 1 - y;
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

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole picture's bytes as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The canvas as the submission carries it. */
export function canvasImageBody(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): CanvasImageBody {
  return { width: CANVAS_SAMPLE.width, height: CANVAS_SAMPLE.height, rgbaBase64: bytesToBase64(sampleCanvasPixels(pixels, width, height)) };
}
