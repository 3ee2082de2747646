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
      scores: { morgan_similarity: 0.5, shape_similarity: index === 0 ? null : 0.75, electrostatic_similarity: index === 0 ? null : 0.25 },
      extra: { mw: 100 + index, note: index % 2 === 0 ? 'even' : null },
    };
  });

/** Ids a spreadsheet would run as formulas, or that would split a record, each on a real structure. */
const HOSTILE_IDS = ['=HYPERLINK("http://example.org","open")', '+1+cmd|calc', '-2+3', '@SUM(A1:A9)', '\tleading tab', '\rleading return', 'two\nlines', 'a\tb', '$$$$', '-5'];
const hostile: DownloadRecord[] = HOSTILE_IDS.map((id, index) => ({ ...records[index]!, db_id: id, similarity: 0.5, extra: { mw: -1.5, note: id } }));

let dir: string;
beforeAll(async () => {
  await loadRDKit();
  dir = await mkdtemp(join(tmpdir(), 'molsearch-writers-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function write(format: 'csv' | 'sdf' | 'smi' | 'xlsx', rows: DownloadRecord[] = records): Promise<string> {
  const file = join(dir, `hits-${rows.length}.${format}`);
  const writer = openDownloadWriter(format, file, ['mw', 'note']);
  await writer.write(rows.slice(0, 25));
  await writer.write(rows.slice(25));
  await writer.finish();
  return file;
}

/** The text of an XLSX file's first sheet, as stored in the zip. */
async function sheetXml(file: string): Promise<string> {
  const workbook = await readFile(file);
  const { default: JSZip } = await import('jszip');
  return (await JSZip.loadAsync(workbook)).file('xl/worksheets/sheet1.xml')!.async('string');
}

describe('download writers', () => {
  it('CSV parses back to the same rows, quoted where needed', async () => {
    const rows = parseCsv(await readFile(await write('csv'), 'utf8'));
    expect(rows[0]).toEqual([...FIXED_COLUMNS, 'mw', 'note']);
    expect(rows).toHaveLength(records.length + 1);
    expect(rows[4]).toEqual([records[3]!.smiles, records[3]!.id, records[3]!.db_id, 'ENAMINE-REAL', '0.97', '0.5', '0.75', '0.25', '103', '']);
    // A hit without 3D scores leaves their cells empty.
    expect(rows[1]!.slice(5, 8)).toEqual(['0.5', '', '']);
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
    expect(rows[1]!.slice(0, 6)).toEqual([records[0]!.smiles, records[0]!.id, records[0]!.db_id, 'ENAMINE-REAL', 1, 0.5]);
    expect(rows[1]![FIXED_COLUMNS.length]).toBe(100);
  });

  it('CSV neutralises cells a spreadsheet would run as formulas, and newlines cannot add rows', async () => {
    const rows = parseCsv(await readFile(await write('csv', hostile), 'utf8'));
    expect(rows).toHaveLength(hostile.length + 1);
    const dbIds = rows.slice(1).map((row) => row[2]);
    const notes = rows.slice(1).map((row) => row[FIXED_COLUMNS.length + 1]);
    const expected = HOSTILE_IDS.map((id) => (/^[=+\-@\t\r]/.test(id) && id !== '-5' ? `'${id}` : id));
    expect(dbIds).toEqual(expected);
    expect(notes).toEqual(expected);
    // Numbers stay numbers, negative ones included.
    expect(rows.slice(1).every((row) => row[FIXED_COLUMNS.length] === '-1.5')).toBe(true);
  });

  it('XLSX keeps formula-looking ids as text cells, never formulas', async () => {
    const file = await write('xlsx', hostile);
    expect(await sheetXml(file)).not.toMatch(/<f>|<f /);
    const rows = await readXlsx(await readFile(file));
    // XML reads a carriage return as a line feed; the text is otherwise exactly the id.
    expect(rows.slice(1).map((row) => row[2])).toEqual(HOSTILE_IDS.map((id) => id.replace(/\r/g, '\n')));
  });

  it('SMILES and SDF records cannot be split by ids with newlines or tabs', async () => {
    const lines = (await readFile(await write('smi', hostile), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(hostile.length);
    for (const [index, line] of lines.entries()) {
      expect(line.split('\t')).toEqual([hostile[index]!.smiles, HOSTILE_IDS[index]!.replace(/[\t\r\n]/g, ' ')]);
    }
    const parsed = await parseSdf(await readFile(await write('sdf', hostile), 'utf8'));
    expect(parsed).toHaveLength(hostile.length);
    for (const [index, entry] of parsed.entries()) {
      expect(entry.canonical).toBe(await canonicalSmiles(hostile[index]!.smiles));
      expect(entry.fields.id).toBe(hostile[index]!.id);
      expect(entry.fields.db_id!.trim()).toBe(HOSTILE_IDS[index]!.replace(/[\t\r\n]/g, ' ').trim());
    }
  });
});
