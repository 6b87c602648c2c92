// Worker thread that runs a student's JavaScript in QuickJS (a JavaScript engine compiled to WebAssembly), never in
// Node's own engine: the program sees only the globals set up below, with QuickJS's memory cap, stack cap and a
// deadline checked by its interrupt handler. The host terminates the thread if even that does not stop it.
import { parentPort } from 'node:worker_threads';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  RELEASE_SYNC,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import { LIMIT_RANGES } from '../../../common/practice';
import { cutText, STORED_STDERR_MAX_BYTES, truncateText } from '../../limits';
import type { ThreadMessage, ThreadRunEnd } from '../../sandbox/run-thread';
import { WASM_PAGE_BYTES, wasmApi, type GrowableWasmMemory } from '../../sandbox/wasm-api';

/** How much of a thrown error's name and message is kept: enough to read, never the 20 MB a program may throw. */
const ERROR_NAME_KEEP_BYTES = 100;
const ERROR_MESSAGE_KEEP_BYTES = 1024;

export type QuickJsRunRequest = {
  /** 'check' only parses the program (a syntax error is reported like a compile error); 'run' runs it. */
  mode: 'check' | 'run';
  code: string;
  /** The tutor's scripts run before the student's code (support files: helpers a test may call), by file name. */
  before?: { name: string; code: string }[];
  /** Test code, run after the student's code in the same global scope: it calls the functions the student defined. */
  after?: { name: string; code: string } | null;
  stdin: string;
  timeMs: number;
  memoryLimitBytes: number;
  outputLimitBytes: number;
  stderrKeepBytes: number;
};

/** How many promise jobs run between two looks at the clock: an endless chain of them must not outlive the deadline. */
const JOBS_PER_BATCH = 1000;
/**
 * After a run that left the engine's heap bigger than this above where it started, the thread is replaced: a
 * WebAssembly heap never shrinks, so only a new thread gives the memory back. It is the smallest memory limit an
 * exercise can have, so that every run starts on a heap no bigger than its own limit allows.
 */
const RETIRE_ABOVE_BYTES = LIMIT_RANGES.memoryMb.min * 1024 * 1024;

type VariantOptions = Parameters<typeof newVariant>[1];

const post = (message: ThreadMessage) => parentPort!.postMessage(message);
let poisoned = false;

/**
 * The run in progress: when it started, whether its end was already told to the host, and the heap size it may
 * reach. QuickJS's own memory limit counts each allocation on its own, so many allocations just under it add up
 * to gigabytes; the heap's size is the one figure a program cannot get around.
 */
type CurrentRun = { started: number; ended: boolean; heapCapBytes: number };
let current: CurrentRun | null = null;

function endRun(end: ThreadRunEnd): void {
  if (!current || current.ended) return;
  current.ended = true;
  post({ type: 'end', end, timeMs: performance.now() - current.started, retire: poisoned });
}

/**
 * The engine's memory, made here rather than by the engine so that its growth passes through us. The engine's
 * allocator asks for more pages through `grow`; past the run's cap the run ends at once with the memory limit and
 * the thread is replaced, even if the program would catch the engine's "out of memory" and carry on.
 */
function createHeap(): GrowableWasmMemory {
  // What the engine would create itself: 16 MB to start, at most 2 GB.
  const memory = new wasmApi.Memory({ initial: (16 * 1024 * 1024) / WASM_PAGE_BYTES, maximum: 32768 });
  const grow = memory.grow.bind(memory);
  memory.grow = (pages: number) => {
    if (current && memory.buffer.byteLength + pages * WASM_PAGE_BYTES > current.heapCapBytes) {
      poisoned = true;
      endRun({ kind: 'memory_limit' });
      throw new RangeError('The program reached its memory limit.');
    }
    return grow(pages);
  };
  return memory;
}

/**
 * Runs inside QuickJS before the student's code: console/print/readline/input, written in JavaScript so that the
 * only way out of the engine is one write function, which is then hidden from the program.
 */
const PRELUDE = `(() => {
  const write = globalThis.__graderWrite;
  delete globalThis.__graderWrite;
  const format = (value) => {
    if (typeof value === 'string') return value;
    if (typeof value === 'bigint') return value + 'n';
    if (value !== null && typeof value === 'object') {
      try { const json = JSON.stringify(value); if (json !== undefined) return json; } catch (e) {}
    }
    return String(value);
  };
  const line = (args) => args.map(format).join(' ') + '\\n';
  const input = globalThis.__graderInput;
  delete globalThis.__graderInput;
  const lines = input.replace(/\\r\\n/g, '\\n').split('\\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let next = 0;
  globalThis.input = input;
  globalThis.readline = () => (next < lines.length ? lines[next++] : null);
  globalThis.print = (...args) => write(1, line(args));
  globalThis.console = {
    log: (...args) => write(1, line(args)),
    info: (...args) => write(1, line(args)),
    error: (...args) => write(2, line(args)),
    warn: (...args) => write(2, line(args)),
  };
})();`;

function run(request: QuickJsRunRequest, quickjs: QuickJSWASMModule): ThreadRunEnd {
  const encoder = new TextEncoder();
  const counts = { 1: 0, 2: 0 };
  const keep = { 1: request.outputLimitBytes, 2: request.stderrKeepBytes };
  let stopped: 'output_limit' | null = null;
  let timedOut = false;
  const deadline = performance.now() + request.timeMs;

  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(request.memoryLimitBytes);
  runtime.setMaxStackSize(1024 * 1024);
  runtime.setInterruptHandler(() => {
    if (stopped !== null || current?.ended) return true;
    if (performance.now() > deadline) timedOut = true;
    return timedOut;
  });
  const context: QuickJSContext = runtime.newContext();
  try {
    const writeFn = context.newFunction('write', (fdHandle: QuickJSHandle, textHandle: QuickJSHandle) => {
      const fd = context.getNumber(fdHandle) === 2 ? 2 : 1;
      const bytes = encoder.encode(context.getString(textHandle));
      const room = keep[fd] - counts[fd];
      if (room > 0) post({ type: 'output', fd, bytes: bytes.slice(0, room) });
      counts[fd] += bytes.length;
      // Past the limit the interrupt handler stops the program at its next check, which a try/catch cannot intercept.
      if (counts[fd] > request.outputLimitBytes) stopped = 'output_limit';
    });
    context.setProp(context.global, '__graderWrite', writeFn);
    writeFn.dispose();
    const inputHandle = context.newString(request.stdin);
    context.setProp(context.global, '__graderInput', inputHandle);
    inputHandle.dispose();
    context.unwrapResult(context.evalCode(PRELUDE, 'prelude.js')).dispose();

    // One global scope, script after script: what the student's code declares, the test code can call.
    const scripts = [...(request.before ?? []), { name: 'main.js', code: request.code }, ...(request.after ? [request.after] : [])];
    let error: QuickJSHandle | null = null;
    for (const script of scripts) {
      const result = context.evalCode(script.code, script.name, { compileOnly: request.mode === 'check' });
      if (result.error) {
        error = result.error;
        break;
      }
      result.value.dispose();
    }
    if (!error) {
      // Promise callbacks (async code) run here, under the same deadline and limits.
      while (runtime.hasPendingJob()) {
        if (performance.now() > deadline) {
          timedOut = true;
          break;
        }
        const jobs = runtime.executePendingJobs(JOBS_PER_BATCH);
        if (jobs.error) {
          error = jobs.error;
          break;
        }
      }
    }
    if (stopped) {
      error?.dispose();
      return { kind: stopped };
    }
    // A run past its deadline ended with the time limit, however it seems to have ended: the interrupt that stops
    // a promise callback only rejects that callback's promise, so an async loop stopped at the deadline looks like
    // a program that finished (after printing the right answer, perhaps).
    if (timedOut || performance.now() > deadline) {
      error?.dispose();
      return { kind: 'time_limit' };
    }
    if (!error) return { kind: 'exited', exitCode: 0 };
    const thrown = context.dump(error) as unknown;
    error.dispose();
    return describeError(thrown, performance.now() > deadline, (text) => {
      const bytes = encoder.encode(text);
      if (counts[2] < keep[2]) post({ type: 'output', fd: 2, bytes: bytes.slice(0, keep[2] - counts[2]) });
      counts[2] += bytes.length;
    });
  } finally {
    try {
      context.dispose();
      runtime.dispose();
    } catch {
      // QuickJS may refuse to tear down a runtime that ran out of memory mid-way; this engine instance is then unsafe.
      poisoned = true;
    }
  }
}

function describeError(thrown: unknown, pastDeadline: boolean, writeStderr: (text: string) => void): ThreadRunEnd {
  const error = (thrown && typeof thrown === 'object' ? thrown : { message: String(thrown) }) as {
    name?: string;
    message?: string;
    stack?: string;
  };
  // The program chooses its error's name and message, and both are quoted to the student: only their start is kept.
  const name = truncateText(String(error.name ?? 'Error'), ERROR_NAME_KEEP_BYTES);
  const message = cutText(String(error.message ?? thrown), ERROR_MESSAGE_KEEP_BYTES);
  if (name === 'InternalError' && /interrupted/.test(message) && pastDeadline) return { kind: 'time_limit' };
  // QuickJS's own cap on string length is a memory limit too, as far as the student is concerned.
  if (/out of memory|string too long/i.test(message)) return { kind: 'memory_limit' };
  const stack = truncateText(String(error.stack ?? ''), STORED_STDERR_MAX_BYTES);
  const where = /main\.js:(\d+)(?::(\d+))?/.exec(stack);
  const line = where ? ` (line ${where[1]}${where[2] ? `, column ${where[2]}` : ''})` : '';
  writeStderr(`${name}: ${message}${line}\n${stack.replace(/^\s*at <eval> \(prelude\.js.*$/gm, '')}`);
  if (/stack overflow/i.test(message)) return { kind: 'crashed', exitCode: 1, detail: 'its recursion went too deep (stack overflow).' };
  return { kind: 'crashed', exitCode: 1, detail: `${name}: ${message}${line}.` };
}

async function main(): Promise<void> {
  // The engine prints its own complaint when a runtime that ran out of memory cannot be torn down;
  // that case is handled (the thread is retired), so the message would only be noise in the log.
  const quiet = { printErr: () => {} } as NonNullable<VariantOptions['emscriptenModule']>;
  const heap = createHeap();
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(RELEASE_SYNC, { emscriptenModule: quiet, wasmMemory: heap as unknown as VariantOptions['wasmMemory'] }),
  );
  // The heap the engine needs before any program: a program's memory limit counts from here.
  const baseline = heap.buffer.byteLength;
  parentPort!.on('message', (request: QuickJsRunRequest) => {
    current = { started: performance.now(), ended: false, heapCapBytes: baseline + request.memoryLimitBytes };
    let end: ThreadRunEnd;
    try {
      end = run(request, quickjs);
    } catch (error) {
      end = { kind: 'crashed', detail: `the JavaScript engine failed (${error instanceof Error ? error.message : String(error)}).` };
    }
    if (heap.buffer.byteLength > baseline + RETIRE_ABOVE_BYTES) poisoned = true;
    endRun(end);
  });
  post({ type: 'ready' });
}

void main();
