import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * One row of test-data/rdkit-2d-reference.tsv.gz, written by scripts/reference/rdkit-2d-reference.py
 * with RDKit 2022.09 (column meanings are documented there).
 */
export interface Reference2dRow {
  source: string;
  id: string;
  smiles: string;
  canonical: string;
  morgan: string;
  qed: number;
  mw: number;
  exact_mass: number;
  clogp: number;
  tpsa: number;
  hbd: number;
  hba: number;
  lipinski_hbd: number;
  lipinski_hba: number;
  rotatable_bonds: number;
  heavy_atoms: number;
  aromatic_rings: number;
  fraction_sp3: number;
  stereo_centres: number;
  formula: string;
  hba_nx2: number;
  rotatable_bonds_plain_h: number;
  stereo_centres_ring_n: number;
  standardized: string;
}

const TEXT_COLUMNS = new Set(['source', 'id', 'smiles', 'canonical', 'morgan', 'formula', 'standardized']);
const REFERENCE_FILE = new URL('../test-data/rdkit-2d-reference.tsv.gz', import.meta.url);

let rows: Reference2dRow[] | undefined;

export function reference2dRows(): Reference2dRow[] {
  if (rows) return rows;
  const lines = gunzipSync(readFileSync(REFERENCE_FILE)).toString('utf8').split('\n').filter((line) => line && !line.startsWith('#'));
  const header = (lines[0] ?? '').split('\t');
  rows = lines.slice(1).map((line) => {
    const fields = line.split('\t');
    const row: Record<string, string | number> = {};
    header.forEach((column, i) => {
      const value = fields[i] ?? '';
      row[column] = TEXT_COLUMNS.has(column) ? value : Number(value);
    });
    return row as unknown as Reference2dRow;
  });
  return rows;
}

/** A name to print for a failing molecule. */
export function describeRow(row: Reference2dRow): string {
  return `${row.source} ${row.id} ${row.smiles}`;
}
