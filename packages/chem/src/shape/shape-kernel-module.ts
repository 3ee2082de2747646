import { readFileSync } from 'node:fs';

// Built from packages/chem/assembly/shape-overlap.ts by `npm run build:wasm -w @molsearch/chem`;
// committed, so installs need no AssemblyScript step.
const WASM_URL = new URL('./shape-overlap-simd.wasm', import.meta.url);

// The part of the WebAssembly JS API used here; the project's lib (ES2023, no DOM) does not declare it.
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { exports: Record<string, unknown> };
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

export const WASM_PAGE_BYTES = 65536;
/** Padding atoms of the last lane group lie this far away, beyond every cutoff of any pose. */
export const FAR_AWAY = 1e4;
/** `bytes` rounded up to a 16-byte (one SIMD vector) boundary, where the kernel's arrays start. */
export const align16 = (bytes: number): number => Math.ceil(bytes / 16) * 16;

let compiled: object | undefined;
let unavailable: string | undefined;

function kernelModule(): object {
  if (unavailable) throw new Error(unavailable);
  if (!compiled) {
    try {
      if (!wasm) throw new Error('this runtime has no WebAssembly');
      compiled = new wasm.Module(readFileSync(WASM_URL));
    } catch (error) {
      unavailable = `Cannot load the WebAssembly SIMD shape kernel ${WASM_URL.pathname}: ${error instanceof Error ? error.message : String(error)}`;
      throw new Error(unavailable, { cause: error });
    }
  }
  return compiled;
}

/** True when this runtime compiles the SIMD kernel (WebAssembly SIMD is on by default since Node 16.4). */
export function simdOverlapAvailable(): boolean {
  try {
    kernelModule();
    return true;
  } catch {
    return false;
  }
}

/** A fresh instance (own memory) of the committed WebAssembly module at `url`, given `imports` besides `env.abort`. */
export function instantiateWasm<Exports>(url: URL, imports: Record<string, Record<string, unknown>> = {}): Exports {
  if (!wasm) throw new Error('this runtime has no WebAssembly');
  return instanceOf(new wasm.Module(readFileSync(url)), imports);
}

/** A fresh instance (own memory) of the shape kernel; throws with the reason when it cannot load. */
export function instantiateShapeKernel<Exports>(): Exports {
  return instanceOf(kernelModule());
}

function instanceOf<Exports>(module: object, imports: Record<string, Record<string, unknown>> = {}): Exports {
  return new wasm!.Instance(module, { env: { abort: () => undefined }, ...imports }).exports as unknown as Exports;
}

/** Grows `memory` to at least `bytes`. */
export function ensureMemory(memory: WasmMemory, bytes: number): void {
  const have = memory.buffer.byteLength;
  if (have < bytes) memory.grow(Math.ceil((bytes - have) / WASM_PAGE_BYTES));
}
