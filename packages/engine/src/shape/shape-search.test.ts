import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCatalogue } from '../catalogue/catalogue-copy.fixture.ts';
import { catalogueDir } from '../format/catalogue-paths.ts';
import { CHARGE_FIELD } from '../format/charge-index-layout.ts';
import { forgetCatalogues, openCatalogue } from '../catalogue/open-catalogue.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import type { SearchRequest } from '../format/search-types.ts';
import { search } from '../search/search.ts';
import { closeSearchPool } from '../search/shared-pools.ts';
import { rescoreModels, rowModels } from './rescore-pool.ts';
import { shapeQuery } from './shape-query.ts';
import { candidateSources, probesCharges, shapeSearch } from './shape-search.ts';

// Small real molecules keep conformer generation quick.
const ROWS = ['c1ccccc1O\tPHENOL', 'OC(=O)c1ccccc1O\tSALICYLIC', 'CC(=O)Nc1ccc(O)cc1\tPARACETAMOL', 'CCCCCCO\tHEXANOL', 'c1ccc2ccccc2c1\tNAPHTHALENE', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C\tCAFFEINE'];

let dir: string;
let dataDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-shape-'));
  dataDir = join(dir, 'data');
  const smi = join(dir, 'small.smi');
  await writeFile(smi, `${ROWS.join('\n')}\n`);
  await importCatalogue({ files: [smi], id: 'SMALL-3D', dataDir, workers: 0, shape: { conformers: 2, seed: 42, timeBudgetMs: 2000 } });
  await importCatalogue({ files: [smi], id: 'SMALL-2D', dataDir, workers: 0, limit: 2 });
});

afterAll(async () => {
  await closeSearchPool();
  await rm(dir, { recursive: true, force: true });
});

describe('shape and electrostatic search', () => {
  it('writes the 3D columns: a model per molecule and the stage-1 index with its conformer and charge vectors, and nothing else', async () => {
    const catalogue = await openCatalogue(dataDir, 'SMALL-3D');
    // Options that name no charge model get today's, and the manifest records it.
    expect(catalogue.manifest.shape).toEqual({ conformers: 2, seed: 42, timeBudgetMs: 2000, charges: 'mmff94', protonation: 'ph7.4', chargeIndex: CHARGE_FIELD });
    for (let row = 0; row < catalogue.count; row++) expect(catalogue.shape?.model(row).byteLength).toBeGreaterThan(0);
    const files = await readdir(catalogue.dir);
    const twoD = await readdir(catalogueDir(dataDir, 'SMALL-2D'));
    expect(files.filter((name) => !twoD.includes(name)).sort()).toEqual(['charge-index.bits', 'models.bin', 'models.idx', 'shape-index-conformer-vectors.bits', 'shape-index-vectors.bits']);
  });

  it('names a damaged index file at the first 3D search, whether truncated or overwritten', async () => {
    for (const [id, damage] of [
      ['INDEX-TRUNCATED', (path: string) => truncate(path, 64)],
      ['INDEX-OVERWRITTEN', async (path: string) => writeFile(path, Buffer.alloc((await readFile(path)).byteLength, 7))],
    ] as const) {
      const target = await copyCatalogue(dataDir, 'SMALL-3D', { to: id });
      await damage(join(target, 'shape-index-vectors.bits'));
      const request: SearchRequest = { smiles: 'c1ccccc1O', method: 'espsim_electrostatic', quality: 'fast', databases: [id], limit: 5 };
      await expect(search(request, { dataDir })).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(`${id}/shape-index-vectors.bits`) });
    }
  });

  for (const method of ['espsim_shape', 'espsim_electrostatic'] as const) {
    it(`ranks the query molecule itself first by ${method}, scores in 0..1 best first`, async () => {
      const result = await search({ smiles: 'CC(=O)Nc1ccc(O)cc1', method, quality: 'fast', databases: ['SMALL-3D'], limit: 10 }, { dataDir });
      const catalogue = await openCatalogue(dataDir, 'SMALL-3D');
      const hits = result.databases[0]!;
      expect(catalogue.compoundId(hits.rows[0]!)).toBe('PARACETAMOL');
      expect(hits.similarities[0]).toBeGreaterThan(0.9);
      const scores = [...hits.similarities];
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      for (const s of scores) expect(s >= 0 && s <= 1).toBe(true);
    });
  }

  it('re-scores on the worker pool with exactly the single-thread results', async () => {
    for (const method of ['espsim_shape', 'espsim_electrostatic'] as const) {
      const request: SearchRequest = { smiles: 'OC(=O)c1ccccc1O', method, quality: 'accurate', databases: ['SMALL-3D'], limit: 10 };
      const single = (await search(request, { dataDir, threads: 1 })).databases[0]!;
      const pooled = (await search(request, { dataDir, threads: 2 })).databases[0]!;
      expect(single.rows.length).toBeGreaterThan(3);
      expect([...pooled.rows]).toEqual([...single.rows]);
      expect([...pooled.similarities]).toEqual([...single.similarities]);
    }
  });

  it('reports the exact scoring of its candidates in order, up to the whole', async () => {
    const catalogue = await openCatalogue(dataDir, 'SMALL-3D');
    const fractions: number[] = [];
    const options = { method: 'espsim_shape', quality: 'fast', limit: 10, threshold: 0 } as const;
    const result = await shapeSearch(catalogue, await shapeQuery('CC(=O)Nc1ccc(O)cc1'), { ...options, onProgress: (fraction) => fractions.push(fraction) });
    expect(catalogue.compoundId(result.rows[0]!)).toBe('PARACETAMOL');
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  });

  it('reads the candidates\' models a chunk at a time, as each is scored, to the same scores', async () => {
    const catalogue = await openCatalogue(dataDir, 'SMALL-3D');
    const query = await shapeQuery('CC(=O)Nc1ccc(O)cc1');
    const rows = [5, 0, 3, 1, 4, 2];
    const read: number[] = [];
    const readAtProgress: number[] = [];
    const counted = { model: (row: number) => (read.push(row), catalogue.shape!.model(row)) };
    const lazy = await rescoreModels(query.model, 'espsim_shape', rowModels(counted, rows), { chunk: 2, onProgress: () => readAtProgress.push(read.length) });
    expect(read).toEqual(rows);
    expect(readAtProgress).toEqual([2, 4, 6]);
    const whole = await rescoreModels(query.model, 'espsim_shape', rows.map((row) => catalogue.shape!.model(row)), { chunk: 2 });
    expect([...lazy]).toEqual([...whole]);
    expect(Math.max(...lazy)).toBeGreaterThan(0.9);
  });

  it('says which catalogue lacks the 3D index', async () => {
    await expect(search({ smiles: 'c1ccccc1O', method: 'espsim_shape', quality: 'fast', databases: ['SMALL-3D', 'SMALL-2D'], limit: 5 }, { dataDir })).rejects.toMatchObject({
      code: 'METHOD_UNAVAILABLE',
      message: expect.stringMatching(/SMALL-2D has no 3D index/),
    });
  });

  it('names a truncated model file when the catalogue is opened', async () => {
    const path = join(catalogueDir(dataDir, 'SMALL-3D'), 'models.bin');
    await truncate(path, 100);
    forgetCatalogues();
    await expect(openCatalogue(dataDir, 'SMALL-3D')).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining('models.bin') });
  });
});

describe('the stage-1 probes a search asks', () => {
  it('probes by charges for the electrostatic method in every form, never for shape or a source that wants nothing', () => {
    expect(probesCharges(candidateSources('espsim_shape', 'shape_tanimoto', 3500))).toBe(false);
    for (const form of ['carbo', 'tanimoto', 'shape_carbo', 'shape_tanimoto'] as const) expect(probesCharges(candidateSources('espsim_electrostatic', form, 3500))).toBe(true);
    expect(probesCharges([{ method: 'espsim_shape', wanted: 3500 }, { method: 'espsim_electrostatic', wanted: 0 }])).toBe(false);
  });
});
