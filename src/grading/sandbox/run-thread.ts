// Host side of a thread that runs student programs (the WASI runner or QuickJS): one run at a time, output streamed
// back as it is printed, and the thread terminated when the wall-clock limit passes (then a fresh one is started).
import type { Worker } from 'node:worker_threads';
import { OutputCollector, type RawRun, type RunEnd } from '../limits';
import { startThread, type ThreadName } from './thread-script';

/** How a thread reports that a run ended; a time limit may also be reported by the thread itself (QuickJS's deadline). */
export type ThreadRunEnd =
  | { kind: 'exited'; exitCode: number }
  | { kind: 'crashed'; detail: string; exitCode?: number }
  | { kind: 'time_limit' }
  | { kind: 'memory_limit' }
  | { kind: 'output_limit' };

export type ThreadMessage =
  | { type: 'ready' }
  | { type: 'output'; fd: 1 | 2; bytes: Uint8Array }
  | { type: 'end'; end: ThreadRunEnd; timeMs: number; retire?: boolean };

export class RunThread {
  private thread: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private closed = false;

  constructor(private readonly name: ThreadName) {}

  async run(request: object, keep: { stdout: number; stderr: number }, wallLimitMs: number): Promise<RawRun> {
    const thread = await this.ensureThread();
    const stdout = new OutputCollector(keep.stdout);
    const stderr = new OutputCollector(keep.stderr);
    const started = performance.now();
    let retire = false;
    const outcome = await new Promise<{ end: RunEnd; timeMs: number } | 'timeout' | Error>((resolve) => {
      const timer = setTimeout(() => finish('timeout'), wallLimitMs);
      const onMessage = (message: ThreadMessage) => {
        if (message.type === 'output') (message.fd === 1 ? stdout : stderr).add(message.bytes);
        if (message.type === 'end') {
          const end = message.end;
          retire = message.retire === true;
          finish({
            end: end.kind === 'crashed' ? { kind: 'crashed', detail: end.detail, exitCode: end.exitCode ?? null } : end,
            timeMs: message.timeMs,
          });
        }
      };
      const onExit = (code: number) => finish(new Error(`The run thread stopped (exit code ${code}).`));
      const finish = (result: { end: RunEnd; timeMs: number } | 'timeout' | Error) => {
        clearTimeout(timer);
        thread.off('message', onMessage);
        thread.off('exit', onExit);
        resolve(result);
      };
      thread.on('message', onMessage);
      thread.on('exit', onExit);
      thread.postMessage(request);
    });
    if (outcome === 'timeout' || outcome instanceof Error) {
      await this.replaceThread();
      // The thread dying on its own (not our timer) means the program took the engine down, for example V8 running out
      // of memory for the program's strings: reported as a crash, not an error of the grader.
      const end: RunEnd =
        outcome === 'timeout' ? { kind: 'time_limit' } : { kind: 'crashed', exitCode: null, detail: 'it stopped unexpectedly.' };
      return { end, stdout: stdout.text(), stderr: stderr.text(), timeMs: performance.now() - started };
    }
    // The thread asks to be replaced when its engine may be damaged (QuickJS after running out of memory).
    if (retire) await this.replaceThread();
    return { end: outcome.end, stdout: stdout.text(), stderr: stderr.text(), timeMs: outcome.timeMs };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopThread();
  }

  private ensureThread(): Promise<Worker> {
    if (this.ready) return this.ready;
    if (this.closed) return Promise.reject(new Error('The grader was closed.'));
    const thread = startThread(this.name);
    this.thread = thread;
    const ready = new Promise<Worker>((resolve, reject) => {
      const onMessage = (message: ThreadMessage) => {
        if (message.type !== 'ready') return;
        thread.off('message', onMessage);
        resolve(thread);
      };
      thread.on('message', onMessage);
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`The ${this.name} thread stopped while starting (exit code ${code}).`)));
    });
    this.ready = ready;
    thread.once('exit', () => {
      if (this.thread === thread) {
        this.thread = null;
        this.ready = null;
      }
    });
    ready.catch(() => {
      if (this.thread === thread) {
        this.thread = null;
        this.ready = null;
      }
    });
    return ready;
  }

  /** Ends the thread and starts its successor at once, so that the next run does not wait for it to load. */
  private async replaceThread(): Promise<void> {
    await this.stopThread();
    if (!this.closed) void this.ensureThread().catch(() => undefined);
  }

  private async stopThread(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    this.ready = null;
    if (thread) await thread.terminate();
  }
}
