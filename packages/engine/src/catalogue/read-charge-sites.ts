import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHARGE_SITE_FILES, SITE_BYTES, chargeSiteFileSizes } from '../format/charge-site-layout.ts';
import type { EspSiteColumn } from '../format/charge-site-layout.ts';
import { offsetsAscendFromZero, toArrayBuffer } from '../format/column-file.ts';
import { EngineError } from '../format/engine-error.ts';

/** Reads the stored sites of a catalogue of `count` rows; damaged files are named in the error. */
export async function readChargeSites(dir: string, count: number): Promise<EspSiteColumn> {
  const read = async (name: string): Promise<ArrayBuffer> => {
    try {
      return toArrayBuffer(await readFile(join(dir, name)));
    } catch (error) {
      throw new EngineError('CATALOGUE_CORRUPT', `Cannot read ${join(dir, name)}: ${String(error)}`, { cause: error });
    }
  };
  const damaged = (name: string, why: string) => new EngineError('CATALOGUE_CORRUPT', `${join(dir, name)} ${why}: re-import the catalogue.`);
  const [[, indexBytes], [, selfBytes]] = chargeSiteFileSizes(count) as [[string, number], [string, number]];
  const index = await read(CHARGE_SITE_FILES.index);
  if (index.byteLength !== indexBytes) throw damaged(CHARGE_SITE_FILES.index, `has ${index.byteLength} bytes, expected ${indexBytes}`);
  const offsets = new Uint32Array(index);
  if (!offsetsAscendFromZero(offsets)) throw damaged(CHARGE_SITE_FILES.index, 'has damaged offsets');
  const sites = await read(CHARGE_SITE_FILES.sites);
  const wanted = offsets[offsets.length - 1]! * SITE_BYTES;
  if (sites.byteLength !== wanted) throw damaged(CHARGE_SITE_FILES.sites, `has ${sites.byteLength} bytes, but ${CHARGE_SITE_FILES.index} needs ${wanted}`);
  const selfs = await read(CHARGE_SITE_FILES.selfOverlaps);
  if (selfs.byteLength !== selfBytes) throw damaged(CHARGE_SITE_FILES.selfOverlaps, `has ${selfs.byteLength} bytes, expected ${selfBytes}`);
  return { offsets, records: new Float32Array(sites), selfOverlaps: new Float64Array(selfs) };
}
