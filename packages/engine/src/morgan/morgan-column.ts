import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { FINGERPRINT_BYTES } from '../format/catalogue-format.ts';
import { FOLD_BYTES, allocateFingerprintMemory, fileColumn, fingerprintView } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { foldFingerprints } from './wasm-kernel.ts';

const columns = new WeakMap<Catalogue, Promise<FingerprintColumn>>();

/**
 * Largest fingerprint column (with its folds, 288 bytes a row) held in memory: 1 GiB, about 3.7 million
 * rows. A larger one stays in its file and is scanned through windows (morgan/disk-kernel.ts), so the
 * resident set no longer grows with the catalogue beyond the page cache.
 */
let memoryBudget = 2 ** 30;

/** Sets the budget of fingerprintColumn for the columns loaded from now on (0: every column stays in its file); returns the previous one. */
export function setFingerprintMemoryBudget(bytes: number): number {
  const previous = memoryBudget;
  memoryBudget = Math.max(0, bytes);
  return previous;
}

/**
 * The catalogue's fingerprints as the Morgan kernels scan them, loaded on the first Morgan search of this
 * build of the catalogue and kept as long as the catalogue is: read and folded into shared memory when
 * they fit the memory budget (setFingerprintMemoryBudget), else left in their file with the folds in theirs, when the
 * catalogue has one (both checked against their checksums here).
 */
export function fingerprintColumn(catalogue: Catalogue): Promise<FingerprintColumn> {
  let column = columns.get(catalogue);
  if (!column) {
    column = loadColumn(catalogue);
    columns.set(catalogue, column);
    column.catch(() => {
      if (columns.get(catalogue) === column) columns.delete(catalogue);
    });
  }
  return column;
}

async function loadColumn(catalogue: Catalogue): Promise<FingerprintColumn> {
  if (catalogue.fingerprintFile && catalogue.count * (FINGERPRINT_BYTES + FOLD_BYTES) > memoryBudget) {
    return fileColumn(await catalogue.fingerprintFile(), catalogue.count, catalogue.popcountStarts, await catalogue.foldBitsFile?.());
  }
  const column: FingerprintColumn = { memory: allocateFingerprintMemory(catalogue.count), count: catalogue.count, popcountStarts: catalogue.popcountStarts };
  await catalogue.readFingerprints(fingerprintView(column));
  return foldFingerprints(column);
}
