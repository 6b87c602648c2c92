import { sampleCanvasPixels } from '@common/canvas-picture';
import { CANVAS_SAMPLE, type CanvasImageBody } from '@common/practice';

// The sampling is shared with the server, which draws the same code itself (src/common/canvas-picture.ts).
export { sampleCanvasPixels };

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
