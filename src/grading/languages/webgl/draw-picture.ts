// Draws a WebGL submission's picture on the server, so that its checks never rest on pixels the student sent.
// Chromium runs headless with its software renderer (SwiftShader) inside the native sandbox (sandbox/bubblewrap.ts: no
// network, read-only Chromium and libraries, an unprivileged uid as root, rlimits, a wall-clock limit that kills the
// process group). It loads the very runner page the lesson's frame loads (public/webgl-runner.html), with a few lines
// that hand it the code, and takes a screenshot of the canvas. A screenshot and not pixels the page writes out: the
// student's code runs in that page and could write whatever it liked there, but it cannot change what is on the
// screen other than by drawing it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { sampleCanvasPixels } from '../../../common/canvas-picture';
import { CANVAS_SAMPLE, CANVAS_SIZE } from '../../../common/practice';
import type { CanvasImage } from '../../contract';
import { findSandboxTools, isRoot, runInSandbox, sandboxUid, type SandboxTools } from '../../sandbox/bubblewrap';

/**
 * Starting Chromium is not the student's time: about 1.5 s cold on a 2-core machine, and over 3 s while the machine is
 * busy. A correct drawing must never meet the time limit because Chromium started slowly.
 */
export const CHROMIUM_START_ALLOWANCE_MS = 8000;
/**
 * The page's own clock: the screenshot is taken when this much virtual time has passed, well after the two animation
 * frames after which the runner reads the browser's picture (and the page stops any animation, see pageOf). Virtual
 * time stands still while a script runs, so a busy loop meets the wall-clock limit instead.
 */
const VIRTUAL_TIME_BUDGET_MS = 200;
/** Chromium's processes and threads (browser, GPU, renderer, utility, each with a few dozen threads). */
const MAX_PROCESSES = 512;
/** Chromium shares its frames through /dev/shm. */
const SHM_BYTES = 64 * 1024 * 1024;
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** What Chromium may print (its own logging; the student's console goes nowhere): it is stopped past this. */
const LOG_LIMIT_BYTES = 1024 * 1024;
const SCREENSHOT_MAX_BYTES = 4 * 1024 * 1024;
/**
 * A strip of a known colour below the canvas, which the screenshot must show. A busy machine sometimes makes headless
 * Chromium take its screenshot before the page was painted (plain white), which would be judged as the student's
 * picture; the strip tells such a screenshot apart, and the drawing is made once more.
 */
const PAINTED_STRIP = { rows: 2, rgb: [0, 255, 0] as const };
const DRAWING_TRIES = 2;
/**
 * Chromium's own writable memory, on top of the exercise's memory limit: RLIMIT_DATA (private writable memory, per
 * process) rather than the address space, since V8 and Chromium's allocator reserve many gigabytes they never use.
 */
const CHROMIUM_OWN_MEMORY_MB = 1536;

export type DrawOptions = {
  /** Where Chromium is; the default is CHROME_PATH, else Debian's /usr/bin/chromium, else /usr/bin/chromium-browser. */
  chromePath?: string;
  /** The grading slot, for the sandbox's uid. */
  slot?: number;
};

export type Drawing =
  { kind: 'drawn'; image: CanvasImage; timeMs: number } | { kind: 'time_limit'; timeMs: number } | { kind: 'failed'; message: string };

type Drawer = SandboxTools & { chromium: string; chromiumDir: string; runnerHtml: string };

/** The runner page the lesson's frame loads: next to the sources, or among the built pages. */
function findRunnerHtml(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [path.join(dir, 'public', 'webgl-runner.html'), path.join(dir, 'web', 'webgl-runner.html')]) {
      if (fs.existsSync(candidate)) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

/**
 * The Chromium binary itself. Debian's /usr/bin/chromium is a shell script that starts /usr/lib/chromium/chromium;
 * the sandbox has no shell, so the script's target is taken.
 */
function chromiumBinary(chromePath: string): string | null {
  let real: string;
  try {
    real = fs.realpathSync(chromePath);
    fs.accessSync(real, fs.constants.X_OK);
  } catch {
    return null;
  }
  const head = Buffer.alloc(2);
  const fd = fs.openSync(real, 'r');
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') !== '#!') return real;
  for (const candidate of ['/usr/lib/chromium/chromium', '/usr/lib/chromium-browser/chromium-browser']) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not this layout.
    }
  }
  return null;
}

function defaultChromePath(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return fromEnv;
  return fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/bin/chromium-browser';
}

function findDrawer(chromePath: string): Drawer | string {
  const chromium = chromiumBinary(chromePath);
  if (!chromium) return `no Chromium at ${chromePath}`;
  const tools = findSandboxTools();
  if ('missing' in tools) return `${tools.missing.join(', ')} not found`;
  // The process limit counts every process of a uid: without root, Chromium would share the server's own, and one
  // student's drawing could make another's fail. As for Java, drawing on the server needs an account per slot.
  if (!isRoot()) return 'the workers do not run as root, so Chromium cannot be given an account of its own';
  const runnerHtml = findRunnerHtml();
  if (!runnerHtml) return 'the WebGL runner page (public/webgl-runner.html) was not found';
  return { ...tools, chromium, chromiumDir: path.dirname(chromium), runnerHtml };
}

/**
 * The runner page with the code handed to it. The runner waits for a message from its parent (here the page itself)
 * and draws on a canvas of the given size; the code travels as a JSON string, with `<` escaped so that it cannot end
 * the script element. Nothing this script does decides the picture: the code could undo any of it, and only what is
 * on the screen is taken.
 */
export function pageOf(runnerHtml: string, code: string): string {
  const literal = JSON.stringify(code)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const start = `<script>
(function () {
  var code = ${literal};
  var none = function () {
    return 0;
  };
  var request = window.requestAnimationFrame.bind(window);
  var cancel = window.cancelAnimationFrame.bind(window);
  var later = window.setTimeout.bind(window);
  var clear = window.clearTimeout.bind(window);
  var post = window.postMessage.bind(window);
  // When the runner has read its picture (the browser's moment), an animation stops where it is: the frames and
  // timers waiting are cancelled (their ids count up from 1) and no new ones start, so the screenshot shows what the
  // browser read rather than a later frame. Not a safeguard: the screenshot is.
  function freeze() {
    for (var frame = request(none); frame > 0; frame--) cancel(frame);
    for (var timer = later(none); timer > 0; timer--) clear(timer);
    window.requestAnimationFrame = window.setTimeout = window.setInterval = none;
  }
  window.postMessage = function (message, target, transfer) {
    if (message && message.source === 'webgl-runner' && message.type === 'rendered') freeze();
    return post(message, target, transfer);
  };
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (data && data.source === 'webgl-runner' && data.type === 'ready')
      post({ type: 'run', code: code, width: ${CANVAS_SIZE.width}, height: ${CANVAS_SIZE.height} }, '*');
  });
})();
</script>`;
  const at = runnerHtml.indexOf('<body>');
  if (at < 0) throw new Error('The WebGL runner page has no <body>.');
  const strip = `<style>html{box-sizing:border-box;border-bottom:${PAINTED_STRIP.rows}px solid rgb(${PAINTED_STRIP.rgb.join(',')})}</style>`;
  return runnerHtml.slice(0, at) + strip + runnerHtml.slice(at, at + '<body>'.length) + start + runnerHtml.slice(at + '<body>'.length);
}

/** The canvas's part of a screenshot of the page, or null when the page was not painted (no strip below the canvas). */
export function canvasOfScreenshot(picture: { width: number; height: number; rgba: Uint8Array }): Uint8Array | null {
  const { width, height } = CANVAS_SIZE;
  if (picture.width !== width || picture.height !== height + PAINTED_STRIP.rows) return null;
  for (let y = height; y < picture.height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (PAINTED_STRIP.rgb.some((value, c) => Math.abs(picture.rgba[o + c]! - value) > 8)) return null;
    }
  }
  return picture.rgba.subarray(0, width * height * 4);
}

/** Chromium's screenshot: an 8-bit, non-interlaced PNG in RGB or RGBA. Decoded here: no image library is needed for that. */
export function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  if (png.length < 33 || png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colorType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
      if (depth !== 8 || !channels || interlace !== 0) throw new Error('unsupported PNG layout');
      if (width * height > 4096 * 4096) throw new Error('PNG too large');
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(data), { maxOutputLength: (stride + 1) * height });
  if (raw.length !== (stride + 1) * height) throw new Error('PNG data incomplete');
  const rgba = new Uint8Array(width * height * 4);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = new Uint8Array(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? line[i - channels]! : 0;
      const up = previous[i]!;
      const upLeft = i >= channels ? previous[i - channels]! : 0;
      let add = 0;
      if (filter === 1) add = left;
      else if (filter === 2) add = up;
      else if (filter === 3) add = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        add = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      } else if (filter !== 0) throw new Error('unknown PNG filter');
      line[i] = (line[i]! + add) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      rgba[o] = line[x * channels]!;
      rgba[o + 1] = line[x * channels + 1]!;
      rgba[o + 2] = line[x * channels + 2]!;
      rgba[o + 3] = channels === 4 ? line[x * channels + 3]! : 255;
    }
    previous = line;
  }
  return { width, height, rgba };
}

function chromiumArgs(): string[] {
  return [
    '--headless',
    // bubblewrap is the sandbox: Chromium's own needs namespaces, which the sandbox refuses to nest.
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-extensions',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-breakpad',
    '--disable-crash-reporter',
    '--user-data-dir=/tmp/profile',
    `--window-size=${CANVAS_SIZE.width},${CANVAS_SIZE.height + PAINTED_STRIP.rows}`,
    '--force-device-scale-factor=1',
    '--hide-scrollbars',
    '--force-color-profile=srgb',
    `--virtual-time-budget=${VIRTUAL_TIME_BUDGET_MS}`,
    '--screenshot=/sandbox/picture.png',
    'file:///sandbox/page.html',
  ];
}

async function drawWith(drawer: Drawer, code: string, limits: { timeMs: number; memoryMb: number }, slot: number): Promise<Drawing> {
  let drawing: Drawing | 'not painted' = 'not painted';
  for (let tries = 0; tries < DRAWING_TRIES && drawing === 'not painted'; tries++) drawing = await drawOnce(drawer, code, limits, slot);
  return drawing === 'not painted'
    ? { kind: 'failed', message: 'The browser on the server did not show the page it was given: submit again.' }
    : drawing;
}

async function drawOnce(
  drawer: Drawer,
  code: string,
  limits: { timeMs: number; memoryMb: number },
  slot: number,
): Promise<Drawing | 'not painted'> {
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'grading-webgl-'));
  try {
    await fs.promises.chmod(workDir, 0o700);
    const page = path.join(workDir, 'page.html');
    await fs.promises.writeFile(page, pageOf(await fs.promises.readFile(drawer.runnerHtml, 'utf8'), code), { mode: 0o644 });
    const uid = sandboxUid(slot);
    if (uid !== null) {
      await fs.promises.chown(workDir, uid, uid);
      await fs.promises.chown(page, uid, uid);
    }
    const run = await runInSandbox(drawer, {
      slot,
      layout: {
        readOnly: [drawer.chromiumDir, '/etc/fonts', '/usr/share/fonts'],
        workDir,
        writable: true,
        env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: '/tmp' },
        shmBytes: SHM_BYTES,
      },
      command: [drawer.chromium, ...chromiumArgs()],
      stdin: '',
      wallMs: limits.timeMs + CHROMIUM_START_ALLOWANCE_MS,
      rlimits: [
        `--nproc=${MAX_PROCESSES}`,
        `--data=${(CHROMIUM_OWN_MEMORY_MB + limits.memoryMb) * 1024 * 1024}`,
        `--fsize=${MAX_FILE_BYTES}`,
        '--nofile=1024',
        '--core=0',
      ],
      outputLimitBytes: LOG_LIMIT_BYTES,
      stderrKeepBytes: 4096,
      // Every Chromium process of the drawing together, where the machine gives a control group.
      cgroup: { memoryBytes: (CHROMIUM_OWN_MEMORY_MB + limits.memoryMb) * 1024 * 1024, pids: MAX_PROCESSES },
    });
    if (run.timedOut) return { kind: 'time_limit', timeMs: run.timeMs };
    if (run.memoryExceeded) return { kind: 'failed', message: 'The drawing used more memory than the exercise allows.' };
    const shot = path.join(workDir, 'picture.png');
    let png: Buffer;
    try {
      const stat = await fs.promises.lstat(shot);
      if (!stat.isFile() || stat.size > SCREENSHOT_MAX_BYTES) throw new Error('not a plain file of a sensible size');
      png = await fs.promises.readFile(shot);
    } catch {
      const detail = run.outputExceeded ? 'it wrote too much output' : `exit code ${run.exitCode ?? run.signal}`;
      return { kind: 'failed', message: `The browser on the server stopped before it had drawn the picture (${detail}).` };
    }
    const canvas = canvasOfScreenshot(decodePng(png));
    if (!canvas) return 'not painted';
    const rgba = sampleCanvasPixels(canvas, CANVAS_SIZE.width, CANVAS_SIZE.height, CANVAS_SAMPLE, 'top-down');
    return { kind: 'drawn', image: { width: CANVAS_SAMPLE.width, height: CANVAS_SAMPLE.height, rgba }, timeMs: run.timeMs };
  } catch (error) {
    return {
      kind: 'failed',
      message: `The server could not draw the picture (${error instanceof Error ? error.message : String(error)}).`,
    };
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Whether the server can draw: Chromium, the sandbox and a tiny drawing that comes out right. What is missing from the
 * machine is remembered per path; a test drawing that failed (a busy machine, a slow start) is not: the next grading
 * tries again, and meanwhile a submission fails rather than falling back on the picture its browser sent, which the
 * student could have forged.
 */
type Support = { ok: true; drawer: Drawer } | { ok: false; reason: string; missing: boolean };
const supportCache = new Map<string, Promise<Support>>();

export function drawingSupport(options: DrawOptions = {}): Promise<{ ok: true } | { ok: false; reason: string }> {
  return drawerFor(options).then((s) => (s.ok ? { ok: true } : { ok: false, reason: s.reason }));
}

function drawerFor(options: DrawOptions): Promise<Support> {
  const chromePath = options.chromePath ?? defaultChromePath();
  let cached = supportCache.get(chromePath);
  if (!cached) {
    const probing: Promise<Support> = probe(chromePath, options.slot ?? 0).catch((error: unknown) => ({
      ok: false as const,
      reason: error instanceof Error ? error.message : String(error),
      missing: false,
    }));
    cached = probing;
    supportCache.set(chromePath, probing);
    void probing.then((support) => {
      if (!support.ok && !support.missing && supportCache.get(chromePath) === probing) supportCache.delete(chromePath);
    });
  }
  return cached;
}

/** A probe: clears the canvas to a known colour and checks the server's picture shows it. */
async function probe(chromePath: string, slot: number): Promise<Support> {
  const drawer = findDrawer(chromePath);
  if (typeof drawer === 'string') return { ok: false, reason: drawer, missing: true };
  const drawing = await drawWith(
    drawer,
    'gl.clearColor(0, 0.5, 1, 1); gl.clear(gl.COLOR_BUFFER_BIT);',
    { timeMs: 10_000, memoryMb: 128 },
    slot,
  );
  if (drawing.kind !== 'drawn')
    return { ok: false, reason: drawing.kind === 'failed' ? drawing.message : 'the test drawing timed out', missing: false };
  const [r, g, b] = drawing.image.rgba;
  if (r !== 0 || Math.abs(g! - 128) > 2 || b !== 255)
    return { ok: false, reason: `the test drawing came out wrong (${r}, ${g}, ${b})`, missing: false };
  return { ok: true, drawer };
}

/**
 * The picture `code` draws on the WebGL canvas, drawn on this server; `unavailable` where it cannot draw (no
 * Chromium, no sandbox), and the caller then says so.
 */
export async function drawPicture(
  code: string,
  limits: { timeMs: number; memoryMb: number },
  options: DrawOptions = {},
): Promise<Drawing | { kind: 'unavailable'; reason: string }> {
  const support = await drawerFor(options);
  if (!support.ok && support.missing) return { kind: 'unavailable', reason: support.reason };
  if (!support.ok) return { kind: 'failed', message: `The server could not draw the picture just now (${support.reason}): submit again.` };
  return drawWith(support.drawer, code, limits, options.slot ?? 0);
}
