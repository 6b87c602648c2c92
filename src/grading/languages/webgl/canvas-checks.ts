// A tutor's checks for WebGL exercises: the student's browser renders the program and sends the canvas pixels, and the
// tutor's JavaScript checks run here in QuickJS (never in Node's engine) against those pixels, with a memory cap and a
// deadline per check. The helpers are defined inside QuickJS, so a check touches nothing but the image.
import { getQuickJS } from 'quickjs-emscripten';
import type { CanvasCheckResult, CanvasImage } from '../../contract';

export type CanvasCheck = { id: string; code: string };

const DEFAULT_CHECK_TIME_MS = 1000;
const CHECK_MEMORY_BYTES = 64 * 1024 * 1024;

const HELPERS = `(() => {
  const width = globalThis.__width;
  const height = globalThis.__height;
  const data = new Uint8Array(globalThis.__pixels);
  delete globalThis.__width;
  delete globalThis.__height;
  delete globalThis.__pixels;
  const at = (x, y) => {
    const i = (y * width + x) * 4;
    return { r: data[i], g: data[i + 1], b: data[i + 2], a: data[i + 3] };
  };
  const clamp = (value) => (value < 0 || value !== value ? 0 : value > 1 ? 1 : value);
  globalThis.width = width;
  globalThis.height = height;
  globalThis.pixel = (u, v) => {
    if (width === 0 || height === 0) return { r: 0, g: 0, b: 0, a: 0 };
    const x = Math.min(width - 1, Math.floor(clamp(u) * width));
    const y = Math.min(height - 1, Math.floor(clamp(v) * height));
    return at(x, y);
  };
  globalThis.share = (predicate) => {
    const total = width * height;
    if (total === 0) return 0;
    let count = 0;
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (predicate(at(x, y))) count++;
    return count / total;
  };
  globalThis.isColor = (p, r, g, b, tolerance = 40) =>
    Math.abs(p.r - r) <= tolerance && Math.abs(p.g - g) <= tolerance && Math.abs(p.b - b) <= tolerance;
})();`;

export async function runCanvasChecks(
  checks: CanvasCheck[],
  image: CanvasImage,
  opts: { timeMs?: number } = {},
): Promise<CanvasCheckResult[]> {
  const quickjs = await getQuickJS();
  const timeMs = opts.timeMs ?? DEFAULT_CHECK_TIME_MS;
  const expected = image.width * image.height * 4;
  if (
    image.rgba.length !== expected ||
    !Number.isInteger(image.width) ||
    !Number.isInteger(image.height) ||
    image.width < 0 ||
    image.height < 0
  ) {
    return checks.map((check) => ({ checkId: check.id, passed: false, message: 'The canvas image sent for checking is not complete.' }));
  }
  return checks.map((check) => {
    const runtime = quickjs.newRuntime();
    const deadline = performance.now() + timeMs;
    runtime.setMemoryLimit(CHECK_MEMORY_BYTES + expected * 2);
    runtime.setMaxStackSize(512 * 1024);
    runtime.setInterruptHandler(() => performance.now() > deadline);
    const context = runtime.newContext();
    try {
      for (const [name, handle] of [
        ['__width', context.newNumber(image.width)],
        ['__height', context.newNumber(image.height)],
        ['__pixels', context.newArrayBuffer(image.rgba.slice().buffer)],
      ] as const) {
        context.setProp(context.global, name, handle);
        handle.dispose();
      }
      context.unwrapResult(context.evalCode(HELPERS, 'helpers.js')).dispose();
      const result = context.evalCode(`(function () {\n${check.code}\n})()`, 'check.js');
      if (result.error) {
        const error = context.dump(result.error) as { name?: string; message?: string } | string;
        result.error.dispose();
        if (performance.now() > deadline)
          return { checkId: check.id, passed: false, message: `The check took longer than ${timeMs} ms and was stopped.` };
        const text = typeof error === 'object' && error ? `${error.name ?? 'Error'}: ${error.message ?? ''}` : String(error);
        return { checkId: check.id, passed: false, message: `The check failed with an error: ${text}` };
      }
      const value = context.dump(result.value) as unknown;
      result.value.dispose();
      if (value === true) return { checkId: check.id, passed: true, message: null };
      if (typeof value === 'string') return { checkId: check.id, passed: false, message: value };
      return {
        checkId: check.id,
        passed: false,
        message: value === false ? 'The picture does not pass this check.' : 'The check returned neither true, false nor a message.',
      };
    } finally {
      try {
        context.dispose();
        runtime.dispose();
      } catch {
        // A runtime stopped at its memory cap may not tear down cleanly; it is dropped either way.
      }
    }
  });
}
