import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadRDKit } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalSmiles, parseCsv, parseSdf, readXlsx } from '../../../../e2e/api/parse-files.ts';
import { FIXED_COLUMNS, openDownloadWriter } from './download-writers.ts';
import type { DownloadRecord } from './download-writers.ts';
import { resultId } from '../search/result-id.ts';

const CATALOGUE = join(import.meta.dirname, '../../../../../shared/data/catalogs/enamine_real.smi.gz');

// Real vendor rows, plus one with the characters CSV must quote.
const records: DownloadRecord[] = gunzipSync(readFileSync(CATALOGUE))
  .toString('utf8')
  .split('\n')
  .slice(0, 40)
  .map((line, index) => {
    const [smiles, id] = line.split('\t') as [string, string];
    return {
      smiles,
      id: resultId('ENAMINE-REAL', id, smiles),
      db_id: index === 3 ? `${id}, "batch 2"` : id,
      database: 'ENAMINE-REAL',
      similarity: 1 - index / 100,
      extra: { mw: 100 + index, note: index % 2 === 0 ? 'even' : null },
    };
  });

let dir: string;
beforeAll(async () => {
  await loadRDKit();
  dir = await mkdtemp(join(tmpdir(), 'molsearch-writers-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function write(format: 'csv' | 'sdf' | 'smi' | 'xlsx'): Promise<string> {
  const file = join(dir, `hits.${format}`);
  const writer = openDownloadWriter(format, file, ['mw', 'note']);
  await writer.write(records.slice(0, 25));
  await writer.write(records.slice(25));
  await writer.finish();
  return file;
}

describe('download writers', () => {
  it('CSV parses back to the same rows, quoted where needed', async () => {
    const rows = parseCsv(await readFile(await write('csv'), 'utf8'));
    expect(rows[0]).toEqual([...FIXED_COLUMNS, 'mw', 'note']);
    expect(rows).toHaveLength(records.length + 1);
    expect(rows[4]).toEqual([records[3]!.smiles, records[3]!.id, records[3]!.db_id, 'ENAMINE-REAL', '0.97', '103', '']);
  });

  it('SDF records are molecules RDKit reads as the same structures, with 2D coordinates and data fields', async () => {
    const parsed = await parseSdf(await readFile(await write('sdf'), 'utf8'));
    expect(parsed).toHaveLength(records.length);
    for (const [index, entry] of parsed.entries()) {
      expect(entry.canonical).toBe(await canonicalSmiles(records[index]!.smiles));
      expect(entry.fields.id).toBe(records[index]!.id);
      expect(Number(entry.fields.mw)).toBe(100 + index);
      expect(entry.hasCoordinates).toBe(true);
    }
    expect(parsed[0]!.title).toBe(records[0]!.db_id);
  });

  it('SMILES lines carry the structure and the vendor id', async () => {
    const lines = (await readFile(await write('smi'), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(records.length);
    expect(lines[0]).toBe(`${records[0]!.smiles}\t${records[0]!.db_id}`);
  });

  it('XLSX re-reads with the header and every row', async () => {
    const rows = await readXlsx(await readFile(await write('xlsx')));
    expect(rows[0]).toEqual([...FIXED_COLUMNS, 'mw', 'note']);
    expect(rows).toHaveLength(records.length + 1);
    expect(rows[1]!.slice(0, 6)).toEqual([records[0]!.smiles, records[0]!.id, records[0]!.db_id, 'ENAMINE-REAL', 1, 100]);
  });
});
