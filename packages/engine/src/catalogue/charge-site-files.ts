import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { EngineError } from '../engine-error.ts';
import { rowSites } from '../stage1/esp-at-pose.ts';
import type { EspSiteColumn } from '../stage1/esp-at-pose.ts';
import { GRID_SLOTS } from '../stage1/pose-grid.ts';
import type { ManifestFile } from './catalogue-format.ts';
import { WRITE_ROWS, offsetsAscendFromZero, toArrayBuffer, writeBytes } from './column-file.ts';

/**
 * The charge sites stage 1 of the electrostatic method reads (stage1/esp-at-pose.ts), written at import
 * so that a catalogue's first electrostatic search does not derive them from every model (2.6 to 5.5 s
 * per 100,000 molecules on the search's thread). GRID_SLOTS slots a row:
 *
 *   charge-sites.idx       (count x GRID_SLOTS + 1) x u32: first site of each slot, then the total
 *   charge-sites.f32       4 x f32 a site: x, y, z in its conformer's principal frame, charge
 *   charge-sites-self.f64  count x GRID_SLOTS x f64: each slot's O_AA (NaN for an empty slot)
 */
export const CHARGE_SITE_FILES = { index: 'charge-sites.idx', sites: 'charge-sites.f32', selfOverlaps: 'charge-sites-self.f64' } as const;

const SITE_BYTES = 16;

/** Fixed sizes of the index and self-overlap files; the sites file's size is the index's last entry. */
export function chargeSiteFileSizes(count: number): [string, number][] {
  return [
    [CHARGE_SITE_FILES.index, (count * GRID_SLOTS + 1) * 4],
    [CHARGE_SITE_FILES.selfOverlaps, count * GRID_SLOTS * 8],
  ];
}

/** Writes the sites of `rows` (output order; model(inputRow) its encoded 3D model) a block at a time. */
export async function writeChargeSites(dir: string, rows: Uint32Array, model: (inputRow: number) => Uint8Array): Promise<ManifestFile[]> {
  const offsets = new Uint32Array(rows.length * GRID_SLOTS + 1);
  const selfOverlaps = new Float64Array(rows.length * GRID_SLOTS);
  const handle = await open(join(dir, CHARGE_SITE_FILES.sites), 'w');
  let sites = 0;
  try {
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
      await handle.write(Buffer.concat(parts.map((part) => new Uint8Array(part.buffer, part.byteOffset, part.byteLength))));
    }
  } finally {
    await handle.close();
  }
  return [
    await writeBytes(dir, CHARGE_SITE_FILES.index, new Uint8Array(offsets.buffer)),
    { name: CHARGE_SITE_FILES.sites, bytes: sites * SITE_BYTES },
    await writeBytes(dir, CHARGE_SITE_FILES.selfOverlaps, new Uint8Array(selfOverlaps.buffer)),
  ];
}

/** Reads the stored sites of a catalogue of `count` rows; damaged files are named in the error. */
export function readChargeSites(dir: string, count: number): EspSiteColumn {
  const read = (name: string): ArrayBuffer => {
    try {
      return toArrayBuffer(readFileSync(join(dir, name)));
    } catch (error) {
      throw new EngineError('CATALOGUE_CORRUPT', `Cannot read ${join(dir, name)}: ${String(error)}`, { cause: error });
    }
  };
  const damaged = (name: string, why: string) => new EngineError('CATALOGUE_CORRUPT', `${join(dir, name)} ${why}: re-import the catalogue.`);
  const [[, indexBytes], [, selfBytes]] = chargeSiteFileSizes(count) as [[string, number], [string, number]];
  const index = read(CHARGE_SITE_FILES.index);
  if (index.byteLength !== indexBytes) throw damaged(CHARGE_SITE_FILES.index, `has ${index.byteLength} bytes, expected ${indexBytes}`);
  const offsets = new Uint32Array(index);
  if (!offsetsAscendFromZero(offsets)) throw damaged(CHARGE_SITE_FILES.index, 'has damaged offsets');
  const sites = read(CHARGE_SITE_FILES.sites);
  const wanted = offsets[offsets.length - 1]! * SITE_BYTES;
  if (sites.byteLength !== wanted) throw damaged(CHARGE_SITE_FILES.sites, `has ${sites.byteLength} bytes, but ${CHARGE_SITE_FILES.index} needs ${wanted}`);
  const selfs = read(CHARGE_SITE_FILES.selfOverlaps);
  if (selfs.byteLength !== selfBytes) throw damaged(CHARGE_SITE_FILES.selfOverlaps, `has ${selfs.byteLength} bytes, expected ${selfBytes}`);
  return { offsets, records: new Float32Array(sites), selfOverlaps: new Float64Array(selfs) };
}
