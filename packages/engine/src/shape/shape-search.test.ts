import { cp, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueDir } from '../format/catalogue-paths.ts';
import { forgetCatalogues, openCatalogue } from '../catalogue/open-catalogue.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { rowSites } from '../features/charge-sites.ts';
import { GRID_SLOTS } from '../format/grid-layout.ts';
import type { SearchRequest } from '../format/search-types.ts';
import { search } from '../search/search.ts';
import { closeSearchPool } from '../search/shared-pools.ts';

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
  it('writes the 3D columns: a model, volume grids and charge sites per molecule, and nothing else', async () => {
    const catalogue = await openCatalogue(dataDir, 'SMALL-3D');
    // Options that name no charge model get today's, and the manifest records it.
    expect(catalogue.manifest.shape).toEqual({ conformers: 2, seed: 42, timeBudgetMs: 2000, charges: 'mmff94', protonation: 'ph7.4' });
    for (let row = 0; row < catalogue.count; row++) expect(catalogue.shape?.model(row).byteLength).toBeGreaterThan(0);
    const files = await readdir(catalogue.dir);
    const twoD = await readdir(catalogueDir(dataDir, 'SMALL-2D'));
    expect(files.filter((name) => !twoD.includes(name)).sort()).toEqual(['charge-sites-self.f64', 'charge-sites.f32', 'charge-sites.idx', 'models.bin', 'models.idx', 'pose-grids.bin']);
  });

  it('stores at import exactly the charge sites stage 1 would derive from the models', async () => {
    const catalogue = await openCatalogue(dataDir, 'SMALL-3D');
    const stored = await catalogue.shape!.readChargeSites();
    expect(stored.records.length).toBeGreaterThan(4 * catalogue.count);
    for (let row = 0; row < catalogue.count; row++) {
      const derived = rowSites(catalogue.shape!.model(row));
      const first = stored.offsets[row * GRID_SLOTS]!;
      const end = stored.offsets[(row + 1) * GRID_SLOTS]!;
      expect(stored.records.subarray(4 * first, 4 * end)).toEqual(derived.records);
      expect(stored.selfOverlaps.subarray(row * GRID_SLOTS, (row + 1) * GRID_SLOTS)).toEqual(derived.selfOverlaps);
      for (let slot = 0; slot < GRID_SLOTS; slot++) {
        expect(stored.offsets[row * GRID_SLOTS + slot + 1]! - stored.offsets[row * GRID_SLOTS + slot]!).toBe(derived.counts[slot]);
      }
    }
  });

  it('names a damaged charge-site file at the first electrostatic search', async () => {
    const target = catalogueDir(dataDir, 'SITES-DAMAGED');
    await cp(catalogueDir(dataDir, 'SMALL-3D'), target, { recursive: true });
    const manifest = JSON.parse(await readFile(join(target, 'manifest.json'), 'utf8')) as { id: string };
    await writeFile(join(target, 'manifest.json'), JSON.stringify({ ...manifest, id: 'SITES-DAMAGED' }));
    await truncate(join(target, 'charge-sites.f32'), 64);
    const request: SearchRequest = { smiles: 'c1ccccc1O', method: 'espsim_electrostatic', quality: 'fast', databases: ['SITES-DAMAGED'], limit: 5 };
    await expect(search(request, { dataDir })).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringMatching(/SITES-DAMAGED\/charge-sites\.f32 has 64 bytes/) });
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

  it('says which catalogue lacks the 3D index', async () => {
    await expect(search({ smiles: 'c1ccccc1O', method: 'espsim_shape', quality: 'fast', databases: ['SMALL-3D', 'SMALL-2D'], limit: 5 }, { dataDir })).rejects.toMatchObject({
      code: 'METHOD_UNAVAILABLE',
      message: expect.stringMatching(/SMALL-2D has no 3D index/),
    });
  });

  it('names a truncated grid file when the catalogue is opened', async () => {
    const path = join(catalogueDir(dataDir, 'SMALL-3D'), 'pose-grids.bin');
    await truncate(path, 100);
    forgetCatalogues();
    await expect(openCatalogue(dataDir, 'SMALL-3D')).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining('pose-grids.bin') });
  });
});
