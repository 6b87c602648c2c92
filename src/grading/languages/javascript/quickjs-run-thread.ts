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
import type { ThreadMessage, ThreadRunEnd } from '../../sandbox/run-thread';

export type QuickJsRunRequest = {
  /** 'check' only parses the program (a syntax error is reported like a compile error); 'run' runs it. */
  mode: 'check' | 'run';
  code: string;
  stdin: string;
  timeMs: number;
  memoryLimitBytes: number;
  outputLimitBytes: number;
  stderrKeepBytes: number;
};

const post = (message: ThreadMessage) => parentPort!.postMessage(message);
let poisoned = false;

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
  const deadline = performance.now() + request.timeMs;

  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(request.memoryLimitBytes);
  runtime.setMaxStackSize(1024 * 1024);
  runtime.setInterruptHandler(() => stopped !== null || performance.now() > deadline);
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

    const result = context.evalCode(request.code, 'main.js', { compileOnly: request.mode === 'check' });
    let error: QuickJSHandle | null = null;
    if (result.error) error = result.error;
    else {
      result.value.dispose();
      // Promise callbacks (async code) run here, under the same deadline and limits.
      while (runtime.hasPendingJob()) {
        const jobs = runtime.executePendingJobs();
        if (jobs.error) {
          error = jobs.error;
          break;
        }
      }
    }
    if (stopped) return { kind: stopped };
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
  const name = error.name ?? 'Error';
  const message = error.message ?? String(thrown);
  if (name === 'InternalError' && /interrupted/.test(message) && pastDeadline) return { kind: 'time_limit' };
  // QuickJS's own cap on string length is a memory limit too, as far as the student is concerned.
  if (/out of memory|string too long/i.test(message)) return { kind: 'memory_limit' };
  const where = /main\.js:(\d+)(?::(\d+))?/.exec(error.stack ?? '');
  const line = where ? ` (line ${where[1]}${where[2] ? `, column ${where[2]}` : ''})` : '';
  writeStderr(`${name}: ${message}${line}\n${(error.stack ?? '').replace(/^\s*at <eval> \(prelude\.js.*$/gm, '')}`);
  if (/stack overflow/i.test(message)) return { kind: 'crashed', exitCode: 1, detail: 'its recursion went too deep (stack overflow).' };
  return { kind: 'crashed', exitCode: 1, detail: `${name}: ${message}${line}.` };
}

async function main(): Promise<void> {
  // The engine prints its own complaint when a runtime that ran out of memory cannot be torn down;
  // that case is handled (the thread is retired), so the message would only be noise in the log.
  const quiet = { printErr: () => {} } as NonNullable<Parameters<typeof newVariant>[1]['emscriptenModule']>;
  const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { emscriptenModule: quiet }));
  parentPort!.on('message', (request: QuickJsRunRequest) => {
    const started = performance.now();
    let end: ThreadRunEnd;
    try {
      end = run(request, quickjs);
    } catch (error) {
      end = { kind: 'crashed', detail: `the JavaScript engine failed (${error instanceof Error ? error.message : String(error)}).` };
    }
    post({ type: 'end', end, timeMs: performance.now() - started, retire: poisoned });
  });
  post({ type: 'ready' });
}

void main();
