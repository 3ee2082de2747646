import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadRecord } from './molecule-record.ts';
import { readMolecules } from './read-molecules.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-xlsx-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect(path: string): Promise<ReadRecord[]> {
  const all: ReadRecord[] = [];
  for await (const record of readMolecules(path)) all.push(record);
  return all;
}

describe('readMolecules on .xlsx', () => {
  it('should read the first sheet with its header, numeric ids, rich text and empty SMILES cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Compounds');
    sheet.addRow(['Catalog ID', 'SMILES', 'Price']);
    sheet.addRow([1001, 'CCO', 12.5]);
    sheet.addRow([1002, { richText: [{ text: 'c1cc' }, { text: 'ccc1' }] }, 8]);
    sheet.addRow([1003, null, 3]);
    sheet.addRow([]);
    sheet.addRow(['', 'CC(=O)O', 1]);
    workbook.addWorksheet('Notes').addRow(['smiles', 'id']);
    const path = join(dir, 'compounds.xlsx');
    await workbook.xlsx.writeFile(path);

    expect(await collect(path)).toEqual([
      { line: 2, smiles: 'CCO', id: '1001', columns: { 'Catalog ID': '1001', SMILES: 'CCO', Price: '12.5' } },
      { line: 3, smiles: 'c1ccccc1', id: '1002', columns: { 'Catalog ID': '1002', SMILES: 'c1ccccc1', Price: '8' } },
      { line: 4, error: 'no SMILES in column "SMILES"' },
      { line: 6, smiles: 'CC(=O)O', id: 'line-6', columns: { 'Catalog ID': '', SMILES: 'CC(=O)O', Price: '1' } },
    ]);
  });

  it('should throw UNREADABLE_FILE for a file that is not a workbook', async () => {
    const path = join(dir, 'fake.xlsx');
    await writeFile(path, 'smiles,id\nCCO,A\n');
    await expect(collect(path)).rejects.toMatchObject({ code: 'UNREADABLE_FILE', message: expect.stringContaining('fake.xlsx') });
  });
});
