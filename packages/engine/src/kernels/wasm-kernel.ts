import { readFileSync } from 'node:fs';
import { EngineError } from '../engine-error.ts';
import type { CommonBitsKernel } from './common-bits-kernel.ts';
import { FINGERPRINTS_OFFSET, KERNEL_CHUNK_ROWS, slotOutputOffset, slotQueryOffset } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { wasm } from './webassembly-api.ts';
import type { WasmModule } from './webassembly-api.ts';

// Built from packages/engine/assembly/tanimoto-simd.ts by `npm run build:wasm -w @molsearch/engine`
// (`npm run build:wasm -w @molsearch/engine`); committed, so installs need no AssemblyScript step.
const WASM_URL = new URL('./tanimoto-simd.wasm', import.meta.url);

interface KernelExports {
  scanCommonBits(query: number, first: number, rows: number, minCommon: number, out: number): number;
}

let compiled: WasmModule | undefined;

function kernelModule(): WasmModule {
  if (!compiled) {
    try {
      compiled = new wasm.Module(readFileSync(WASM_URL));
    } catch (error) {
      throw new EngineError('METHOD_UNAVAILABLE', `Cannot load the WebAssembly Morgan kernel ${WASM_URL.pathname}: ${String(error)}`, { cause: error });
    }
  }
  return compiled;
}

/** True when this runtime compiles the SIMD kernel (WebAssembly SIMD and threads are on by default since Node 16.4). */
export function wasmKernelAvailable(): boolean {
  try {
    kernelModule();
    return true;
  } catch {
    return false;
  }
}

/** SIMD kernel: 16 x 128-bit AND + byte popcount per fingerprint, reading the shared column in place. */
export function createWasmKernel(column: FingerprintColumn, slot: number): CommonBitsKernel {
  const instance = new wasm.Instance(kernelModule(), { env: { memory: column.memory } });
  const exports = instance.exports as unknown as KernelExports;
  const queryOffset = slotQueryOffset(slot);
  const outputOffset = slotOutputOffset(slot);
  const query = new Uint8Array(column.memory.buffer, queryOffset, 256);
  const hits = new Uint32Array(column.memory.buffer, outputOffset, KERNEL_CHUNK_ROWS * 2);
  return {
    kind: 'wasm',
    hits,
    setQuery(fingerprint: Uint8Array): void {
      query.set(fingerprint);
    },
    scan(firstRow: number, rows: number, minCommon: number): number {
      return exports.scanCommonBits(queryOffset, FINGERPRINTS_OFFSET + firstRow * 256, rows, minCommon, outputOffset);
    },
  };
}
