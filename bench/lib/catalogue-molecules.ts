// Real catalogue molecules for the chemistry benchmarks: an even sample of several vendor catalogues
// from ../shared/data, or the NCI set Debian's rdkit-data ships when the shared data is absent.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CATALOGUE_DIR = join(root, '..', 'shared', 'data', 'catalogs');
const CATALOGUES = ['chembridge_cns', 'chemspace_screening', 'enamine_real', 'molport', 'zinc15_d4screen'];
const NCI_FALLBACK = '/usr/share/RDKit/Data/NCI/first_5K.smi';

export interface CatalogueMolecules { smiles: string[]; source: string }

/** About `count` SMILES, taken every Nth line so each catalogue's whole range is represented. */
export function catalogueMolecules(count: number): CatalogueMolecules {
  if (existsSync(CATALOGUE_DIR)) {
    const perCatalogue = Math.ceil(count / CATALOGUES.length);
    const smiles: string[] = [];
    for (const name of CATALOGUES) smiles.push(...everyNth(readLines(join(CATALOGUE_DIR, `${name}.smi.gz`)), perCatalogue));
    return { smiles: smiles.slice(0, count), source: `${CATALOGUES.join(', ')} (${CATALOGUE_DIR})` };
  }
  if (existsSync(NCI_FALLBACK)) return { smiles: everyNth(readLines(NCI_FALLBACK), count), source: NCI_FALLBACK };
  throw new Error(`No molecules to benchmark: neither ${CATALOGUE_DIR} nor ${NCI_FALLBACK} exists.`);
}

function readLines(path: string): string[] {
  const raw = readFileSync(path);
  const text = path.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text.split('\n').map((line) => line.split('\t')[0]?.trim() ?? '').filter((smiles) => smiles.length > 0);
}

function everyNth(lines: string[], count: number): string[] {
  const step = Math.max(1, Math.floor(lines.length / count));
  const picked: string[] = [];
  for (let i = 0; i < lines.length && picked.length < count; i += step) picked.push(lines[i] ?? '');
  return picked;
}
