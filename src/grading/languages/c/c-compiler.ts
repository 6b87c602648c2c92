// Host side of the warm C compiler thread: one compile at a time, a wall-clock limit, and a fresh thread after a runaway
// compile; with a spare, a warm one is waiting to take over, so the student after a runaway compile is not the one who
// waits seconds for a compiler to load.
import type { Worker } from 'node:worker_threads';
import type { CompileReply, CompileRequest } from './c-compiler-thread';
import type { CProgram } from './c-test-program';
import { C_COMPILE_TIME_LIMIT_MS } from '../../limits';
import { startThread } from '../../sandbox/thread-script';
import { wasmApi } from '../../sandbox/wasm-api';

export type CompileOutcome = { ok: true; module: WebAssembly.Module; output: string } | { ok: false; output: string; timedOut: boolean };

type CompilerThread = { thread: Worker; ready: Promise<void> };
type CompiledFiles = Pick<CProgram, 'files' | 'sources' | 'dataFiles'>;

export class CCompiler {
  /** How many compiler threads were started: stays 1 (2 with a spare) while compiles end normally. */
  starts = 0;
  private thread: Worker | null = null;
  private ready: Promise<void> | null = null;
  private spare: CompilerThread | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private closed = false;

  /**
   * `keepSpare`: keep a second compiler loaded beside the first (about as much memory again), started once the first
   * is ready so that the two never load at once; the grading workers keep one, tests of other things need not.
   */
  constructor(
    readonly timeLimitMs: number = C_COMPILE_TIME_LIMIT_MS,
    private readonly keepSpare = false,
  ) {}

  /** The thread itself, for a test that checks it is reused. */
  get currentThread(): Worker | null {
    return this.thread;
  }

  /** The spare thread once it has loaded its compiler (null before, or without a spare), for the tests. */
  async spareWhenReady(): Promise<Worker | null> {
    const spare = this.spare;
    if (!spare) return null;
    await spare.ready;
    return spare.thread;
  }

  /**
   * Compiles the builder's program (c-test-program.ts: the student's code, the tutor's files, the tests' driver), or
   * one main.c given as its code.
   */
  compile(program: CompiledFiles | string, memoryMb: number): Promise<CompileOutcome> {
    const files = typeof program === 'string' ? { files: { 'main.c': program }, sources: ['main.c'], dataFiles: [] } : program;
    const run = this.queue.then(() => this.compileNow(files, memoryMb));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Only checks the program's C (no object, no link): whether the student's code compiles on its own, say. */
  check(program: CompiledFiles, memoryMb: number): Promise<{ ok: boolean; output: string; timedOut: boolean }> {
    const run = this.queue.then(() => this.compileNow(program, memoryMb, true));
    this.queue = run.catch(() => undefined);
    return run.then((outcome) => ({ ok: outcome.ok, output: outcome.output, timedOut: !outcome.ok && outcome.timedOut }));
  }

  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = null;
    await Promise.all([this.stopThread(), spare?.thread.terminate()]);
  }

  private startCompilerThread(): CompilerThread {
    this.starts++;
    const thread = startThread('c-compiler-thread');
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type?: string }) => {
        if (message.type !== 'ready') return;
        thread.off('message', onMessage);
        resolve();
      };
      thread.on('message', onMessage);
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`The C compiler thread stopped while starting (exit code ${code}).`)));
    });
    return { thread, ready };
  }

  /** The compiler in use: the spare when there is one (it may still be loading), else a new thread. */
  private ensureThread(): Promise<void> {
    if (this.thread && this.ready) return this.ready;
    if (this.closed) return Promise.reject(new Error('The grader was closed.'));
    const next = this.spare ?? this.startCompilerThread();
    this.spare = null;
    this.thread = next.thread;
    this.ready = next.ready;
    next.ready.catch(() => this.dropThread(next.thread));
    if (this.keepSpare)
      void next.ready.then(
        () => this.startSpare(),
        () => undefined,
      );
    return next.ready;
  }

  private startSpare(): void {
    if (this.closed || this.spare) return;
    const spare = this.startCompilerThread();
    this.spare = spare;
    spare.ready.catch(() => {
      if (this.spare === spare) this.spare = null;
    });
  }

  private async compileNow(program: CompiledFiles, memoryMb: number, syntaxOnly = false): Promise<CompileOutcome> {
    await this.ensureThread();
    const thread = this.thread!;
    const id = this.nextId++;
    const reply = await new Promise<CompileReply | 'timeout' | Error>((resolve) => {
      const timer = setTimeout(() => finish('timeout'), this.timeLimitMs);
      const onMessage = (message: CompileReply) => {
        if (message.id === id) finish(message);
      };
      const onError = (error: Error) => finish(error);
      const onExit = (exitCode: number) => finish(new Error(`The C compiler thread stopped (exit code ${exitCode}).`));
      const finish = (result: CompileReply | 'timeout' | Error) => {
        clearTimeout(timer);
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
        resolve(result);
      };
      thread.on('message', onMessage);
      thread.on('error', onError);
      thread.on('exit', onExit);
      const request: CompileRequest = {
        id,
        files: program.files,
        sources: program.sources,
        dataFiles: program.dataFiles,
        memoryMb,
        syntaxOnly,
      };
      thread.postMessage(request);
    });
    if (reply === 'timeout' || reply instanceof Error) {
      // A compile that never ends (or a compiler that died) leaves the thread unusable: start over, warm, in the background.
      await this.stopThread();
      if (!this.closed) void this.ensureThread().catch(() => undefined);
      if (reply instanceof Error) throw reply;
      return { ok: false, output: '', timedOut: true };
    }
    if (!reply.ok) return { ok: false, output: reply.output, timedOut: false };
    if (syntaxOnly) return { ok: true, module: null as unknown as WebAssembly.Module, output: reply.output };
    return { ok: true, module: await wasmApi.compile(reply.wasm), output: reply.output };
  }

  private dropThread(thread: Worker): void {
    if (this.thread === thread) {
      this.thread = null;
      this.ready = null;
    }
  }

  private async stopThread(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    this.ready = null;
    if (thread) await thread.terminate();
  }
}
