import { FINGERPRINT_BYTES } from './catalogue-format.ts';

/** Bytes of a fingerprint's fold: 256 bits. */
export const FOLD_BYTES = 32;

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
