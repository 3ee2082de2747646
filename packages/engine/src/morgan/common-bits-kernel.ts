import type { FingerprintColumn } from './fingerprint-memory.ts';

/** 'wasm' reads the fold bound first when the column is folded; 'wasm-full' always reads every byte. */
export type KernelKind = 'js' | 'wasm' | 'wasm-full';

/**
 * Counts bits shared by a query and a run of fingerprints; the hot loop of Morgan search.
 * A kernel is bound to one column and one scan-thread slot, so threads never share scratch memory.
 */
export interface CommonBitsKernel {
  readonly kind: KernelKind;
  setQuery(fingerprint: Uint8Array): void;
  /**
   * Scans rows [firstRow, firstRow + rows), rows <= KERNEL_CHUNK_ROWS, and returns how many reach
   * `minCommon` common bits; their (row - firstRow, common) pairs are at the start of `hits`.
   * `runEnd`, when given, is where the run of rows this chunk belongs to ends: a kernel that reads ahead
   * (morgan/disk-kernel.ts) reads no further.
   */
  scan(firstRow: number, rows: number, minCommon: number, runEnd?: number): number;
  readonly hits: Uint32Array;
  /** Frees what the kernel holds outside its memory (a disk kernel's open file); it is not used after. */
  release?(): void;
}

export type KernelFactory = (column: FingerprintColumn, slot: number) => CommonBitsKernel;
