import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadRDKit, withMol } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadRecord } from './molecule-record.ts';
import { readMolecules } from './read-molecules.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-sdf-'));
  await loadRDKit();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(name: string, content: string | Buffer): Promise<ReadRecord[]> {
  const path = join(dir, name);
  await writeFile(path, content);
  const all: ReadRecord[] = [];
  for await (const record of readMolecules(path)) all.push(record);
  return all;
}

/** A molblock written by RDKit itself, with our title line; `withHydrogens` writes explicit H atoms as vendors often do. */
function molblock(smiles: string, title: string, withHydrogens = false): string {
  const block = withMol(smiles, (mol) => (withHydrogens ? mol.add_hs() : mol.get_molblock()));
  if (!block) throw new Error(`RDKit could not parse ${smiles}`);
  const lines = block.split('\n');
  lines[0] = title;
  return lines.join('\n').replace(/\n+$/, '');
}

function canonical(smiles: string): string {
  return withMol(smiles, (mol) => mol.get_smiles()) ?? '';
}

function sdRecord(block: string, fields: Record<string, string> = {}): string {
  const data = Object.entries(fields).map(([name, value]) => `>  <${name}>\n${value}\n`);
  return [block, ...data, '$$$$'].join('\n');
}

describe('readMolecules on SD files', () => {
  it('should convert each molblock to RDKit SMILES and take ids from data fields or the title', async () => {
    const sdf = [
      sdRecord(molblock('CC(=O)Oc1ccccc1C(=O)O', 'aspirin'), { ID: 'Z100', MW: '180.16' }),
      sdRecord(molblock('C[C@H](N)O', 'alaninol-like', true), { idnumber: 'Z200' }),
      sdRecord(molblock('c1ccccc1', 'benzene')),
      sdRecord(molblock('CCO', '')),
    ].join('\n');
    const records = await read('molecules.sdf', `${sdf}\n`);
    expect(records.map((r) => ('id' in r ? [r.id, r.smiles] : r.error))).toEqual([
      ['Z100', canonical('CC(=O)Oc1ccccc1C(=O)O')],
      ['Z200', canonical('C[C@H](N)O')],
      ['benzene', canonical('c1ccccc1')],
      [expect.stringMatching(/^line-\d+$/), canonical('CCO')],
    ]);
    expect(records[0]).toMatchObject({ line: 1, columns: { ID: 'Z100', MW: '180.16' } });
  });

  it('should number records by their first line and report a bad molblock without stopping', async () => {
    const good = sdRecord(molblock('CCN', 'first'));
    const broken = sdRecord(['broken', '  made up', '', '  1  0  0  0  0  0  0  0  0  0999 V2000', 'garbage', 'M  END'].join('\n'));
    const last = molblock('CCCl', 'last');
    const records = await read('mixed.sdf', [good, broken, last].join('\r\n'));
    const firstLines = good.split('\n').length;
    expect(records).toEqual([
      { line: 1, smiles: canonical('CCN'), id: 'first' },
      { line: firstLines + 1, error: 'RDKit could not read the molblock' },
      // The last record lacks its `$$$$` and is still read.
      { line: firstLines + broken.split('\n').length + 1, smiles: canonical('CCCl'), id: 'last' },
    ]);
  });

  it('should read a gzipped SD file', async () => {
    const sdf = sdRecord(molblock('OCCO', 'glycol'), { Catalog_ID: 'EN300-1' });
    expect(await read('one.sdf.gz', gzipSync(Buffer.from(sdf)))).toEqual([
      { line: 1, smiles: canonical('OCCO'), id: 'EN300-1', columns: { Catalog_ID: 'EN300-1' } },
    ]);
  });
});
