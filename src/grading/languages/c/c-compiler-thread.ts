// Worker thread holding one warm Clang (WebAssembly): loading it takes seconds and half a gigabyte, so a grader keeps
// one and sends it every C program. Clang works on a virtual filesystem: the student's code cannot reach the host's files.
import { parentPort } from 'node:worker_threads';
import { commands, Exit } from '@yowasp/clang';

export type CompileRequest = { id: number; code: string; memoryMb: number };
export type CompileReply = { id: number; ok: true; wasm: Uint8Array; output: string } | { id: number; ok: false; output: string };

/**
 * The C library's allocator asks for WebAssembly memory directly; when the memory cap is reached it returns NULL, which
 * in WebAssembly is a valid address that programs would happily scribble over until they time out. The linker routes
 * the program's allocations through these wrappers instead, so that a failed allocation tells the host, which stops
 * the program with a clear "memory limit" verdict.
 */
const RUNTIME_C = `#include <stddef.h>
__attribute__((import_module("grader"), import_name("out_of_memory"))) void grader_out_of_memory(void);
void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *pointer, size_t size);
void *__wrap_malloc(size_t size) {
  void *result = __real_malloc(size);
  if (!result && size) grader_out_of_memory();
  return result;
}
void *__wrap_calloc(size_t count, size_t size) {
  void *result = __real_calloc(count, size);
  if (!result && count && size) grader_out_of_memory();
  return result;
}
void *__wrap_realloc(void *pointer, size_t size) {
  void *result = __real_realloc(pointer, size);
  if (!result && size) grader_out_of_memory();
  return result;
}
`;
const WRAPPED = ['malloc', 'calloc', 'realloc'].map((name) => `-Wl,--wrap=${name}`);

function compile(code: string, memoryMb: number): { ok: true; wasm: Uint8Array; output: string } | { ok: false; output: string } {
  const maxMemory = memoryMb * 1024 * 1024;
  // The stack is part of the memory cap; stack-first makes an overflow trap at once instead of corrupting data.
  const stackSize = Math.min(8 * 1024 * 1024, Math.floor(maxMemory / 4 / 65536) * 65536);
  const args = [
    '-O2',
    '-Wall',
    '-std=gnu17',
    '-fno-color-diagnostics',
    'main.c',
    'grader_runtime.c',
    '-o',
    'main.wasm',
    `-Wl,-z,stack-size=${stackSize}`,
    '-Wl,--stack-first',
    `-Wl,--max-memory=${maxMemory}`,
    ...WRAPPED,
  ];
  let output = '';
  const decoder = new TextDecoder();
  const collect = (bytes: Uint8Array | null) => {
    if (bytes && output.length < 64 * 1024) output += decoder.decode(bytes, { stream: true });
  };
  try {
    const files = commands.clang(
      args,
      { 'main.c': code, 'grader_runtime.c': RUNTIME_C },
      { stdout: collect, stderr: collect, synchronously: true },
    );
    const wasm = files && !(files instanceof Promise) ? files['main.wasm'] : undefined;
    if (!(wasm instanceof Uint8Array)) return { ok: false, output: output || 'The compiler produced no program.' };
    return { ok: true, wasm, output };
  } catch (error) {
    if (error instanceof Exit) return { ok: false, output };
    return { ok: false, output: `${output}\nThe compiler failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

async function main(): Promise<void> {
  // Loads the compiler's files once, then compiles a small program so that the compiler's code is already warm.
  await commands.clang(null as unknown as string[], {}, { fetchProgress: () => {} });
  compile('int main(void) { return 0; }\n', 16);
  parentPort!.on('message', (request: CompileRequest) => {
    const reply: CompileReply = { id: request.id, ...compile(request.code, request.memoryMb) };
    parentPort!.postMessage(reply);
  });
  parentPort!.postMessage({ type: 'ready' });
}

void main();
