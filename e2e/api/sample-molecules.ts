import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { morganFingerprint, withMol } from '@molsearch/chem';
import { CATALOGS, TEST_DATABASES } from './server-process.ts';

/** SMILES and vendor id of row `index` of a test database's sample file, the rows the test catalogues are imported from. */
export function sampleRow(database: string, index: number): [smiles: string, id: string] {
  const sample = TEST_DATABASES.find((entry) => entry.id === database)!;
  const line = gunzipSync(readFileSync(join(CATALOGS, sample.file))).toString('utf8').split('\n', index + 1)[index]!;
  const [smiles, id] = line.split('\t');
  return [smiles!, id!.trim()];
}

/** RDKit's Morgan fingerprint of `smiles`, as the catalogues store it (RDKit must be loaded). */
export function fingerprintOf(smiles: string): Uint8Array {
  const fp = withMol(smiles, (mol) => morganFingerprint(mol));
  if (!fp) throw new Error(`RDKit cannot read ${smiles}`);
  return fp;
}
