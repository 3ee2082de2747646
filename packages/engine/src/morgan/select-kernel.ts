import type { CommonBitsKernel, KernelKind } from './common-bits-kernel.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { createDiskKernel } from './disk-kernel.ts';
import { createJsKernel } from './js-kernel.ts';
import { createWasmKernel, wasmKernelAvailable } from './wasm-kernel.ts';

/**
 * Measured by `npm run bench -- engine`: the SIMD kernel scans several times faster than the JS one,
 * and several times faster again behind the fold bound.
 */
export const DEFAULT_KERNEL: KernelKind = 'wasm';

/** The requested kernel bound to `column` and a scan-thread `slot`; falls back to JS where WebAssembly SIMD is missing. */
export function createKernel(column: FingerprintColumn, slot: number, kind: KernelKind = DEFAULT_KERNEL): CommonBitsKernel {
  // A column left in its file is scanned a chunk at a time through a window (morgan/disk-kernel.ts).
  if (column.file !== undefined) return createDiskKernel(column, (window) => createKernel(window, slot, kind), { foldBound: kind === 'wasm' });
  if (kind !== 'js' && wasmKernelAvailable()) return createWasmKernel(column, slot, { folds: kind === 'wasm' });
  return createJsKernel(column);
}
