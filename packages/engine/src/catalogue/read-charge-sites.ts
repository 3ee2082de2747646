import { CHARGE_SITE_FILES, SITE_BYTES, chargeSiteFileSizes } from '../format/charge-site-layout.ts';
import type { EspSiteColumn } from '../format/charge-site-layout.ts';
import { offsetsAscendFromZero, toArrayBuffer } from '../format/column-file.ts';
import { EngineError } from '../format/engine-error.ts';
import type { CatalogueFiles } from './catalogue-files.ts';

/** Reads the stored sites of a catalogue of `count` rows, each file checked; damaged files are named in the error. */
export async function readChargeSites(files: CatalogueFiles, count: number): Promise<EspSiteColumn> {
  const damaged = (name: string, why: string) => new EngineError('CATALOGUE_CORRUPT', `${files.path(name)} ${why}: re-import the catalogue.`);
  const [[, indexBytes], [, selfBytes]] = chargeSiteFileSizes(count) as [[string, number], [string, number]];
  const index = toArrayBuffer(await files.read(CHARGE_SITE_FILES.index));
  if (index.byteLength !== indexBytes) throw damaged(CHARGE_SITE_FILES.index, `has ${index.byteLength} bytes, expected ${indexBytes}`);
  const offsets = new Uint32Array(index);
  if (!offsetsAscendFromZero(offsets)) throw damaged(CHARGE_SITE_FILES.index, 'has damaged offsets');
  const sites = toArrayBuffer(await files.read(CHARGE_SITE_FILES.sites));
  const wanted = offsets[offsets.length - 1]! * SITE_BYTES;
  if (sites.byteLength !== wanted) throw damaged(CHARGE_SITE_FILES.sites, `has ${sites.byteLength} bytes, but ${CHARGE_SITE_FILES.index} needs ${wanted}`);
  const selfs = toArrayBuffer(await files.read(CHARGE_SITE_FILES.selfOverlaps));
  if (selfs.byteLength !== selfBytes) throw damaged(CHARGE_SITE_FILES.selfOverlaps, `has ${selfs.byteLength} bytes, expected ${selfBytes}`);
  return { offsets, records: new Float32Array(sites), selfOverlaps: new Float64Array(selfs) };
}
