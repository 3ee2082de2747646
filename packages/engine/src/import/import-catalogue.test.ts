import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeProperties, loadRDKit, morganFingerprint, standardizeSmiles, tanimoto, withMol } from '@molsearch/chem';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { search } from '../search/search.ts';
import { closeSearchPool } from '../search/shared-pools.ts';
import { importCatalogue } from './import-catalogue.ts';
import { createPreparer } from './import-pool.ts';
import type { MoleculePreparer } from './import-pool.ts';
import type { SkippedRow } from './import-catalogue.ts';
import type { SearchRequest } from '../format/search-types.ts';

// Real drugs and reagents; line 4 is a salt, line 6 not a molecule, line 9 repeats the id of line 1.
const ROWS = [
  'CC(=O)Oc1ccccc1C(=O)O\tASPIRIN',
  'CC(C)Cc1ccc(C(C)C(=O)O)cc1\tIBUPROFEN',
  'Cn1cnc2c1c(=O)n(C)c(=O)n2C\tCAFFEINE',
  'CC(=O)Nc1ccc(O)cc1.Cl\tPARACETAMOL-HCL',
  'CN1CCC[C@H]1c1cccnc1\tNICOTINE',
  'C1CC(\tBROKEN',
  'OC(=O)c1ccccc1O\tSALICYLIC-ACID',
  'CN1C(=O)CN=C(c2ccccc2)c2cc(Cl)ccc21\tDIAZEPAM',
  'c1ccccc1\tASPIRIN',
  'CC(C)NCC(O)COc1cccc2ccccc12\tPROPRANOLOL',
  'O=C(O)Cc1ccccc1Nc1c(Cl)cccc1Cl\tDICLOFENAC',
  'CCN(CC)CCNC(=O)c1ccc(N)cc1\tPROCAINAMIDE',
];

let dir: string;
let dataDir: string;
let smiPath: string;
const skipped: SkippedRow[] = [];
let pool: MoleculePreparer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-import-'));
  dataDir = join(dir, 'data');
  smiPath = join(dir, 'demo.smi');
  await writeFile(smiPath, `${ROWS.join('\n')}\n`);
  await loadRDKit();
  // Two worker threads shared by the tests, as the demo script shares them between catalogues.
  pool = createPreparer(2);
});

afterAll(async () => {
  await pool.close();
  await closeSearchPool();
  await rm(dir, { recursive: true, force: true });
});

describe('importCatalogue', () => {
  it('builds a catalogue on the worker pool, skipping bad rows and repeated ids', async () => {
    const summary = await importCatalogue({ files: [smiPath], id: 'DEMO', dataDir, preparer: pool, batchSize: 4, onSkipped: (row) => skipped.push(row) });
    expect(summary.count).toBe(10);
    expect(summary.rows).toBe(12);
    expect(summary.duplicateIds).toBe(1);
    expect(summary.skippedRows).toBe(2);
    expect(skipped.map((row) => row.line).sort((a, b) => a - b)).toEqual([6, 9]);
    expect(skipped.find((row) => row.line === 9)?.reason).toMatch(/duplicate id/);
    const catalogue = await openCatalogue(dataDir, 'DEMO');
    expect(catalogue.count).toBe(10);
    expect(catalogue.manifest.bytesPerMolecule).toBeGreaterThan(256);
    const ids = Array.from({ length: catalogue.count }, (_, row) => catalogue.compoundId(row));
    // The first ASPIRIN row is kept, standardised as the chemistry package does it; the salt lost its HCl.
    const aspirin = ids.indexOf('ASPIRIN');
    expect(catalogue.smiles(aspirin)).toBe(standardizeSmiles('CC(=O)Oc1ccccc1C(=O)O')?.smiles);
    expect(catalogue.smiles(ids.indexOf('PARACETAMOL-HCL'))).toBe(standardizeSmiles('CC(=O)Nc1ccc(O)cc1')?.smiles);
    expect(catalogue.properties(aspirin).formula).toBe('C9H8O4');
    // Every row keeps its own numbers through the popcount order.
    for (const row of [aspirin, ids.indexOf('PARACETAMOL-HCL')]) {
      expect(catalogue.properties(row).heavy_atoms).toBe(computeProperties(catalogue.smiles(row))!.heavy_atoms);
      expect(catalogue.properties(row).mw).toBeCloseTo(computeProperties(catalogue.smiles(row))!.mw, 2);
    }
    // Rows are in popcount order, so BitBound can read contiguous ranges.
    const counts = Array.from({ length: catalogue.count }, (_, row) => catalogue.fingerprint(row).reduce((sum, byte) => sum + popcount8(byte), 0));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(await readdir(join(dataDir, 'catalogues'))).toEqual(['DEMO']);
    // The columns that waited in the work folder are written and their files gone: the folder holds what the manifest lists.
    const listed = [...catalogue.manifest.files.map((file) => file.name), 'manifest.json'].sort();
    expect((await readdir(join(dataDir, 'catalogues', 'DEMO'))).sort()).toEqual(listed);
  });

  it('keeps the first row of an id across batches and files, and names the file and line of every later one', async () => {
    const second = join(dir, 'second.smi');
    // Line 2 repeats an id of the first file, line 3 one of its own line 1; PROPRANOLOL's row of the first file is kept.
    await writeFile(second, 'CCO\tETHANOL\nCCCO\tPROPRANOLOL\nCCCCO\tETHANOL\nCCCCCO\tPENTANOL\n');
    const found: SkippedRow[] = [];
    // A data folder of its own: the other tests expect DEMO alone in theirs.
    const ownData = join(dir, 'two-files');
    const summary = await importCatalogue({ files: [smiPath, second], id: 'TWO-FILES', dataDir: ownData, preparer: pool, batchSize: 3, onSkipped: (row) => found.push(row) });
    expect(summary.duplicateIds).toBe(3);
    expect(summary.count).toBe(12);
    const repeats = found.filter((row) => /duplicate id/.test(row.reason)).map((row) => `${row.file}:${row.line}`).sort();
    expect(repeats).toEqual([`${second}:2`, `${second}:3`, `${smiPath}:9`].sort());
    const catalogue = await openCatalogue(ownData, 'TWO-FILES');
    const ids = Array.from({ length: catalogue.count }, (_, row) => catalogue.compoundId(row));
    expect(new Set(ids).size).toBe(ids.length);
    expect(catalogue.smiles(ids.indexOf('PROPRANOLOL'))).toBe(standardizeSmiles('CC(C)NCC(O)COc1cccc2ccccc12')?.smiles);
    expect(catalogue.smiles(ids.indexOf('ETHANOL'))).toBe('CCO');
    expect(catalogue.properties(ids.indexOf('ETHANOL')).heavy_atoms).toBe(3);
    expect(catalogue.properties(ids.indexOf('PENTANOL')).heavy_atoms).toBe(6);
  });

  it('finds each molecule itself first at similarity 1, with exact scores, on one thread and on the pool alike', async () => {
    const catalogue = await openCatalogue(dataDir, 'DEMO');
    for (const row of [0, 4, 9]) {
      const smiles = catalogue.smiles(row);
      const request: SearchRequest = { smiles, method: 'morgan', quality: 'fast', databases: ['DEMO'], limit: 5 };
      const single = await search(request, { dataDir, threads: 1 });
      const pooled = await search(request, { dataDir, threads: 2 });
      const hits = single.databases[0]!;
      expect(catalogue.smiles(hits.rows[0]!)).toBe(smiles);
      expect(hits.similarities[0]).toBe(1);
      expect([...pooled.databases[0]!.rows]).toEqual([...hits.rows]);
      expect([...pooled.databases[0]!.similarities]).toEqual([...hits.similarities]);
      const query = withMol(smiles, morganFingerprint)!;
      hits.rows.forEach((hitRow, i) => expect(hits.similarities[i]).toBeCloseTo(tanimoto(query, catalogue.fingerprint(hitRow)), 6));
      expect(hits.histogram.reduce((a, b) => a + b, 0)).toBe(hits.rows.length);
      expect(hits.histogram[49]).toBeGreaterThanOrEqual(1);
    }
  });

  it('reports progress per database and honours the threshold', async () => {
    const notes: string[] = [];
    const result = await search(
      { smiles: 'CC(=O)Oc1ccccc1C(=O)O', method: 'morgan', quality: 'accurate', databases: ['DEMO'], limit: 100, threshold: 0.3 },
      { dataDir, threads: 2, onProgress: (progress) => notes.push(`${progress.message} ${progress.percent}`) },
    );
    expect(notes[0]).toBe('Searching in DEMO 0');
    expect(notes.at(-1)).toBe('Searching in DEMO 100');
    const hits = result.databases[0]!;
    expect(hits.rows.length).toBeGreaterThan(0);
    expect(Math.min(...hits.similarities)).toBeGreaterThanOrEqual(0.3);
  });

  it('leaves the previous catalogue intact when an import is cancelled, and cleans stale work folders', async () => {
    const before = await openCatalogue(dataDir, 'DEMO');
    const stale = join(dataDir, 'catalogues', 'DEMO.tmp-999999999');
    await mkdir(stale);
    const controller = new AbortController();
    const attempt = importCatalogue({
      files: [smiPath],
      id: 'DEMO',
      dataDir,
      preparer: pool,
      batchSize: 2,
      limit: 8,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.rows >= 4) controller.abort();
      },
    });
    await expect(attempt).rejects.toMatchObject({ code: 'ABORTED' });
    expect(await readdir(join(dataDir, 'catalogues'))).toEqual(['DEMO']);
    const after = await openCatalogue(dataDir, 'DEMO');
    expect(after).toBe(before);
    expect(after.count).toBe(10);
  });

  it('fails clearly on a missing file or a file without one usable molecule, keeping the catalogue', async () => {
    await expect(importCatalogue({ files: [join(dir, 'nope.smi')], id: 'DEMO', dataDir, workers: 0 })).rejects.toMatchObject({
      code: 'FILE_NOT_FOUND',
      message: expect.stringMatching(/File not found: .*nope\.smi/),
    });
    const junk = join(dir, 'junk.smi');
    await writeFile(junk, 'C1CC(\tX1\nnot-a-molecule\tX2\n');
    await expect(importCatalogue({ files: [junk], id: 'DEMO', dataDir, workers: 0 })).rejects.toMatchObject({ code: 'IMPORT_FAILED', message: expect.stringMatching(/No molecule .* could be imported \(2 rows skipped\)/) });
    expect((await openCatalogue(dataDir, 'DEMO')).count).toBe(10);
    expect(await readdir(join(dataDir, 'catalogues'))).toEqual(['DEMO']);
  });

  it('skips a row whose id holds a control character, reported by its line', async () => {
    const file = join(dir, 'control-ids.csv');
    await writeFile(file, 'smiles,id\nCCO,GOOD\nCCN,"BAD\nID"\nCCC,"TAB\tID"\n');
    const rows: SkippedRow[] = [];
    const summary = await importCatalogue({ files: [file], id: 'CONTROL-IDS', dataDir, workers: 0, onSkipped: (row) => rows.push(row) });
    expect(summary.count).toBe(1);
    expect(rows.map((row) => `line ${row.line}: ${row.reason}`)).toEqual(['line 3: id contains a control character', 'line 5: id contains a control character']);
    await rm(join(dataDir, 'catalogues', 'CONTROL-IDS'), { recursive: true });
  });

  it('replaces a catalogue atomically on re-import, and --limit reads only the first rows', async () => {
    const summary = await importCatalogue({ files: [smiPath], id: 'DEMO', dataDir, workers: 0, limit: 3 });
    expect(summary.count).toBe(3);
    const catalogue = await openCatalogue(dataDir, 'DEMO');
    expect(catalogue.count).toBe(3);
    expect(await readdir(join(dataDir, 'catalogues'))).toEqual(['DEMO']);
  });
});

function popcount8(byte: number): number {
  let count = 0;
  for (let b = byte; b; b &= b - 1) count++;
  return count;
}
