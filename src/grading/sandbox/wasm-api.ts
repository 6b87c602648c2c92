// The few WebAssembly JavaScript API calls the grader uses, typed here: the server's TypeScript library set (ES2023
// plus Node's types) declares the WebAssembly namespace only partly.
export type WasmMemory = { buffer: ArrayBuffer };
/** A memory the host creates and hands to a module: its `grow` is what the module calls to get more. */
export type GrowableWasmMemory = WasmMemory & { grow(pages: number): number };
export type WasmInstance = { exports: Record<string, unknown> };
type WasmApi = {
  compile(bytes: Uint8Array): Promise<WebAssembly.Module>;
  Instance: new (module: WebAssembly.Module, imports: Record<string, Record<string, unknown>>) => WasmInstance;
  Memory: new (descriptor: { initial: number; maximum?: number }) => GrowableWasmMemory;
};

export const WASM_PAGE_BYTES = 65536;

export const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
