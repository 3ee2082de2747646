import { readFileSync } from 'node:fs';
import { FINGERPRINT_BYTES } from '../format/catalogue-format.ts';
import { EngineError } from '../format/engine-error.ts';
import type { CommonBitsKernel } from './common-bits-kernel.ts';
import { FINGERPRINTS_OFFSET, FOLD_BYTES, KERNEL_CHUNK_ROWS, foldsOffset, slotOutputOffset, slotPlanesOffset, slotQueryOffset } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { wasm } from '../pool/webassembly-api.ts';
import type { WasmInstance, WasmModule } from '../pool/webassembly-api.ts';

// Built from packages/engine/assembly/tanimoto-simd.ts by `npm run build:wasm -w @molsearch/engine`;
// committed, so installs need no AssemblyScript step.
const WASM_URL = new URL('./tanimoto-simd.wasm', import.meta.url);
const FOLD_GROUPS = FOLD_BYTES * 8;
const MAX_PLANES = 4;

interface KernelExports {
  scanCommonBits(query: number, planes: number, planeCount: number, first: number, folds: number, rows: number, minCommon: number, out: number): number;
  foldRows(first: number, folds: number, rows: number): void;
  foldBitsBound(terms: number, termCount: number, firstGroup: number, endGroup: number, minCommon: number, out: number): number;
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

function instantiate(column: FingerprintColumn): KernelExports {
  const instance: WasmInstance = new wasm.Instance(kernelModule(), { env: { memory: column.memory } });
  return instance.exports as unknown as KernelExports;
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

/**
 * Derives the 32-byte fold of every fingerprint (see assembly/tanimoto-simd.ts) into the column's fold
 * region and marks the column folded. Call once after the fingerprints are in place, before any scan;
 * without WebAssembly the column stays unfolded and kernels scan every byte.
 */
export function foldFingerprints(column: FingerprintColumn): FingerprintColumn {
  if (!wasmKernelAvailable()) return column;
  instantiate(column).foldRows(FINGERPRINTS_OFFSET, foldsOffset(column), column.count);
  column.folded = true;
  return column;
}

/**
 * The fold bound over fold bit columns (assembly/tanimoto-simd.ts foldBitsBound), on `column`'s memory:
 * addresses are into it. Undefined where the SIMD kernel does not compile.
 */
export function foldBitsBound(column: FingerprintColumn): KernelExports['foldBitsBound'] | undefined {
  return wasmKernelAvailable() ? instantiate(column).foldBitsBound : undefined;
}

/** The query's bit count w(i) in each fold group i: group i holds bits i, i + 256, ..., i + 1792, so w(i) <= 8. */
export function foldWeights(query: Uint8Array): Uint8Array {
  const weights = new Uint8Array(FOLD_GROUPS);
  for (let byte = 0; byte < FINGERPRINT_BYTES; byte++) {
    const value = query[byte] ?? 0;
    if (value === 0) continue;
    const group = (byte % FOLD_BYTES) * 8;
    for (let bit = 0; bit < 8; bit++) if ((value >> bit) & 1) weights[group + bit]! += 1;
  }
  return weights;
}

/** Bit planes of the query's fold weights (foldWeights), highest plane first, as scanCommonBits reads them; w(i) <= 8 needs at most 4 planes. */
export function foldPlanes(query: Uint8Array): { planes: Uint8Array; count: number } {
  const weights = foldWeights(query);
  const maxWeight = Math.max(1, ...weights);
  const count = Math.min(MAX_PLANES, 32 - Math.clz32(maxWeight));
  const planes = new Uint8Array(MAX_PLANES * FOLD_BYTES);
  for (let j = 0; j < count; j++) {
    const plane = count - 1 - j;
    for (let group = 0; group < FOLD_GROUPS; group++) {
      if ((weights[group]! >> plane) & 1) planes[j * FOLD_BYTES + (group >> 3)]! |= 1 << (group & 7);
    }
  }
  return { planes, count };
}

export interface WasmKernelOptions {
  /** Use the fold bound when the column has folds (default true); false always reads every byte. */
  folds?: boolean;
}

/** SIMD kernel: 16 x 128-bit AND + byte popcount per fingerprint, behind the fold bound, reading the shared column in place. */
export function createWasmKernel(column: FingerprintColumn, slot: number, options: WasmKernelOptions = {}): CommonBitsKernel {
  const exports = instantiate(column);
  const queryOffset = slotQueryOffset(slot);
  const planesOffset = slotPlanesOffset(slot);
  const outputOffset = slotOutputOffset(slot);
  const folds = column.folded === true && options.folds !== false ? foldsOffset(column) : -1;
  const query = new Uint8Array(column.memory.buffer, queryOffset, FINGERPRINT_BYTES);
  const planes = new Uint8Array(column.memory.buffer, planesOffset, MAX_PLANES * FOLD_BYTES);
  const hits = new Uint32Array(column.memory.buffer, outputOffset, KERNEL_CHUNK_ROWS * 2);
  let planeCount = 0;
  return {
    kind: folds < 0 ? 'wasm-full' : 'wasm',
    hits,
    setQuery(fingerprint: Uint8Array): void {
      query.set(fingerprint);
      const folded = foldPlanes(fingerprint);
      planes.set(folded.planes);
      planeCount = folded.count;
    },
    scan(firstRow: number, rows: number, minCommon: number): number {
      const first = FINGERPRINTS_OFFSET + firstRow * FINGERPRINT_BYTES;
      // With no minimum every row is reported anyway: the bound cannot save work.
      if (folds < 0 || minCommon <= 0) return exports.scanCommonBits(queryOffset, planesOffset, 0, first, 0, rows, minCommon, outputOffset);
      return exports.scanCommonBits(queryOffset, planesOffset, planeCount, first, folds + firstRow * FOLD_BYTES, rows, minCommon, outputOffset);
    },
  };
}
