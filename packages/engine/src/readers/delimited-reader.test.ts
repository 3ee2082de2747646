import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadRecord } from './molecule-record.ts';
import { readMolecules } from './read-molecules.ts';
import type { ReadMoleculesOptions } from './read-molecules.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-csv-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(name: string, content: string | Buffer, options?: ReadMoleculesOptions): Promise<ReadRecord[]> {
  const path = join(dir, name);
  await writeFile(path, content);
  const all: ReadRecord[] = [];
  for await (const record of readMolecules(path, options)) all.push(record);
  return all;
}

function summary(records: ReadRecord[]): string[] {
  return records.map((r) => ('error' in r ? `${r.line} error ${r.error}` : `${r.line} ${r.id} ${r.smiles}`));
}

const QUOTED = [
  'Name,SMILES,MOLPORTID,Note',
  '"Ethanol, absolute",CCO,MolPort-001,"said ""pure"""',
  'Phenol,c1ccccc1O,MolPort-002,"two',
  'lines"',
  'Acetic acid,CC(=O)O,MolPort-003,',
  '',
].join('\r\n');

describe('readMolecules on CSV and TSV', () => {
  it('should find the SMILES and id columns by name and keep every column', async () => {
    const records = await read('quoted.csv', QUOTED);
    expect(records).toEqual([
      { line: 2, smiles: 'CCO', id: 'MolPort-001', columns: { Name: 'Ethanol, absolute', SMILES: 'CCO', MOLPORTID: 'MolPort-001', Note: 'said "pure"' } },
      { line: 3, smiles: 'c1ccccc1O', id: 'MolPort-002', columns: { Name: 'Phenol', SMILES: 'c1ccccc1O', MOLPORTID: 'MolPort-002', Note: 'two\nlines' } },
      { line: 5, smiles: 'CC(=O)O', id: 'MolPort-003', columns: { Name: 'Acetic acid', SMILES: 'CC(=O)O', MOLPORTID: 'MolPort-003', Note: '' } },
    ]);
  });

  it('should read the same rows from a gzipped TSV', async () => {
    const tsv = 'smiles\tidnumber\tMW\nCCO\tZ1\t46.07\n\tZ2\t0\nCCN\t\t45.08\n';
    expect(summary(await read('table.tsv.gz', gzipSync(Buffer.from(tsv))))).toEqual(['2 Z1 CCO', '3 error no SMILES in column "smiles"', '4 line-4 CCN']);
  });

  it('should prefer SMILES over SMILES_CANONICAL and a catalogue id over a name', async () => {
    const csv = 'name,SMILES_CANONICAL,SMILES,Compound\nx,OCC,CCO,5649067\n';
    expect(summary(await read('prefer.csv', csv))).toEqual(['2 5649067 CCO']);
  });

  it('should accept a .csv separated by semicolons or tabs', async () => {
    expect(summary(await read('semicolon.csv', 'smiles;id\nCCO;A\n'))).toEqual(['2 A CCO']);
    expect(summary(await read('tabs.csv', 'smiles\tid\nCCO\tA\n'))).toEqual(['2 A CCO']);
  });

  it('should use the columns the caller names', async () => {
    const csv = 'parent,salt_form,code\nCCO,CCO.Cl,A1\n';
    expect(summary(await read('named.csv', csv, { smilesColumn: 'SALT_FORM', idColumn: 'code' }))).toEqual(['2 A1 CCO.Cl']);
  });

  it('should throw a clear error when the header has no SMILES column', async () => {
    await expect(read('noheader.csv', 'CCO,A\nCCN,B\n')).rejects.toMatchObject({
      code: 'MISSING_COLUMN',
      message: expect.stringContaining('no SMILES column'),
    });
  });

  it('should report a quote that never closes and keep the rows before it', async () => {
    const csv = 'smiles,id\nCCO,A\n"CCN,B\nCCC,C\n';
    expect(summary(await read('unterminated.csv', csv))).toEqual(['2 A CCO', '3 error unterminated quoted field']);
  });

  it('should give no records for a header without rows', async () => {
    expect(await read('header-only.csv', 'smiles,id\n')).toEqual([]);
  });
});
