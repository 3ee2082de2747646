import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from '@molsearch/chem';
import { parsePart, partOfId } from '../format/catalogue-part.ts';
import { partDir } from '../format/catalogue-paths.ts';
import type { SearchMethod, SearchResult } from '../format/search-types.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { createPreparer } from '../import/import-pool.ts';
import type { MoleculePreparer } from '../import/import-pool.ts';
import { search } from '../search/search.ts';
import { closeSearchPool } from '../search/shared-pools.ts';
import { listCatalogues } from './list-catalogues.ts';
import { forgetCatalogues, openCatalogue, openCataloguePart } from './open-catalogue.ts';

const CATALOGUE = join(import.meta.dirname, '../../../../../shared/data/catalogs/chemspace_screening.smi.gz');
const QUERIES = ['CC(=O)Nc1ccc(O)cc1', 'CN1CCN(CC1)c1ccc(cc1)C(=O)Nc1ccccc1', 'O=C(NCc1ccccc1)c1ccncc1'];
// Rows before the real catalogue's: a bad SMILES and a repeated id, which must be skipped once over all parts.
const EXTRA_ROWS = ['C1CC(\tBROKEN-1', 'c1ccccc1\tREPEATED', 'CCO\tREPEATED', 'CCN\tOTHER'];

let dir: string;
let dataDir: string;
let preparer: MoleculePreparer;

/** Hits as (id, score) pairs, best first, equal scores by id: the order two numberings of one catalogue agree on. */
async function hitsOf(result: SearchResult, database: string): Promise<[string, number][]> {
  const catalogue = await openCatalogue(dataDir, database);
  const hits = result.databases[0]!;
  return Array.from(hits.rows, (row, i): [string, number] => [catalogue.compoundId(row), hits.similarities[i]!]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * `split` has exactly the hits of `whole` up to the order of equal scores: the same scores rank by rank,
 * the same molecules above the last score, and at the last score molecules the whole catalogue scores
 * the same (which of a tie at the cut a numbering keeps is its own), checked against `wider`, the whole
 * catalogue's search with a larger limit.
 */
function expectSameHits(split: [string, number][], whole: [string, number][], wider: [string, number][]): void {
  expect(split.map((hit) => hit[1])).toEqual(whole.map((hit) => hit[1]));
  const last = whole.at(-1)?.[1];
  expect(split.filter((hit) => hit[1] !== last)).toEqual(whole.filter((hit) => hit[1] !== last));
  const widerScores = new Map(wider);
  for (const [id, score] of split) expect(widerScores.get(id)).toBe(score);
}

async function importParts(id: string, files: string[], of: number, options: { limit?: number; shape?: boolean } = {}): Promise<void> {
  for (let index = 1; index <= of; index++) await importCatalogue({ files, id, dataDir, preparer, ...options, shard: { index, of } });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-parts-'));
  dataDir = join(dir, 'data');
  await loadRDKit();
  preparer = createPreparer(2);
});

afterAll(async () => {
  await preparer.close();
  await closeSearchPool();
  await rm(dir, { recursive: true, force: true });
});

describe('parts of a catalogue', () => {
  it('reads k/N and refuses anything else', () => {
    expect(parsePart('2/8')).toEqual({ index: 2, of: 8 });
    for (const bad of ['0/3', '4/3', '1/0', '1', 'a/b', '1/5000']) expect(() => parsePart(bad)).toThrow(/write k\/N/);
  });

  it('splits rows by id into disjoint parts whose union is the whole catalogue, repeated ids and bad rows counted once', async () => {
    const extra = join(dir, 'extra.smi');
    await writeFile(extra, `${EXTRA_ROWS.join('\n')}\n`);
    const files = [extra, CATALOGUE];
    const whole = await importCatalogue({ files, id: 'WHOLE', dataDir, preparer, limit: 404 });
    const summaries = [];
    for (let index = 1; index <= 3; index++) summaries.push(await importCatalogue({ files, id: 'SPLIT', dataDir, preparer, limit: 404, shard: { index, of: 3 } }));
    const catalogue = await openCatalogue(dataDir, 'WHOLE');
    const wholeIds = Array.from({ length: catalogue.count }, (_, row) => catalogue.compoundId(row)).sort();
    const partIds = [];
    for (const [i, summary] of summaries.entries()) {
      expect(summary.part).toEqual({ index: i + 1, of: 3 });
      const part = await openCataloguePart(dataDir, 'SPLIT', { index: i + 1, of: 3 });
      expect(part.manifest.part).toEqual({ index: i + 1, of: 3, rule: 'fnv1a-id' });
      const ids = Array.from({ length: part.count }, (_, row) => part.compoundId(row));
      expect(ids.every((id) => partOfId(id, 3) === i + 1)).toBe(true);
      partIds.push(...ids);
    }
    expect(partIds.sort()).toEqual(wholeIds);
    expect(summaries.reduce((n, s) => n + s.skippedRows, 0)).toBe(whole.skippedRows);
    expect(summaries.reduce((n, s) => n + s.duplicateIds, 0)).toBe(whole.duplicateIds);
    expect(whole.duplicateIds).toBe(1);
    // The joined catalogue reads every row as the parts do, part after part.
    const joined = await openCatalogue(dataDir, 'SPLIT');
    expect(joined.count).toBe(catalogue.count);
    expect(joined.parts).toHaveLength(3);
    expect(joined.compoundId(joined.partStarts![2]!)).toBe(joined.parts![2]!.compoundId(0));
    const listed = await listCatalogues(dataDir, { vendors: [], databases: [] });
    expect(listed.find((info) => info.id === 'SPLIT')).toMatchObject({ imported: true, count: catalogue.count });
  });

  it('a Morgan search over the parts returns exactly the hits of the catalogue imported whole', async () => {
    for (const smiles of QUERIES) {
      for (const threshold of [0, 0.3]) {
        const request = { smiles, method: 'morgan' as const, quality: 'fast' as const, limit: 25, threshold };
        const whole = await search({ ...request, databases: ['WHOLE'] }, { dataDir });
        const wider = await search({ ...request, limit: 100, databases: ['WHOLE'] }, { dataDir });
        const split = await search({ ...request, databases: ['SPLIT'] }, { dataDir });
        expectSameHits(await hitsOf(split, 'SPLIT'), await hitsOf(whole, 'WHOLE'), await hitsOf(wider, 'WHOLE'));
        expect(split.databases[0]!.histogram).toEqual(whole.databases[0]!.histogram);
      }
    }
  });

  it('shape, electrostatic and consensus searches over 3D parts return the hits of the 3D catalogue imported whole', { timeout: 300_000 }, async () => {
    await importCatalogue({ files: [CATALOGUE], id: 'WHOLE3D', dataDir, preparer, limit: 36, shape: true });
    await importParts('SPLIT3D', [CATALOGUE], 2, { limit: 36, shape: true });
    for (const method of ['espsim_shape', 'espsim_electrostatic', 'consensus'] as SearchMethod[]) {
      // Consensus hits are fused against the parts' reference samples merged: the threshold applies after.
      const request = { smiles: QUERIES[1]!, method, quality: 'fast' as const, limit: 10, threshold: method === 'consensus' ? 0.2 : 0 };
      const whole = await search({ ...request, databases: ['WHOLE3D'] }, { dataDir });
      const wider = await search({ ...request, limit: 36, databases: ['WHOLE3D'] }, { dataDir });
      const split = await search({ ...request, databases: ['SPLIT3D'] }, { dataDir });
      expectSameHits(await hitsOf(split, 'SPLIT3D'), await hitsOf(whole, 'WHOLE3D'), await hitsOf(wider, 'WHOLE3D'));
      if (method === 'consensus') expect(split.databases[0]!.components).toEqual(whole.databases[0]!.components);
    }
  });

  it('a catalogue with a part missing is refused by name, and listed with the problem', async () => {
    const aside = join(dir, 'aside');
    await rename(partDir(dataDir, 'SPLIT', { index: 2, of: 3 }), aside);
    forgetCatalogues(dataDir);
    try {
      await expect(openCatalogue(dataDir, 'SPLIT')).rejects.toMatchObject({ code: 'CATALOGUE_NOT_FOUND', message: expect.stringContaining('imported in 3 parts, but part 2 is not in this data directory') });
      const listed = await listCatalogues(dataDir, { vendors: [], databases: [] });
      expect(listed.find((info) => info.id === 'SPLIT')?.problem).toMatch(/part 2 is not/);
    } finally {
      await rename(aside, partDir(dataDir, 'SPLIT', { index: 2, of: 3 }));
    }
  });
});
