import type { CommonBitsKernel, KernelKind } from './common-bits-kernel.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { createJsKernel } from './js-kernel.ts';
import { createWasmKernel, wasmKernelAvailable } from './wasm-kernel.ts';

/**
 * Measured by `npm run bench -- engine`: the SIMD kernel scans several times faster than the JS one,
 * and several times faster again behind the fold bound.
 */
export const DEFAULT_KERNEL: KernelKind = 'wasm';

/** The requested kernel bound to `column` and a scan-thread `slot`; falls back to JS where WebAssembly SIMD is missing. */
export function createKernel(column: FingerprintColumn, slot: number, kind: KernelKind = DEFAULT_KERNEL): CommonBitsKernel {
  if (kind !== 'js' && wasmKernelAvailable()) return createWasmKernel(column, slot, { folds: kind === 'wasm' });
  return createJsKernel(column);
}
