// Worker thread that runs a compiled C program (WASI) with in-memory stdin, counted stdout/stderr and nothing else:
// no files, no preopened folders, no environment, no arguments but the program's name. The host terminates the thread
// when the wall-clock limit passes.
import { parentPort } from 'node:worker_threads';
import { Fd, WASI, WASIProcExit, wasi } from '@bjorn3/browser_wasi_shim';
import type { ThreadMessage, ThreadRunEnd } from './run-thread';
import { wasmApi, type WasmMemory } from './wasm-api';

export type WasiRunRequest = {
  module: WebAssembly.Module;
  stdin: Uint8Array;
  outputLimitBytes: number;
  stderrKeepBytes: number;
  memoryLimitBytes: number;
};

class OutputLimitReached extends Error {}
class MemoryLimitReached extends Error {}

const post = (message: ThreadMessage) => parentPort!.postMessage(message);

class StdinFd extends Fd {
  private offset = 0;
  constructor(private readonly data: Uint8Array) {
    super();
  }
  override fd_fdstat_get() {
    const fdstat = new wasi.Fdstat(wasi.FILETYPE_CHARACTER_DEVICE, 0);
    fdstat.fs_rights_base = BigInt(wasi.RIGHTS_FD_READ);
    return { ret: wasi.ERRNO_SUCCESS, fdstat };
  }
  override fd_read(size: number) {
    const chunk = this.data.slice(this.offset, this.offset + size);
    this.offset += chunk.length;
    return { ret: wasi.ERRNO_SUCCESS, data: chunk };
  }
}

/** Counts everything written and forwards only what the host keeps; past the limit the program is stopped. */
class CountedOutputFd extends Fd {
  private written = 0;
  private forwarded = 0;
  constructor(
    private readonly fd: 1 | 2,
    private readonly limitBytes: number,
    private readonly forwardBytes: number,
  ) {
    super();
  }
  override fd_fdstat_get() {
    const fdstat = new wasi.Fdstat(wasi.FILETYPE_CHARACTER_DEVICE, 0);
    fdstat.fs_rights_base = BigInt(wasi.RIGHTS_FD_WRITE);
    return { ret: wasi.ERRNO_SUCCESS, fdstat };
  }
  override fd_write(data: Uint8Array) {
    const room = this.forwardBytes - this.forwarded;
    if (room > 0) {
      const part = data.slice(0, room);
      this.forwarded += part.length;
      post({ type: 'output', fd: this.fd, bytes: part });
    }
    this.written += data.length;
    if (this.written > this.limitBytes) throw new OutputLimitReached();
    return { ret: wasi.ERRNO_SUCCESS, nwritten: data.byteLength };
  }
}

/** Plain words for the ways WebAssembly stops a program. */
function describeTrap(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/unreachable/.test(text)) return 'it was aborted (for example by abort() or a failed assert).';
  if (/out of bounds/.test(text))
    return 'it accessed memory it does not own (a bad pointer, an array index out of range, or a stack overflow from too deep recursion).';
  if (/divide by zero/.test(text)) return 'it divided an integer by zero.';
  if (/integer overflow/.test(text)) return 'an integer operation overflowed.';
  if (/call stack|stack size/i.test(text)) return 'its recursion went too deep (stack overflow).';
  if (/sockets not supported/.test(text)) return 'it tried to use the network, which programs here cannot do.';
  return `it stopped with an error (${text}).`;
}

function run(request: WasiRunRequest): ThreadRunEnd {
  const fds = [
    new StdinFd(request.stdin),
    new CountedOutputFd(1, request.outputLimitBytes, request.outputLimitBytes),
    new CountedOutputFd(2, request.outputLimitBytes, request.stderrKeepBytes),
  ];
  // debug: false, said outright: the shim logs every environment and argument call when it is left unset.
  const shim = new WASI(['main'], [], fds, { debug: false });
  let memory: WasmMemory | null = null;
  try {
    const instance = new wasmApi.Instance(request.module, {
      wasi_snapshot_preview1: shim.wasiImport,
      grader: {
        out_of_memory: () => {
          throw new MemoryLimitReached();
        },
      },
    });
    memory = instance.exports.memory as WasmMemory;
    const exitCode = shim.start(instance as unknown as Parameters<WASI['start']>[0]);
    return { kind: 'exited', exitCode };
  } catch (error) {
    if (error instanceof WASIProcExit) return { kind: 'exited', exitCode: error.code };
    if (error instanceof OutputLimitReached) return { kind: 'output_limit' };
    if (error instanceof MemoryLimitReached) return { kind: 'memory_limit' };
    // A trap while the memory is at its cap is most likely the cap's doing (for example a failed allocation used anyway).
    if (memory && memory.buffer.byteLength >= request.memoryLimitBytes - 65536) return { kind: 'memory_limit' };
    return { kind: 'crashed', detail: describeTrap(error) };
  }
}

parentPort!.on('message', (request: WasiRunRequest) => {
  const started = performance.now();
  const end = run(request);
  post({ type: 'end', end, timeMs: performance.now() - started });
});
post({ type: 'ready' });
