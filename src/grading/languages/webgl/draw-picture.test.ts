// A WebGL verdict rests on the picture the server draws from the code: a forged picture sent by the browser is not
// looked at where the server can draw, a drawing that never ends is stopped, and where the server cannot draw the
// outcome says that the picture came from the student's browser.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CANVAS_SIZE, pictureSourceOfSummary, PracticeMessages } from '../../../common/practice';
import type { CanvasImage, GradingSpec, SubmissionSpec } from '../../contract';
import { createGrader } from '../../dispatch';
import { outcomeOfGrading } from '../../outcome';
import { isRoot, sandboxProcessesAlive, sandboxUid } from '../../sandbox/bubblewrap';
import { demoExercises } from '../../../server/seed/seed-exercises';
import { canvasOfScreenshot, decodePng, drawingSupport, drawPicture, pageOf } from './draw-picture';

/** A slot of its own, so that the check that no Chromium is left looks at this file's sandbox uid only. */
const SLOT = 6;
const LIMITS = { timeMs: 2000, memoryMb: 128, outputKb: 64 };
const chromePath = process.env.CHROME_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/bin/chromium-browser');
/**
 * The server draws with Chromium in the sandbox, as root (the sandbox's process limit needs a uid of its own). Without
 * either there is nothing to draw with (the first test covers that case); with both, the sandbox must work: a broken
 * one fails these tests rather than skipping them.
 */
const noChromium = !fs.existsSync(chromePath) || !isRoot();
/** Each drawing starts a cold Chromium: seconds on a busy 2-core machine, and the time-limit test waits 8.5 s. */
const DRAWING_TEST_MS = 60_000;

const [redTriangle] = demoExercises.filter((e) => e.language === 'webgl');
if (!redTriangle) throw new Error('The demo courses have no WebGL exercise.');

/** What a browser that lies would send: the canvas painted red all over. */
function forgedRedPicture(): CanvasImage {
  const rgba = new Uint8Array(160 * 120 * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([255, 0, 0, 255], i);
  return { width: 160, height: 120, rgba };
}

/** A "red rectangle": every check the red-triangle exercise has passes on it, the hidden one included. */
function forgedRectangle(): CanvasImage {
  const rgba = new Uint8Array(160 * 120 * 4);
  for (let y = 0; y < 120; y++)
    for (let x = 0; x < 160; x++) rgba.set(x >= 60 && x < 100 && y >= 40 && y < 110 ? [255, 0, 0, 255] : [0, 0, 0, 255], (y * 160 + x) * 4);
  return { width: 160, height: 120, rgba };
}

const submission = (code: string, image?: CanvasImage): { grading: GradingSpec; stored: SubmissionSpec } => ({
  grading: {
    language: 'webgl',
    code,
    limits: LIMITS,
    tests: redTriangle.tests.map((t, i) => ({
      id: String(i + 1),
      input: t.input,
      expectedOutput: t.expectedOutput,
      match: 'exact',
      expectedExitCode: null,
    })),
    ...(image ? { image } : {}),
  },
  stored: {
    language: 'webgl',
    code,
    limits: LIMITS,
    tests: redTriangle.tests.map((t, i) => ({
      position: i + 1,
      hidden: t.hidden ?? false,
      input: t.input,
      expectedOutput: t.expectedOutput,
      match: 'exact',
      expectedExitCode: null,
    })),
  },
});

const grader = createGrader({ sandboxSlot: SLOT, chromePath });
afterAll(() => grader.close());

describe('the picture a WebGL submission is judged on', () => {
  it('the forged rectangle passes every check of the exercise when the browser is believed', async () => {
    // The premise of the tests below: the forgery is good enough to pass where the browser's picture is checked.
    const browserOnly = createGrader({ sandboxSlot: SLOT, chromePath: '/nonexistent/chromium' });
    try {
      const { grading, stored } = submission('// draws nothing', forgedRectangle());
      const outcome = outcomeOfGrading(stored, await browserOnly.grade(grading), false);
      expect(outcome.verdict).toBe('passed');
      expect(outcome.pictureSource).toBe('browser');
    } finally {
      await browserOnly.close();
    }
  });

  it.skipIf(noChromium)(
    'a forged picture with code that draws nothing fails: the server draws a blank canvas',
    async () => {
      for (const forged of [forgedRectangle(), forgedRedPicture()]) {
        const { grading, stored } = submission('// draws nothing', forged);
        const result = await grader.grade(grading);
        const outcome = outcomeOfGrading(stored, result, false);
        expect(outcome.verdict).toBe('failed');
        expect(result).toMatchObject({ kind: 'checked', pictureSource: 'server' });
        // The blank canvas keeps its corners black; the red middle and the hidden check of the red area fail.
        expect(outcome.testPassed.map((t) => t.passed)).toEqual([false, true, false]);
        expect(outcome.tests[0]!.message).toBe('The middle of the canvas is not red.');
        expect(outcome.summary).not.toContain(PracticeMessages.pictureFromBrowser);
      }
    },
    DRAWING_TEST_MS,
  );

  it.skipIf(noChromium)(
    "correct code passes on the server's picture, whatever the browser sent",
    async () => {
      for (const sent of [undefined, forgedRedPicture()]) {
        const { grading, stored } = submission(redTriangle.referenceSolution, sent);
        const outcome = outcomeOfGrading(stored, await grader.grade(grading), false);
        expect(outcome).toMatchObject({ verdict: 'passed', pictureSource: 'server', summary: 'All tests passed' });
      }
    },
    DRAWING_TEST_MS,
  );

  it.skipIf(noChromium)(
    'code that never ends gets the time limit, and no Chromium is left running',
    async () => {
      const { grading, stored } = submission('while (true) {}', forgedRectangle());
      const started = performance.now();
      const result = await grader.grade({ ...grading, limits: { ...LIMITS, timeMs: 500 } });
      expect(performance.now() - started).toBeLessThan(15_000);
      const outcome = outcomeOfGrading({ ...stored, limits: { ...LIMITS, timeMs: 500 } }, result, false);
      expect(outcome.verdict).toBe('failed');
      expect(outcome.tests.every((t) => t.status === 'time_limit' && !t.passed)).toBe(true);
      expect(outcome.summary).toContain(PracticeMessages.drawingTimeLimit(0.5));
      const uid = sandboxUid(SLOT);
      if (isRoot() && uid !== null) expect(await sandboxProcessesAlive(uid)).toBe(false);
      // Whatever the uid: no process of this machine still runs a page of a WebGL grading.
      const leftovers = fs
        .readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('file:///sandbox/page.html');
          } catch {
            return false;
          }
        });
      expect(leftovers).toEqual([]);
    },
    DRAWING_TEST_MS,
  );

  it('where the server cannot draw, the browser picture is checked and the outcome says where it came from', async () => {
    const browserOnly = createGrader({ sandboxSlot: SLOT, chromePath: '/nonexistent/chromium' });
    try {
      const { grading, stored } = submission(redTriangle.referenceSolution, forgedRectangle());
      const result = await browserOnly.grade(grading);
      expect(result).toMatchObject({ kind: 'checked', pictureSource: 'browser' });
      const outcome = outcomeOfGrading(stored, result, false);
      expect(outcome.summary).toBe(`All tests passed. ${PracticeMessages.pictureFromBrowser}`);
      // The API reads the source back from the stored summary, and shows the summary without the note.
      expect(pictureSourceOfSummary(outcome.summary)).toEqual({ summary: 'All tests passed', pictureSource: 'browser' });
      expect((await browserOnly.grade({ ...grading, image: undefined })).kind).toBe('error');
    } finally {
      await browserOnly.close();
    }
  });
});

describe('drawPicture', () => {
  it.skipIf(noChromium)(
    'draws the way the browser does: rows top-down, averaged into the 160 × 120 sample',
    async () => {
      // Green in a 10 × 20 block at the bottom-left of the 320 × 240 canvas (WebGL counts y from the bottom).
      const code =
        'gl.clearColor(1, 0, 0, 1); gl.clear(gl.COLOR_BUFFER_BIT); gl.enable(gl.SCISSOR_TEST); gl.scissor(0, 0, 10, 20); gl.clearColor(0, 1, 0, 1); gl.clear(gl.COLOR_BUFFER_BIT);';
      const started = performance.now();
      const drawing = await drawPicture(code, LIMITS, { chromePath, slot: SLOT });
      const ms = performance.now() - started;
      expect(drawing.kind).toBe('drawn');
      if (drawing.kind !== 'drawn') return;
      const at = (x: number, y: number) => [...drawing.image.rgba.subarray((y * 160 + x) * 4, (y * 160 + x) * 4 + 4)];
      expect([drawing.image.width, drawing.image.height]).toEqual([160, 120]);
      expect(at(0, 119)).toEqual([0, 255, 0, 255]);
      expect(at(4, 110)).toEqual([0, 255, 0, 255]);
      expect(at(5, 119)).toEqual([255, 0, 0, 255]);
      expect(at(0, 109)).toEqual([255, 0, 0, 255]);
      expect(at(0, 0)).toEqual([255, 0, 0, 255]);
      console.info(`A WebGL drawing on the server took ${Math.round(ms)} ms.`);
    },
    DRAWING_TEST_MS,
  );

  it.skipIf(noChromium)(
    'takes an animation at the moment the browser reads its picture, not a later frame',
    async () => {
      // Red counts the frames drawn: once when the code runs, then once per animation frame. The browser reads after two.
      const code =
        'let n = 0; function frame() { n++; gl.clearColor((n * 20) / 255, 0, 0, 1); gl.clear(gl.COLOR_BUFFER_BIT); requestAnimationFrame(frame); } frame();';
      const drawing = await drawPicture(code, LIMITS, { chromePath, slot: SLOT });
      expect(drawing.kind === 'drawn' && [...drawing.image.rgba.subarray(0, 4)]).toEqual([60, 0, 0, 255]);
    },
    DRAWING_TEST_MS,
  );

  it('reports a missing Chromium as unavailable, without throwing', async () => {
    expect(await drawingSupport({ chromePath: '/nonexistent/chromium' })).toEqual({
      ok: false,
      reason: 'no Chromium at /nonexistent/chromium',
    });
  });

  it.skipIf(!isRoot())(
    'a drawing browser that is there but fails its test drawing fails the submission: the browser picture is not trusted',
    async () => {
      // /bin/false stands for a Chromium that starts and draws nothing (a machine too busy at the probe, say).
      const drawing = await drawPicture('gl.clearColor(1, 0, 0, 1); gl.clear(gl.COLOR_BUFFER_BIT);', LIMITS, {
        chromePath: '/bin/false',
        slot: SLOT,
      });
      expect(drawing.kind).toBe('failed');
      if (drawing.kind === 'failed') expect(drawing.message).toMatch(/submit again/);
    },
    DRAWING_TEST_MS,
  );

  it('hands the code to the runner page as a string that cannot end its script', () => {
    const page = pageOf('<html><body><script>runner()</script></body></html>', '</script><script>alert(1)</script>');
    expect(page).not.toContain('</script><script>alert(1)');
    expect(page.indexOf('runner()')).toBeGreaterThan(page.indexOf('\\u003c/script>'));
  });

  it('takes the canvas only from a screenshot of the painted page: a plain white one is not a picture', () => {
    const { width, height } = CANVAS_SIZE;
    const screenshot = (fill: (y: number) => [number, number, number]) => {
      const rgba = new Uint8Array(width * (height + 2) * 4);
      for (let y = 0; y < height + 2; y++) for (let x = 0; x < width; x++) rgba.set([...fill(y), 255], (y * width + x) * 4);
      return { width, height: height + 2, rgba };
    };
    const painted = canvasOfScreenshot(screenshot((y) => (y < height ? [0, 0, 0] : [0, 255, 0])));
    expect(painted?.length).toBe(width * height * 4);
    expect(painted?.every((v, i) => v === (i % 4 === 3 ? 255 : 0))).toBe(true);
    expect(canvasOfScreenshot(screenshot(() => [255, 255, 255]))).toBeNull();
    expect(canvasOfScreenshot({ width, height, rgba: new Uint8Array(width * height * 4) })).toBeNull();
  });

  it('decodes a PNG with each of its row filters', async () => {
    const { deflateSync } = await import('node:zlib');
    // 2 × 5 RGB, one row per filter type (none, sub, up, average, Paeth), every pixel (10, 20, 30) after unfiltering.
    const rows = [
      [0, 10, 20, 30, 10, 20, 30],
      [1, 10, 20, 30, 0, 0, 0],
      [2, 0, 0, 0, 0, 0, 0],
      [3, 5, 10, 15, 0, 0, 0],
      [4, 0, 0, 0, 0, 0, 0],
    ];
    const chunk = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(body.length, 0);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body, Buffer.alloc(4)]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(2, 0);
    ihdr.writeUInt32BE(5, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.from(rows.flat()))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const decoded = decodePng(png);
    expect([decoded.width, decoded.height]).toEqual([2, 5]);
    expect([...decoded.rgba]).toEqual(Array.from({ length: 10 }, () => [10, 20, 30, 255]).flat());
  });
});
