import { rowSites } from '../features/charge-sites.ts';
import type { ManifestFile } from '../format/catalogue-format.ts';
import { CHARGE_SITE_FILES } from '../format/charge-site-layout.ts';
import { WRITE_ROWS, writeBytes, writeColumn } from '../format/column-file.ts';
import { GRID_SLOTS } from '../format/grid-layout.ts';

/** Writes the sites of `rows` (output order; model(inputRow) its encoded 3D model) a block at a time. */
export async function writeChargeSites(dir: string, rows: Uint32Array, model: (inputRow: number) => Uint8Array): Promise<ManifestFile[]> {
  const offsets = new Uint32Array(rows.length * GRID_SLOTS + 1);
  const selfOverlaps = new Float64Array(rows.length * GRID_SLOTS);
  const sitesFile = await writeColumn(dir, CHARGE_SITE_FILES.sites, async (write) => {
    let sites = 0;
    for (let first = 0; first < rows.length; first += WRITE_ROWS) {
      const end = Math.min(rows.length, first + WRITE_ROWS);
      const parts: Float32Array[] = [];
      for (let row = first; row < end; row++) {
        const found = rowSites(model(rows[row]!));
        parts.push(found.records);
        selfOverlaps.set(found.selfOverlaps, row * GRID_SLOTS);
        for (let s = 0; s < GRID_SLOTS; s++) {
          sites += found.counts[s]!;
          offsets[row * GRID_SLOTS + s + 1] = sites;
        }
      }
      if (sites > 0xffffffff) throw new RangeError(`${CHARGE_SITE_FILES.sites} would exceed 2^32 sites; split the catalogue.`);
      await write(Buffer.concat(parts.map((part) => new Uint8Array(part.buffer, part.byteOffset, part.byteLength))));
    }
  });
  return [
    await writeBytes(dir, CHARGE_SITE_FILES.index, new Uint8Array(offsets.buffer)),
    sitesFile,
    await writeBytes(dir, CHARGE_SITE_FILES.selfOverlaps, new Uint8Array(selfOverlaps.buffer)),
  ];
}
