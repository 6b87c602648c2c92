// Worker thread holding one warm Clang (WebAssembly): loading it takes seconds and half a gigabyte, so a grader keeps
// one and sends it every C program. Clang works on a virtual filesystem: the student's code cannot reach the host's files.
import { parentPort } from 'node:worker_threads';
import { commands, Exit } from '@yowasp/clang';
import type { GradingFile } from '../../contract';
import { START_C, START_FILE } from './c-test-program';
import { UB_SANITIZE_FLAGS, wasmRuntime } from './c-wasm-runtime';

/**
 * A program to compile: its files by name (written side by side), the C files among them, and the tutor's data files;
 * `syntaxOnly`: only check the C (no object, no link), the reply's program then empty.
 */
export type CompileRequest = {
  id: number;
  files: Record<string, string>;
  sources: string[];
  dataFiles: GradingFile[];
  memoryMb: number;
  syntaxOnly?: boolean;
};
export type CompileReply = { id: number; ok: true; wasm: Uint8Array; output: string } | { id: number; ok: false; output: string };

type Program = Omit<CompileRequest, 'id'>;

const COMPILE_FLAGS = ['-O2', '-std=gnu17', '-fno-color-diagnostics', ...UB_SANITIZE_FLAGS];

/**
 * The C files that are the same in every program (the runtime, the tests' driver), compiled once when the thread
 * starts: compiling them with each program cost more than the program itself (measured: a 5-program sample took 2.2
 * times as long with the runtime's undefined-behaviour handlers compiled each time, and about as long as before
 * those handlers existed once they were linked as objects).
 */
const CONSTANT_SOURCES: Record<string, string> = { ...wasmRuntime([]).files, [START_FILE]: START_C };
const objects = new Map<string, { source: string; name: string; object: Uint8Array }>();

function precompile(): void {
  const names = Object.keys(CONSTANT_SOURCES);
  const files = commands.clang(['-c', ...COMPILE_FLAGS, ...names], CONSTANT_SOURCES, { synchronously: true });
  if (!files || files instanceof Promise) return;
  for (const name of names) {
    const objectName = name.replace(/\.c$/, '.o');
    const object = files[objectName];
    if (object instanceof Uint8Array) objects.set(name, { source: CONSTANT_SOURCES[name]!, name: objectName, object });
  }
}

function compile(program: Program): { ok: true; wasm: Uint8Array; output: string } | { ok: false; output: string } {
  const maxMemory = program.memoryMb * 1024 * 1024;
  // The stack is part of the memory cap; stack-first makes an overflow trap at once instead of corrupting data.
  const stackSize = Math.min(8 * 1024 * 1024, Math.floor(maxMemory / 4 / 65536) * 65536);
  if (program.syntaxOnly) return check(program);
  const runtime = wasmRuntime(program.dataFiles);
  const files: Record<string, string | Uint8Array> = { ...program.files, ...runtime.files };
  // A file compiled when the thread started is linked as its object.
  const inputs = [...program.sources, ...Object.keys(runtime.files)].map((name) => {
    const compiled = objects.get(name);
    if (!compiled || files[name] !== compiled.source) return name;
    files[compiled.name] = compiled.object;
    return compiled.name;
  });
  const args = [
    ...COMPILE_FLAGS,
    '-Wall',
    ...inputs,
    '-o',
    'main.wasm',
    `-Wl,-z,stack-size=${stackSize}`,
    '-Wl,--stack-first',
    `-Wl,--max-memory=${maxMemory}`,
    ...runtime.linkFlags,
  ];
  let output = '';
  const decoder = new TextDecoder();
  const collect = (bytes: Uint8Array | null) => {
    if (bytes && output.length < 64 * 1024) output += decoder.decode(bytes, { stream: true });
  };
  try {
    const written = commands.clang(args, files, { stdout: collect, stderr: collect, synchronously: true });
    const wasm = written && !(written instanceof Promise) ? written['main.wasm'] : undefined;
    if (!(wasm instanceof Uint8Array)) return { ok: false, output: output || 'The compiler produced no program.' };
    return { ok: true, wasm, output };
  } catch (error) {
    if (error instanceof Exit) return { ok: false, output };
    return { ok: false, output: `${output}\nThe compiler failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function check(program: Program): { ok: true; wasm: Uint8Array; output: string } | { ok: false; output: string } {
  let output = '';
  const decoder = new TextDecoder();
  const collect = (bytes: Uint8Array | null) => {
    if (bytes && output.length < 64 * 1024) output += decoder.decode(bytes, { stream: true });
  };
  try {
    commands.clang([...COMPILE_FLAGS, '-Wall', '-fsyntax-only', ...program.sources], program.files, {
      stdout: collect,
      stderr: collect,
      synchronously: true,
    });
    return { ok: true, wasm: new Uint8Array(0), output };
  } catch (error) {
    if (error instanceof Exit) return { ok: false, output };
    return { ok: false, output: `${output}\nThe compiler failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

async function main(): Promise<void> {
  // Loads the compiler's files once, then compiles a small program so that the compiler's code is already warm.
  await commands.clang(null as unknown as string[], {}, { fetchProgress: () => {} });
  precompile();
  compile({ files: { 'main.c': 'int main(void) { return 0; }\n' }, sources: ['main.c'], dataFiles: [], memoryMb: 16 });
  parentPort!.on('message', (request: CompileRequest) => {
    const reply: CompileReply = { id: request.id, ...compile(request) };
    parentPort!.postMessage(reply);
  });
  parentPort!.postMessage({ type: 'ready' });
}

void main();
