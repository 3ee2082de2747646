import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { allocateFingerprintMemory, fingerprintView } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { foldFingerprints } from './wasm-kernel.ts';

const columns = new WeakMap<Catalogue, Promise<FingerprintColumn>>();

/**
 * The catalogue's fingerprints in the shared memory the Morgan kernels scan, read and folded on the
 * first Morgan search of this build of the catalogue and kept as long as the catalogue is.
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
  const column: FingerprintColumn = { memory: allocateFingerprintMemory(catalogue.count), count: catalogue.count, popcountStarts: catalogue.popcountStarts };
  await catalogue.readFingerprints(fingerprintView(column));
  return foldFingerprints(column);
}
