import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { fingerprintColumn, fingerprintsStayInFile } from '../morgan/morgan-column.ts';
import { STAGE1_INDEX_PROBE } from '../shape/index-candidates.ts';
import { consensusReferenceRows } from './reference-sample.ts';

/**
 * Does for an opened catalogue, now, what its first searches would do before they could rank a row: checks
 * its stage-1 index against its checksums and maps its graphs, and, when its fingerprints stay in their file
 * (morgan-column.ts), checks that file and its fold bits, and, with 3D columns, draws its consensus reference
 * sample (reference-sample.ts: a pass over every compound id); each part of a catalogue imported in parts alike.
 * The checks read whole files, which also leaves them in the page cache. What it does is kept as a search
 * keeps it, so the first search after a start does not pay for it: at 10^7 rows the graphs alone are
 * gigabytes. Fingerprint columns small enough to be held in memory are left to the first Morgan search, so
 * an idle catalogue takes no more of the process than its row offsets.
 */
export async function readyForSearch(catalogue: Catalogue): Promise<void> {
  for (const part of catalogue.parts ?? [catalogue]) {
    if (fingerprintsStayInFile(part)) await fingerprintColumn(part);
    if (!part.shape) continue;
    await part.shape.index(STAGE1_INDEX_PROBE.fast.expansion);
    consensusReferenceRows(part);
  }
}

/** Opens the catalogue `id` under `dataDir` (checking its row columns and 3D models) and readies it for search. */
export async function readyCatalogue(dataDir: string, id: string): Promise<void> {
  await readyForSearch(await openCatalogue(dataDir, id));
}
