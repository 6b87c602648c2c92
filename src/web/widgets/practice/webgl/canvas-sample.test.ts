import { describe, expect, it } from 'vitest';
import { bytesToBase64, canvasImageBody, sampleCanvasPixels } from './canvas-sample';

/** A picture as readPixels gives it (bottom row first) from rows listed top-down. */
function glPixels(rowsTopDown: number[][][]): Uint8Array {
  return Uint8Array.from([...rowsTopDown].reverse().flat(2));
}

describe('sampleCanvasPixels', () => {
  it('turns bottom-up rows into top-down ones', () => {
    const red = [255, 0, 0, 255];
    const blue = [0, 0, 255, 255];
    const pixels = glPixels([[red], [blue]]);
    expect([...sampleCanvasPixels(pixels, 1, 2, { width: 1, height: 2 })]).toEqual([...red, ...blue]);
  });

  it('averages each block of pixels into one sample', () => {
    const w = [255, 255, 255, 255];
    const k = [0, 0, 0, 255];
    // Top-left block: two white, two black → grey; the other blocks are plain.
    const pixels = glPixels([
      [w, k, w, w],
      [k, w, w, w],
      [k, k, k, k],
      [k, k, k, k],
    ]);
    const sample = sampleCanvasPixels(pixels, 4, 4, { width: 2, height: 2 });
    expect([...sample]).toEqual([128, 128, 128, 255, 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255]);
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => sampleCanvasPixels(new Uint8Array(7), 1, 2, { width: 1, height: 1 })).toThrow();
  });
});

describe('canvasImageBody', () => {
  it('sends the sample size and its base64 bytes', () => {
    const pixels = new Uint8Array(320 * 240 * 4).fill(255);
    const body = canvasImageBody(pixels, 320, 240);
    expect(body.width).toBe(160);
    expect(body.height).toBe(120);
    expect(atob(body.rgbaBase64).length).toBe(160 * 120 * 4);
  });

  it('encodes bytes as standard base64', () => {
    expect(bytesToBase64(Uint8Array.from([0, 1, 2, 253, 254, 255]))).toBe('AAEC/f7/');
  });
});
