import { FINGERPRINT_BYTES } from './catalogue-format.ts';

/** Bytes of a fingerprint's fold: 256 bits. */
export const FOLD_BYTES = 32;
/** Bits of a fold: the columns of a fold bits file. */
export const FOLD_BITS = FOLD_BYTES * 8;
/** Rows of one vector of a fold bits column (128 bits): columns are padded to whole groups. */
export const FOLD_GROUP_ROWS = 128;

/**
 * Writes the fold of the 256-byte `fingerprint` to `target` at `at`: byte j is the OR of bytes j, j + 32, ...,
 * j + 224, as the Morgan kernel folds a column it holds (assembly/tanimoto-simd.ts foldRows), so an import can
 * store the folds a search of a column left in its file reads first (morgan/disk-kernel.ts).
 */
export function foldInto(fingerprint: Uint8Array, target: Uint8Array, at: number): void {
  for (let j = 0; j < FOLD_BYTES; j++) {
    let fold = 0;
    for (let k = j; k < FINGERPRINT_BYTES; k += FOLD_BYTES) fold |= fingerprint[k]!;
    target[at + j] = fold;
  }
}

/**
 * Bytes of one column of the fold bits file of `count` rows. The file holds the FOLD_BITS columns one after
 * the other: column i is fold bit i (byte i >> 3, bit i & 7 of the fold) of every row, row r at bit r & 7 of
 * byte r >> 3, zero-padded to whole groups of FOLD_GROUP_ROWS rows. A search needs only the columns of the
 * query's bits (assembly/tanimoto-simd.ts foldBitsBound), so it reads a few dozen of them, not whole folds.
 */
export function foldColumnBytes(count: number): number {
  return Math.ceil(count / FOLD_GROUP_ROWS) * (FOLD_GROUP_ROWS / 8);
}
