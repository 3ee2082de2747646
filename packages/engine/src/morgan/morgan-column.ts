import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { FINGERPRINT_BYTES } from '../format/catalogue-format.ts';
import { FOLD_BYTES, allocateFingerprintMemory, fileColumn, fingerprintView } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { foldFingerprints } from './wasm-kernel.ts';

const columns = new WeakMap<Catalogue, Promise<FingerprintColumn>>();

/**
 * Largest fingerprint column (with its folds, 288 bytes a row) held in memory: 256 MiB, about 930,000
 * rows. A larger one stays in its file and is scanned behind its fold bits (morgan/disk-kernel.ts), so the
 * resident set no longer grows with the catalogue beyond the page cache. Held in memory a column answers
 * faster only while it is small: a top 30 in 1 ms against 5 ms from the file at 10^5 rows, 4 against 6 ms at
 * 10^6, 8 against 8 ms at 3·10^6 (npm run bench -- scale --morgan-only, docs/scaling.md), while it holds
 * 288 bytes a row of the process: a 3D catalogue's searches then stay under 400 bytes a molecule.
 */
let memoryBudget = 2 ** 28;

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

/** Whether the catalogue's fingerprints stay in their file (with the memory budget set now) rather than being loaded into memory. */
export function fingerprintsStayInFile(catalogue: Catalogue): catalogue is Catalogue & Required<Pick<Catalogue, 'fingerprintFile'>> {
  return catalogue.fingerprintFile !== undefined && catalogue.count * (FINGERPRINT_BYTES + FOLD_BYTES) > memoryBudget;
}

async function loadColumn(catalogue: Catalogue): Promise<FingerprintColumn> {
  if (fingerprintsStayInFile(catalogue)) {
    return fileColumn(await catalogue.fingerprintFile(), catalogue.count, catalogue.popcountStarts, await catalogue.foldBitsFile?.());
  }
  const column: FingerprintColumn = { memory: allocateFingerprintMemory(catalogue.count), count: catalogue.count, popcountStarts: catalogue.popcountStarts };
  await catalogue.readFingerprints(fingerprintView(column));
  return foldFingerprints(column);
}
