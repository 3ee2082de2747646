import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { FINGERPRINT_BYTES } from '../format/catalogue-format.ts';
import { EngineError } from '../format/engine-error.ts';
import { FOLD_BYTES, KERNEL_CHUNK_ROWS, allocateFingerprintMemory, fingerprintView, foldsOffset } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { foldFingerprints } from './wasm-kernel.ts';

/**
 * Writes the 32-byte fold of each of the `count` fingerprints of `fingerprintFile` to `foldFile`, a chunk at
 * a time through a window, so a column left in its file can be scanned behind the fold bound (an eighth of
 * the bytes: at 100M rows 3.2 GB, which the page cache holds where the 25.6 GB of fingerprints may not).
 */
export function writeFoldFile(fingerprintFile: string, count: number, foldFile: string): void {
  const window: FingerprintColumn = { memory: allocateFingerprintMemory(KERNEL_CHUNK_ROWS), count: KERNEL_CHUNK_ROWS, popcountStarts: new Uint32Array(0) };
  const bytes = fingerprintView(window);
  const folds = new Uint8Array(window.memory.buffer, foldsOffset(window), KERNEL_CHUNK_ROWS * FOLD_BYTES);
  const input = openSync(fingerprintFile, 'r');
  const output = openSync(foldFile, 'w');
  try {
    for (let first = 0; first < count; first += KERNEL_CHUNK_ROWS) {
      const rows = Math.min(KERNEL_CHUNK_ROWS, count - first);
      const length = rows * FINGERPRINT_BYTES;
      for (let filled = 0; filled < length; ) {
        const read = readSync(input, bytes, filled, length - filled, first * FINGERPRINT_BYTES + filled);
        if (read === 0) throw new EngineError('CATALOGUE_CORRUPT', `${fingerprintFile} ended before row ${first + rows} of ${count}.`);
        filled += read;
      }
      if (!foldFingerprints(window).folded) throw new EngineError('METHOD_UNAVAILABLE', 'Folds need the WebAssembly Morgan kernel.');
      for (let written = 0; written < rows * FOLD_BYTES; ) written += writeSync(output, folds, written, rows * FOLD_BYTES - written, first * FOLD_BYTES + written);
    }
  } finally {
    closeSync(input);
    closeSync(output);
  }
}
