/**
 * The part of the WebAssembly JS API the kernels use. Node provides it at runtime, but the project's
 * `lib` (ES2023, no DOM) and @types/node do not declare it, so it is typed here once.
 */
export interface WasmMemory {
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
}

export interface WasmModule {
  readonly kind: 'wasm-module';
}

export interface WasmInstance {
  readonly exports: Record<string, unknown>;
}

interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: Record<string, Record<string, unknown>>) => WasmInstance;
}

export const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
