import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { FINGERPRINT_BYTES } from '../format/catalogue-format.ts';
import { EngineError } from '../format/engine-error.ts';
import { FOLD_BYTES, foldInto } from '../format/fingerprint-fold.ts';

/** Fingerprints read and folded at a time. */
const CHUNK_ROWS = 8192;

/**
 * Writes the 32-byte fold of each of the `count` fingerprints of `fingerprintFile` to `foldFile`, a chunk at
 * a time, as an import writes a catalogue's fold file: for fingerprint files made otherwise (the scale
 * benchmark's replicated columns), so they too can be scanned behind the fold bound.
 */
export function writeFoldFile(fingerprintFile: string, count: number, foldFile: string): void {
  const bytes = new Uint8Array(CHUNK_ROWS * FINGERPRINT_BYTES);
  const folds = new Uint8Array(CHUNK_ROWS * FOLD_BYTES);
  const input = openSync(fingerprintFile, 'r');
  const output = openSync(foldFile, 'w');
  try {
    for (let first = 0; first < count; first += CHUNK_ROWS) {
      const rows = Math.min(CHUNK_ROWS, count - first);
      const length = rows * FINGERPRINT_BYTES;
      for (let filled = 0; filled < length; ) {
        const read = readSync(input, bytes, filled, length - filled, first * FINGERPRINT_BYTES + filled);
        if (read === 0) throw new EngineError('CATALOGUE_CORRUPT', `${fingerprintFile} ended before row ${first + rows} of ${count}.`);
        filled += read;
      }
      for (let row = 0; row < rows; row++) foldInto(bytes.subarray(row * FINGERPRINT_BYTES, (row + 1) * FINGERPRINT_BYTES), folds, row * FOLD_BYTES);
      for (let written = 0; written < rows * FOLD_BYTES; ) written += writeSync(output, folds, written, rows * FOLD_BYTES - written, first * FOLD_BYTES + written);
    }
  } finally {
    closeSync(input);
    closeSync(output);
  }
}
