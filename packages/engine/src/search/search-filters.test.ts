import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { SubstructureMatcher, loadRDKit, painsMatch } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCatalogue } from '../catalogue/catalogue-copy.fixture.ts';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { forgetCatalogues, openCatalogue } from '../catalogue/open-catalogue.ts';
import { checksumOf } from '../format/checksum.ts';
import { numericColumn, numericColumnNames } from '../format/property-columns.ts';
import type { SearchFilters, SearchMethod, SearchRequest } from '../format/search-types.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { search } from './search.ts';
import { closeSearchPool } from './shared-pools.ts';

// Real vendor rows: a kinase-focused library, rich in the scaffolds and PAINS families filters meet.
const KINASE = join(import.meta.dirname, '../../../../../shared/data/catalogs/chembridge_kinase.smi.gz');
const rows = gunzipSync(readFileSync(KINASE)).toString('utf8').trim().split('\n');
const QUERY = rows[0]!.split('\t')[0]!;
const FILTERS: SearchFilters = { ranges: { mw: { min: 250, max: 420 }, clogp: { max: 4 }, rotatable_bonds: { max: 6 } }, lipinski: true, veber: true };

let dir: string;
let dataDir: string;

beforeAll(async () => {
  await loadRDKit();
  dir = await mkdtemp(join(tmpdir(), 'molsearch-filters-'));
  dataDir = join(dir, 'data');
  await writeFile(join(dir, 'kinase.smi'), `${rows.slice(0, 600).join('\n')}\n`);
  await writeFile(join(dir, 'kinase-3d.smi'), `${rows.slice(0, 60).join('\n')}\n`);
  await importCatalogue({ files: [join(dir, 'kinase.smi')], id: 'KINASE', dataDir, workers: 0 });
  await importCatalogue({ files: [join(dir, 'kinase-3d.smi')], id: 'KINASE3D', dataDir, workers: 0, shape: { conformers: 2, seed: 42, timeBudgetMs: 2000 } });
  forgetCatalogues();
}, 300_000);

afterAll(async () => {
  await closeSearchPool();
  await rm(dir, { recursive: true, force: true });
});

const request = (method: SearchMethod, database: string, extra: Partial<SearchRequest> = {}): SearchRequest => ({ smiles: QUERY, method, quality: 'fast', databases: [database], limit: 25, ...extra });

/** Whether a catalogue row passes FILTERS, from the values the catalogue stores. */
function passes(catalogue: Catalogue, row: number): boolean {
  const values = catalogue.properties(row) as Record<string, number | boolean>;
  const mw = values.mw as number;
  return mw >= 250 && mw <= 420 && (values.clogp as number) <= 4 && (values.rotatable_bonds as number) <= 6 && (values.lipinski_violations as number) <= 1 && values.veber_pass === true;
}

/** The unfiltered search's whole ranking with `keep` applied afterwards, cut to `limit`. */
async function filteredAfterwards(req: SearchRequest, keep: (row: number) => boolean): Promise<number[]> {
  const all = (await search({ ...req, limit: 100_000, filters: undefined, substructure: undefined }, { dataDir, threads: 1 })).databases[0]!;
  return [...all.rows].filter(keep).slice(0, req.limit);
}

describe('property filters inside the search', () => {
  it.each([
    ['morgan on the calling thread', 'morgan', 'KINASE', 1],
    ['morgan on two scan workers', 'morgan', 'KINASE', 2],
    ['shape', 'espsim_shape', 'KINASE3D', 1],
    ['electrostatics', 'espsim_electrostatic', 'KINASE3D', 1],
  ] as const)('%s: every hit passes and the hits are the best that pass', async (_, method, database, threads) => {
    const catalogue = await openCatalogue(dataDir, database);
    const req = request(method, database, { filters: FILTERS });
    const hits = (await search(req, { dataDir, threads })).databases[0]!;
    expect(hits.rows.length).toBeGreaterThan(0);
    for (const row of hits.rows) expect(passes(catalogue, row), catalogue.compoundId(row)).toBe(true);
    expect([...hits.rows]).toEqual(await filteredAfterwards(req, (row) => passes(catalogue, row)));
    const passing = Array.from({ length: catalogue.count }, (_, row) => row).filter((row) => passes(catalogue, row)).length;
    expect(hits.filtering).toEqual({ passing });
  }, 120_000);

  it('reads and filters a catalogue built before the narrow count and flag columns (every one f32) as the current one', async () => {
    let rewritten = 0;
    await copyCatalogue(dataDir, 'KINASE', {
      to: 'KINASE_F32',
      change: async (manifest, folder) => {
        for (const property of manifest.properties.filter((stored) => stored.kind === 'integer' || stored.kind === 'boolean')) {
          const [narrow, f32] = numericColumnNames(property) as [string, string];
          const column = numericColumn(property, (name) => name === narrow);
          const bytes = await readFile(join(folder, narrow));
          const values = Float32Array.from({ length: manifest.count }, (_, row) => column.value(bytes, row));
          const written = new Uint8Array(values.buffer);
          await writeFile(join(folder, f32), written);
          await unlink(join(folder, narrow));
          manifest.files = manifest.files.map((file) => (file.name === narrow ? { name: f32, bytes: written.length, crc32: checksumOf(written) } : file));
          rewritten++;
        }
      },
    });
    expect(rewritten).toBe(8);
    forgetCatalogues();
    const [current, older] = await Promise.all([openCatalogue(dataDir, 'KINASE'), openCatalogue(dataDir, 'KINASE_F32')]);
    for (let row = 0; row < current.count; row += 37) expect(older.properties(row)).toEqual(current.properties(row));
    const hits = async (database: string) => (await search(request('morgan', database, { filters: FILTERS }), { dataDir, threads: 1 })).databases[0]!;
    const [fromCurrent, fromOlder] = await Promise.all([hits('KINASE'), hits('KINASE_F32')]);
    expect(fromCurrent.rows.length).toBeGreaterThan(0);
    expect([...fromOlder.rows]).toEqual([...fromCurrent.rows]);
    expect(fromOlder.filtering).toEqual(fromCurrent.filtering);
  });

  it('refuses a range whose minimum is above its maximum', async () => {
    await expect(search(request('morgan', 'KINASE', { filters: { ranges: { tpsa: { min: 90, max: 40 } } } }), { dataDir, threads: 1 })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});

describe('structure checks in score order', () => {
  it('excludes PAINS: the hits are the best molecules without a PAINS match', async () => {
    const catalogue = await openCatalogue(dataDir, 'KINASE');
    const req = request('morgan', 'KINASE', { filters: { excludePains: true } });
    const hits = (await search(req, { dataDir, threads: 1 })).databases[0]!;
    const clean = (row: number): boolean => painsMatch(catalogue.smiles(row)) === undefined;
    expect([...hits.rows]).toEqual(await filteredAfterwards(req, clean));
    expect(hits.filtering?.structure).toMatchObject({ kept: 25, complete: true });
  }, 120_000);

  it.each([
    ['morgan', 'KINASE'],
    ['espsim_shape', 'KINASE3D'],
  ] as const)('%s: only molecules with the substructure, best first', async (method, database) => {
    const catalogue = await openCatalogue(dataDir, database);
    const amide = '[CX3](=O)[NX3;H1]';
    const req = request(method, database, { substructure: amide });
    const hits = (await search(req, { dataDir, threads: 1 })).databases[0]!;
    const matcher = new SubstructureMatcher(amide);
    try {
      const has = (row: number): boolean => matcher.matches(catalogue.smiles(row));
      expect(hits.rows.length).toBeGreaterThan(0);
      for (const row of hits.rows) expect(has(row)).toBe(true);
      expect([...hits.rows]).toEqual(await filteredAfterwards(req, has));
    } finally {
      matcher.close();
    }
  }, 120_000);

  it('a SMARTS nothing matches gives no hits, every candidate checked', async () => {
    const hits = (await search(request('morgan', 'KINASE', { substructure: '[Xe]' }), { dataDir, threads: 1 })).databases[0]!;
    expect(hits.rows).toHaveLength(0);
    expect(hits.filtering?.structure).toEqual({ checked: (await openCatalogue(dataDir, 'KINASE')).count, kept: 0, complete: true });
  }, 60_000);

  it('refuses a substructure that is neither SMILES nor SMARTS', async () => {
    await expect(search(request('morgan', 'KINASE', { substructure: 'C1CC(' }), { dataDir, threads: 1 })).rejects.toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('neither a valid SMILES nor a valid SMARTS') });
  });
});
