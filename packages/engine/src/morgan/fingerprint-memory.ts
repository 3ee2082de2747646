import { FINGERPRINT_BYTES, POPCOUNT_SLOTS } from '../format/catalogue-format.ts';
import { EngineError } from '../format/engine-error.ts';
import { FOLD_BYTES } from '../format/fingerprint-fold.ts';
import { wasm } from '../pool/webassembly-api.ts';
import type { WasmMemory } from '../pool/webassembly-api.ts';

/**
 * A catalogue's fingerprint column lives in one shared WebAssembly memory so that the SIMD kernel
 * reads it in place and every scan thread (main thread and pool workers) sees the same bytes: the
 * memory's buffer is a SharedArrayBuffer, posted to workers without a copy.
 *
 * Layout: [64 KiB reserved for the module] [one scratch slot per scan thread] [fingerprints] [folds].
 * A slot holds the query (256 bytes), its fold planes (4 x 32 bytes) and the kernel's output for one
 * chunk of rows. The folds (32 bytes a row, see assembly/tanimoto-simd.ts) are derived from the
 * fingerprints when a column is loaded (foldFingerprints) and let the SIMD kernel skip most rows after
 * reading 32 bytes instead of 256; a column left in its file reads them from the catalogue's fold file.
 */
export { FOLD_BYTES };
export const KERNEL_CHUNK_ROWS = 8192;
export const MAX_SCAN_THREADS = 8;
const PAGE_BYTES = 65536;
const MODULE_RESERVED_BYTES = PAGE_BYTES;
const SLOT_BYTES = 2 * PAGE_BYTES;
const SLOT_PLANES_OFFSET = 256;
const SLOT_OUTPUT_OFFSET = 512;
const MAX_PAGES = 65536;
export const FINGERPRINTS_OFFSET = MODULE_RESERVED_BYTES + MAX_SCAN_THREADS * SLOT_BYTES;

/** Largest catalogue one memory holds (wasm32 addresses 4 GiB); bigger catalogues are split into shards. */
export const MAX_FINGERPRINTS = Math.floor((MAX_PAGES * PAGE_BYTES - FINGERPRINTS_OFFSET) / (FINGERPRINT_BYTES + FOLD_BYTES));

export interface FingerprintColumn {
  memory: WasmMemory;
  count: number;
  /** First row of each popcount 0..2048, then count (POPCOUNT_SLOTS entries). */
  popcountStarts: Uint32Array;
  /** Set by foldFingerprints once the fold region matches the fingerprints; the SIMD kernel uses folds only then. */
  folded?: boolean;
  /**
   * The fingerprint file (count x 256 bytes, row order), when the fingerprints stay there instead of in
   * `memory` (then the scratch slots alone): kernels read the rows they scan from it (morgan/disk-kernel.ts).
   */
  file?: string;
  /**
   * The folds of `file` as bit columns (format/fingerprint-fold.ts foldColumnBytes), when they are kept in a
   * file too: a disk kernel then reads the columns of the query's bits and only the fingerprints that pass
   * their bound.
   */
  foldBitsFile?: string;
}

/** Memory for `count` fingerprints and their folds, and `extraBytes` after them. */
export function allocateFingerprintMemory(count: number, extraBytes = 0): WasmMemory {
  if (count > MAX_FINGERPRINTS) {
    throw new EngineError('INVALID_REQUEST', `A catalogue holds at most ${MAX_FINGERPRINTS} molecules per shard; got ${count}.`);
  }
  const pages = Math.max(1, Math.ceil((FINGERPRINTS_OFFSET + count * (FINGERPRINT_BYTES + FOLD_BYTES) + extraBytes) / PAGE_BYTES));
  return new wasm.Memory({ initial: pages, maximum: pages, shared: true });
}

/** A column whose `count` fingerprints stay in `file` (checked beforehand), with their fold bits in `foldBitsFile` if given; only its popcount table is in memory. */
export function fileColumn(file: string, count: number, popcountStarts: Uint32Array, foldBitsFile?: string): FingerprintColumn {
  return { memory: allocateFingerprintMemory(0), count, popcountStarts, file, ...(foldBitsFile !== undefined ? { foldBitsFile } : {}) };
}

/** The fingerprint bytes of the column, row r at `r * 256` (a column in memory only). */
export function fingerprintView(column: FingerprintColumn): Uint8Array {
  if (column.file !== undefined) throw new EngineError('INVALID_REQUEST', `The fingerprints of ${column.file} are read from the file, not held: read single rows from the catalogue.`);
  return new Uint8Array(column.memory.buffer, FINGERPRINTS_OFFSET, column.count * FINGERPRINT_BYTES);
}

/** Address of row 0's fold: right after the last fingerprint. */
export function foldsOffset(column: FingerprintColumn): number {
  return FINGERPRINTS_OFFSET + column.count * FINGERPRINT_BYTES;
}

export function slotQueryOffset(slot: number): number {
  if (!Number.isInteger(slot) || slot < 0 || slot >= MAX_SCAN_THREADS) {
    throw new EngineError('INVALID_REQUEST', `Scan thread slot ${slot} is outside 0..${MAX_SCAN_THREADS - 1}.`);
  }
  return MODULE_RESERVED_BYTES + slot * SLOT_BYTES;
}

export function slotPlanesOffset(slot: number): number {
  return slotQueryOffset(slot) + SLOT_PLANES_OFFSET;
}

export function slotOutputOffset(slot: number): number {
  return slotQueryOffset(slot) + SLOT_OUTPUT_OFFSET;
}

/** Start rows per popcount from the popcount of each row of a popcount-ordered column. */
export function popcountStartsOf(sortedPopcounts: ArrayLike<number>): Uint32Array {
  const starts = new Uint32Array(POPCOUNT_SLOTS);
  const counts = new Uint32Array(POPCOUNT_SLOTS);
  for (let i = 0; i < sortedPopcounts.length; i++) {
    const p = sortedPopcounts[i] ?? 0;
    counts[p] = (counts[p] ?? 0) + 1;
  }
  let row = 0;
  for (let p = 0; p < POPCOUNT_SLOTS; p++) {
    starts[p] = row;
    row += counts[p] ?? 0;
  }
  return starts;
}
