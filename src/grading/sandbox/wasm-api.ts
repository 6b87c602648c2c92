// The few WebAssembly JavaScript API calls the grader uses, typed here: the server's TypeScript library set (ES2023
// plus Node's types) declares the WebAssembly namespace only partly.
export type WasmMemory = { buffer: ArrayBuffer };
export type WasmInstance = { exports: Record<string, unknown> };
type WasmApi = {
  compile(bytes: Uint8Array): Promise<WebAssembly.Module>;
  Instance: new (module: WebAssembly.Module, imports: Record<string, Record<string, unknown>>) => WasmInstance;
};

export const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
