import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { loadRDKit, withMol } from '@molsearch/chem';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadRecord } from './molecule-record.ts';
import { MoleculeFileError } from './molecule-record.ts';
import { openMoleculeFile, readMolecules } from './read-molecules.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-readers-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileWith(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function collect(records: AsyncIterable<ReadRecord>): Promise<ReadRecord[]> {
  const all: ReadRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

const SMI = ['smiles\tid', 'CCO\tethanol', '', '# a comment', 'c1ccccc1O phenol', 'CC(=O)O', 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C   caffeine base', ''].join('\n');

describe('readMolecules on .smi', () => {
  it('should skip the header, blank and comment lines and keep line numbers', async () => {
    const records = await collect(readMolecules(await fileWith('plain.smi', SMI)));
    expect(records).toEqual([
      { line: 2, smiles: 'CCO', id: 'ethanol' },
      { line: 5, smiles: 'c1ccccc1O', id: 'phenol' },
      { line: 6, smiles: 'CC(=O)O', id: 'line-6' },
      { line: 7, smiles: 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C', id: 'caffeine base' },
    ]);
  });

  it('should read CRLF line ends and a byte-order mark like plain LF', async () => {
    const crlf = await collect(readMolecules(await fileWith('crlf.smi', `\ufeff${SMI.replaceAll('\n', '\r\n')}`)));
    const lf = await collect(readMolecules(await fileWith('lf.smi', SMI)));
    expect(crlf).toEqual(lf);
  });

  it('should read the first line as a molecule when it is not a header', async () => {
    const records = await collect(readMolecules(await fileWith('noheader.smi', 'CCN\tA1\nCCC\tA2')));
    expect(records.map((r) => ('id' in r ? r.id : r.error))).toEqual(['A1', 'A2']);
  });

  it('should keep a CXSMILES extension with its SMILES', async () => {
    const records = await collect(readMolecules(await fileWith('cx.smi', 'C[C@H](N)O |&1:1| Z123\n')));
    expect(records).toEqual([{ line: 1, smiles: 'C[C@H](N)O |&1:1|', id: 'Z123' }]);
  });

  it('should read gzipped files, and recognise gzip by content when the name lacks .gz', async () => {
    const gz = gzipSync(Buffer.from(SMI));
    const named = await collect(readMolecules(await fileWith('named.smi.gz', gz)));
    const sniffed = await collect(readMolecules(await fileWith('sniffed.smi', gz)));
    const plain = await collect(readMolecules(await fileWith('plain2.smi', SMI)));
    expect(named).toEqual(plain);
    expect(sniffed).toEqual(plain);
  });

  it('should report an overlong line as a bad row and go on', async () => {
    const path = await fileWith('long.smi', `CCO a\n${'C'.repeat(1_100_000)} b\nCCN c\n`);
    const records = await collect(readMolecules(path));
    expect(records).toEqual([
      { line: 1, smiles: 'CCO', id: 'a' },
      { line: 2, error: expect.stringContaining('longer than') },
      { line: 3, smiles: 'CCN', id: 'c' },
    ]);
  });

  it('should give no records for an empty file', async () => {
    expect(await collect(readMolecules(await fileWith('empty.smi', '')))).toEqual([]);
    expect(await collect(readMolecules(await fileWith('empty.csv', '')))).toEqual([]);
    expect(await collect(readMolecules(await fileWith('empty.sdf.gz', gzipSync(Buffer.alloc(0)))))).toEqual([]);
  });
});

describe('openMoleculeFile', () => {
  it('should describe the file and count bytes read up to its size', async () => {
    const path = await fileWith('progress.smi.gz', gzipSync(Buffer.from(SMI)));
    const file = await openMoleculeFile(path);
    expect(file.format).toBe('smi');
    expect(file.gzipped).toBe(true);
    expect(file.bytesRead()).toBe(0);
    await collect(file.records());
    expect(file.bytesRead()).toBe(file.sizeBytes);
  });

  it('should follow the compressed bytes when the gzip trailer gives only the last member of several', async () => {
    const text = Buffer.from(SMI.repeat(200));
    const path = await fileWith('members.smi.gz', Buffer.concat([gzipSync(text), gzipSync(Buffer.from(SMI))]));
    const file = await openMoleculeFile(path);
    const shares: number[] = [];
    for await (const record of file.records()) {
      expect('error' in record).toBe(false);
      shares.push(file.fractionRead());
    }
    expect(shares.every((share) => share >= 0 && share <= 1)).toBe(true);
    expect(file.fractionRead()).toBe(1);
  });

  it('should throw FILE_NOT_FOUND for a missing file', async () => {
    await expect(openMoleculeFile(join(dir, 'missing.smi'))).rejects.toMatchObject({ code: 'FILE_NOT_FOUND', message: expect.stringContaining('missing.smi') });
  });

  it('should throw UNSUPPORTED_FILE_TYPE for an unknown extension', async () => {
    const path = await fileWith('molecules.pdf', 'x');
    const error = await openMoleculeFile(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MoleculeFileError);
    expect(error).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
  });

  it('should throw UNREADABLE_FILE for a corrupt gzip file', async () => {
    const gz = gzipSync(Buffer.from(SMI.repeat(50)));
    const path = await fileWith('truncated.smi.gz', gz.subarray(0, gz.length - 20));
    await expect(collect(readMolecules(path))).rejects.toMatchObject({ code: 'UNREADABLE_FILE' });
  });

  it('should let a consumer stop early', async () => {
    const path = await fileWith('many.smi', Array.from({ length: 5000 }, (_, i) => `C${'C'.repeat(i % 20)}O\tm${i}`).join('\n'));
    const seen: ReadRecord[] = [];
    for await (const record of readMolecules(path)) {
      seen.push(record);
      if (seen.length === 3) break;
    }
    expect(seen.map((r) => r.line)).toEqual([1, 2, 3]);
  });
});

// The vendor samples sit in ../shared beside the repository on development and CI machines.
const CATALOGUE = join(import.meta.dirname, '../../../../../shared/data/catalogs/chemspace_screening.smi.gz');

describe('a real vendor catalogue', () => {
  it('should read the first rows of the gzipped Chemspace sample with vendor ids', async () => {
    const rows: ReadRecord[] = [];
    for await (const record of readMolecules(CATALOGUE)) {
      rows.push(record);
      if (rows.length === 2000) break;
    }
    expect(rows.filter((r) => 'error' in r)).toEqual([]);
    expect(rows.every((r) => 'id' in r && /^CSMB\d+$/.test(r.id) && r.smiles.length > 0)).toBe(true);
    expect(rows.map((r) => r.line)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
  });

  it('should count the share of a plain file by the rows taken, not by the bytes read ahead of them', async () => {
    // 20,000 rows (about 700 kB): a 256 KiB read is a third of the file.
    const lines = gunzipSync(await readFile(CATALOGUE)).toString('utf8').split('\n').slice(0, 20_000);
    const path = await fileWith('chemspace-20k.smi', lines.join('\n') + '\n');
    const size = (await stat(path)).size;
    const file = await openMoleculeFile(path);
    let rows = 0;
    let bytes = 0;
    for await (const record of file.records()) {
      expect('error' in record).toBe(false);
      bytes += Buffer.byteLength(lines[rows]!) + 1;
      rows++;
      if (rows % 2000 === 0) expect(file.fractionRead()).toBeCloseTo(bytes / size, 9);
    }
    expect(rows).toBe(20_000);
    expect(file.fractionRead()).toBe(1);
  });

  it('should count the share of the file read close to the rows taken, so an import\'s progress and ETA hold', async () => {
    const file = await openMoleculeFile(CATALOGUE);
    let rows = 0;
    const ahead: number[] = [];
    const compressedAhead: number[] = [];
    for await (const record of file.records()) {
      expect('error' in record).toBe(false);
      rows++;
      // The file's 100,000 rows: the share of the file read against the share of its rows taken.
      if (rows % 10_000 === 0) {
        ahead.push(file.fractionRead() - rows / 100_000);
        compressedAhead.push(file.bytesRead() / file.sizeBytes - rows / 100_000);
      }
    }
    expect(rows).toBe(100_000);
    expect(ahead.length).toBe(10);
    for (const lead of ahead) expect(Math.abs(lead)).toBeLessThan(0.03);
    // The compressed bytes lead by more: this file's early rows compress less well.
    expect(Math.max(...compressedAhead)).toBeGreaterThan(Math.max(...ahead));
    expect(file.fractionRead()).toBe(1);
  });
});

describe('ids with control characters', () => {
  const refused = (line: number) => ({ line, error: 'id contains a control character' });

  it('should refuse them by line in .smi, keeping the rows around them', async () => {
    const records = await collect(readMolecules(await fileWith('controls.smi', 'CCO A1\nCCN B\u000bC\nCCC C\u0007\nCCS D\u007f\nCCF E\u0085F\nCCCl\tA\rB\nCCBr A2\n')));
    expect(records).toEqual([{ line: 1, smiles: 'CCO', id: 'A1' }, refused(2), refused(3), refused(4), refused(5), refused(6), { line: 7, smiles: 'CCBr', id: 'A2' }]);
  });

  it('should refuse quoted line breaks and tabs in .csv and .tsv ids', async () => {
    const csv = await collect(readMolecules(await fileWith('controls.csv', 'smiles,id\nCCO,"A\nB"\nCCN,"C\tD"\nCCC,E\n')));
    expect(csv).toEqual([refused(2), refused(4), { line: 5, smiles: 'CCC', id: 'E', columns: { smiles: 'CCC', id: 'E' } }]);
    const tsv = await collect(readMolecules(await fileWith('controls.tsv', 'smiles\tid\nCCO\t"A\rB"\nCCN\tC\n')));
    expect(tsv).toEqual([refused(2), { line: 3, smiles: 'CCN', id: 'C', columns: { smiles: 'CCN', id: 'C' } }]);
  });

  it('should refuse them in SD titles and id fields', async () => {
    await loadRDKit();
    const block = withMol('CCO', (mol) => mol.get_molblock())!.replace(/\n+$/, '');
    const withTitle = (title: string) => [title, ...block.split('\n').slice(1)].join('\n');
    const sdf = `${withTitle('GOOD-1')}\n$$$$\n${withTitle('BAD\u0001TITLE')}\n$$$$\n${block}\n>  <ID>\nX\u009bY\n\n$$$$\n`;
    const records = await collect(readMolecules(await fileWith('controls.sdf', sdf)));
    expect(records.map((record) => ('error' in record ? record.error : record.id))).toEqual(['GOOD-1', 'id contains a control character', 'id contains a control character']);
  });

  it('should refuse them in .xlsx cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Compounds');
    sheet.addRow(['SMILES', 'ID']);
    sheet.addRow(['CCO', 'A\nB']);
    sheet.addRow(['CCN', 'C']);
    const path = join(dir, 'controls.xlsx');
    await workbook.xlsx.writeFile(path);
    expect(await collect(readMolecules(path))).toEqual([refused(2), { line: 3, smiles: 'CCN', id: 'C', columns: { SMILES: 'CCN', ID: 'C' } }]);
  });
});
