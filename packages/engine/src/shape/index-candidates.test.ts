import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModel } from '@molsearch/chem';
import { copyCatalogue } from '../catalogue/catalogue-copy.fixture.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { describeFile } from '../format/column-file.ts';
import { catalogueDir } from '../format/catalogue-paths.ts';
import type { CatalogueManifest } from '../format/catalogue-format.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import type { ImportProgress } from '../import/import-types.ts';
import { writeIndexGraph } from '../import/index-graph-writer.ts';
import { rankRows } from './grid-candidates.ts';
import { createGridPool, poolRunner } from './grid-pool.ts';
import { queryChargeVectors } from '../features/charge-index-vector.ts';
import { queryIndexVectors, rowIndexVector } from '../features/index-vector.ts';
import { CHARGE_GRAPH, CHARGE_INDEX_FILE } from '../format/charge-index-layout.ts';
import { INDEX_BITS, INDEX_GRAPH_DIMENSIONS, SHAPE_INDEX_FILES } from '../format/shape-index-layout.ts';
import { INDEX_VECTOR_BYTES, packIndexVectors, unpackIndexVectors } from '../format/shape-index-vectors.ts';
import { INDEX_WIDEN_LIMIT, indexCandidates } from './index-candidates.ts';
import { scanIndexVectors } from './index-scan.ts';
import { writeNciInput } from './nci-input.fixture.ts';

// 80 small NCI compounds (nci-input.fixture.ts).
const ROWS = 80;

let dir: string;
let dataDir: string;
let catalogue: Catalogue;
/** The same rows imported as a catalogue of this size is by default: scanned, with the vectors' files a scan reads. */
let scanned: Catalogue;
const phases: Pick<ImportProgress, 'phase' | 'indexed'>[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-index-'));
  const smi = await writeNciInput(dir, ROWS);
  dataDir = join(dir, 'data');
  // A graph although the catalogue is small, built on one thread, and a time budget no molecule reaches: the
  // same catalogue, graph included, on every run.
  await importCatalogue({
    files: [smi], id: 'NCI-3D', dataDir, workers: 2, indexThreads: 1, indexGraphRows: 0, shape: { conformers: 2, seed: 42, timeBudgetMs: 60_000 },
    onProgress: (progress) => phases.push({ phase: progress.phase, ...(progress.indexed ? { indexed: progress.indexed } : {}) }),
  });
  catalogue = await openCatalogue(dataDir, 'NCI-3D');
  await importCatalogue({ files: [smi], id: 'NCI-3D-SCANNED', dataDir, workers: 2, shape: { conformers: 2, seed: 42, timeBudgetMs: 60_000 } });
  scanned = await openCatalogue(dataDir, 'NCI-3D-SCANNED');
}, 300_000);

/** The catalogue a test walks or scans: a walked catalogue keeps its volume vectors in its graph alone. */
const walkedOrScanned = (walk: 'graph' | 'scan'): Catalogue => (walk === 'scan' ? scanned : catalogue);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the stage-1 index', () => {
  it("reports the import's progress through building the volume graph and then the charge graph, after writing the columns", () => {
    const order = [...new Set(phases.map((entry) => entry.phase))];
    expect(order).toEqual(['reading', 'writing', 'indexing', 'done']);
    const indexed = phases.filter((entry) => entry.phase === 'indexing').map((entry) => entry.indexed!);
    // One block of rows a graph at this size: the volume graph's rows, then the charge graph's as well.
    expect(indexed).toEqual([{ rows: catalogue.count, of: 2 * catalogue.count }, { rows: 2 * catalogue.count, of: 2 * catalogue.count }]);
  });

  for (const walk of ['graph', 'scan'] as const) {
    it(`never loses the molecule an exhaustive stage 1 ranks first for a self-query, even explored narrowly (${walk})`, async () => {
      const every = Uint32Array.from({ length: catalogue.count }, (_, row) => row);
      // Eight rows a probe out of 80: the graph walk, not the catalogue's size, has to find them.
      // The scan keeps each probe's eight nearest rows by the index metric (a few more where they tie).
      const narrow = { conformers: 1, expansion: 8 };
      const target = walkedOrScanned(walk);
      let checked = 0;
      for (let row = 0; row < target.count; row++) {
        const encoded = target.shape!.model(row);
        if (encoded.byteLength === 0) continue;
        const query = decodeModel(encoded);
        const [first] = await rankRows(target, every, query, 'espsim_shape', 'fast', 1);
        const found = await indexCandidates(target, query, 'fast', narrow, walk);
        if (walk === 'graph') expect(found.length).toBeLessThanOrEqual(4 * narrow.expansion);
        expect([...found]).toContain(first);
        checked++;
      }
      expect(checked).toBeGreaterThan(ROWS * 0.9);
    });
  }

  it("scans the index vectors exactly: a row's score is its best Tanimoto over the probes", async () => {
    const query = decodeModel(scanned.shape!.model(11));
    const probe = { conformers: 2, expansion: 64 };
    const path = (await scanned.shape!.index(probe.expansion)).vectors!;
    const vectors = queryIndexVectors(query, probe.conformers);
    const byRow = scanIndexVectors(path, scanned.count, packIndexVectors(vectors));
    const file = readFileSync(path);
    // The Tanimoto of each row's own vector (its first conformer, rebuilt from its model) with each probe,
    // over the 1,048 bits the scan compares (it leaves out a vector's last byte, where usearch keeps stray bits).
    const bits = INDEX_BITS - 2;
    const probes = vectors.length / INDEX_BITS;
    let compared = 0;
    for (let row = 0; row < scanned.count; row++) {
      const own = new Int8Array(INDEX_BITS);
      if (!rowIndexVector(scanned.shape!.model(row), own, 0)) continue;
      expect([...file.subarray(row * INDEX_VECTOR_BYTES, (row + 1) * INDEX_VECTOR_BYTES)]).toEqual([...packIndexVectors(own)]);
      let best = 0;
      for (let p = 0; p < probes; p++) {
        let common = 0;
        let union = 0;
        for (let b = 0; b < bits; b++) {
          const x = own[b]! > 0, y = vectors[p * INDEX_BITS + b]! > 0;
          if (x && y) common++;
          if (x || y) union++;
        }
        best = Math.max(best, union === 0 ? 0 : common / union);
      }
      expect(byRow[row]).toBeCloseTo(best, 6);
      compared++;
    }
    expect(compared).toBeGreaterThan(ROWS * 0.9);
    // And the scan's candidates hold each probe's nearest rows: every row nearer a probe than its fifth nearest.
    const found = await indexCandidates(scanned, query, 'fast', { conformers: 2, expansion: 5 }, 'scan');
    expect(found.length).toBeLessThan(scanned.count / 2);
    const kept = new Set(found);
    const packed = packIndexVectors(vectors);
    for (let p = 0; p < probes; p++) {
      const scores = scanIndexVectors(path, scanned.count, packed.subarray(p * INDEX_VECTOR_BYTES, (p + 1) * INDEX_VECTOR_BYTES));
      const fifth = [...scores].sort((a, b) => b - a)[4]!;
      expect([...scores.keys()].filter((row) => scores[row]! > fifth + 1 / 4096 && !kept.has(row))).toEqual([]);
      expect([...scores.keys()].filter((row) => scores[row]! >= fifth && kept.has(row)).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('refuses vectors or a graph that are damaged or cut short, by name', async () => {
    // A walked catalogue keeps its graphs in place of the vectors' files; conformer-vectors.test.ts damages the
    // vectors of other conformers, which a scanned catalogue alone keeps.
    for (const [id, name] of [['NCI-3D-SCANNED', SHAPE_INDEX_FILES.vectors], ['NCI-3D', SHAPE_INDEX_FILES.graph], ['NCI-3D', CHARGE_GRAPH.graph]] as const) {
      const damaged = await copyCatalogue(dataDir, id, {
        into: join(dir, `damaged-${name}`),
        change: async (_, folder) => {
          const bytes = await readFile(join(folder, name));
          bytes[3 * INDEX_VECTOR_BYTES + 7] = bytes[3 * INDEX_VECTOR_BYTES + 7]! ^ 0xff;
          await writeFile(join(folder, name), bytes);
        },
      });
      await expect((await openCatalogue(join(damaged, '..', '..'), id)).shape!.index(16)).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(name) });
      const cut = await copyCatalogue(dataDir, id, { into: join(dir, `cut-${name}`), change: (_, folder) => truncate(join(folder, name), 5 * INDEX_VECTOR_BYTES) });
      await expect(openCatalogue(join(cut, '..', '..'), id)).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringContaining(name) });
    }
  });

  it('walks a graph only where the catalogue has one: one of at most INDEX_WALK.exhaustiveRows rows gets none by default', async () => {
    const small = join(dir, 'small');
    await importCatalogue({ files: [join(dir, 'nci.smi')], id: 'NCI-SMALL', dataDir: small, workers: 2, limit: 20, shape: { conformers: 2, seed: 42, timeBudgetMs: 60_000 } });
    const plain = await openCatalogue(small, 'NCI-SMALL');
    expect(plain.manifest.files.map((file) => file.name)).not.toContain(SHAPE_INDEX_FILES.graph);
    // ... and a walked one no vectors of its rows' other conformers, which a scan alone reads, and its charge
    // vectors as a graph in their file's place.
    const plainFiles = plain.manifest.files.map((file) => file.name);
    const walkedFiles = catalogue.manifest.files.map((file) => file.name);
    expect(plainFiles).toEqual(expect.arrayContaining([SHAPE_INDEX_FILES.conformerVectors, CHARGE_INDEX_FILE]));
    expect(plainFiles).not.toContain(CHARGE_GRAPH.graph);
    expect(walkedFiles).toContain(CHARGE_GRAPH.graph);
    expect(walkedFiles).not.toContain(SHAPE_INDEX_FILES.conformerVectors);
    expect(walkedFiles).not.toContain(CHARGE_INDEX_FILE);
    // Nor its volume vectors' file, which its volume graph holds again: it is walked, and asked to scan, refuses by name.
    expect(plainFiles).toContain(SHAPE_INDEX_FILES.vectors);
    expect(walkedFiles).not.toContain(SHAPE_INDEX_FILES.vectors);
    const own = decodeModel(catalogue.shape!.model(3));
    expect([...(await indexCandidates(catalogue, own, 'fast', { conformers: 1, expansion: 4 }, 'auto'))]).toContain(3);
    await expect(indexCandidates(catalogue, own, 'fast', { conformers: 1, expansion: 4 }, 'scan')).rejects.toMatchObject({ code: 'METHOD_UNAVAILABLE', message: expect.stringContaining('NCI-3D') });
    const query = decodeModel(plain.shape!.model(3));
    expect([...(await indexCandidates(plain, query, 'fast', { conformers: 1, expansion: 4 }))]).toContain(3);
    await expect(indexCandidates(plain, query, 'fast', { conformers: 1, expansion: 4 }, 'graph')).rejects.toMatchObject({ code: 'METHOD_UNAVAILABLE' });
  });

  it("still reads a walked catalogue written with its volume vectors' file, walking it and, asked to, scanning it", async () => {
    const folder = await copyCatalogue(dataDir, 'NCI-3D', {
      into: join(dir, 'walked-with-vectors'),
      change: async (manifest, at) => {
        await copyFile(join(catalogueDir(dataDir, 'NCI-3D-SCANNED'), SHAPE_INDEX_FILES.vectors), join(at, SHAPE_INDEX_FILES.vectors));
        manifest.files.push(await describeFile(at, SHAPE_INDEX_FILES.vectors));
      },
    });
    const earlier = await openCatalogue(join(folder, '..', '..'), 'NCI-3D');
    const query = decodeModel(earlier.shape!.model(17));
    const probe = { conformers: 2, expansion: 16 };
    expect([...(await indexCandidates(earlier, query, 'fast', probe, 'graph'))]).toEqual([...(await indexCandidates(catalogue, query, 'fast', probe, 'graph'))]);
    expect([...(await indexCandidates(earlier, query, 'fast', probe, 'scan'))]).toEqual([...(await indexCandidates(scanned, query, 'fast', probe, 'scan'))]);
  });

  it('finds rows in catalogue row order, each once, and more of them when explored more widely', async () => {
    const query = decodeModel(catalogue.shape!.model(7));
    const narrow = await indexCandidates(catalogue, query, 'fast', { conformers: 1, expansion: 8 }, 'graph');
    const wide = await indexCandidates(catalogue, query, 'fast', { conformers: 2, expansion: 32 }, 'graph');
    for (const rows of [narrow, wide]) expect([...rows]).toEqual([...new Set(rows)].sort((a, b) => a - b));
    expect(wide.length).toBeGreaterThan(narrow.length);
  });
  it('asks the probes again for more rows each when they find fewer rows than the probes they are worth, and not otherwise', async () => {
    const query = decodeModel(catalogue.shape!.model(7));
    for (const walk of ['scan', 'graph'] as const) {
      const target = walkedOrScanned(walk);
      const once = { conformers: 1, expansion: 4 };
      const asked = await indexCandidates(target, query, 'fast', once, walk);
      // One conformer's four flips keep at most 16 rows (a few more where the scan's bins tie): fewer than
      // three probes' worth, 48, so the probes are asked again for as many rows as that takes, up to four times.
      const least = 3 * 4 * once.expansion;
      expect(asked.length).toBeLessThan(least);
      const widen = Math.min(INDEX_WIDEN_LIMIT, Math.ceil(least / asked.length));
      expect(widen).toBeGreaterThan(1);
      const widened = await indexCandidates(target, query, 'fast', { ...once, leastProbes: 3 }, walk);
      const wider = await indexCandidates(target, query, 'fast', { ...once, expansion: once.expansion * widen }, walk);
      expect([...widened]).toEqual([...wider]);
      expect(widened.length).toBeGreaterThan(asked.length);
      // Rows enough already: asked once.
      const enough = await indexCandidates(target, query, 'fast', { ...once, leastProbes: asked.length / (4 * once.expansion) }, walk);
      expect([...enough]).toEqual([...asked]);
    }
  });
  it('finds the same rows on every walk of the graph, on one thread or two, and ranks them the same here or on the grid pool', async () => {
    const pool = createGridPool(2);
    try {
      for (const [row, walk] of [[3, 'graph'], [17, 'graph'], [41, 'graph'], [3, 'scan'], [41, 'scan']] as const) {
        const target = walkedOrScanned(walk);
        const query = decodeModel(target.shape!.model(row));
        const probe = { conformers: 2, expansion: 16 };
        const found = await indexCandidates(target, query, 'fast', probe, walk);
        expect([...(await indexCandidates(target, query, 'fast', probe, walk))]).toEqual([...found]);
        expect([...(await indexCandidates(target, query, 'fast', probe, walk, false, 2))]).toEqual([...found]);
        for (const method of ['espsim_shape', 'espsim_electrostatic'] as const) {
          const here = await rankRows(target, found, query, method, 'fast', 10);
          expect([...(await rankRows(target, found, query, method, 'fast', 10, poolRunner(pool)))]).toEqual([...here]);
        }
      }
    } finally {
      await pool.close();
    }
  });
  it("walks the charge graph as well for an electrostatic search: the rows found are the volume walk's and the charge walk's", async () => {
    const probe = { conformers: 2, expansion: 8 };
    const { chargeGraph } = await catalogue.shape!.index(probe.expansion);
    let byChargesOnly = 0;
    for (const row of [3, 17, 41, 60]) {
      const query = decodeModel(catalogue.shape!.model(row));
      const volume = await indexCandidates(catalogue, query, 'fast', probe, 'graph');
      const both = await indexCandidates(catalogue, query, 'fast', probe, 'graph', true);
      // The charge graph asked directly for each of the query's charge vectors' nearest rows.
      const chargeProbes = unpackIndexVectors(queryChargeVectors(query, probe.conformers));
      const probes = Array.from({ length: chargeProbes.length / INDEX_BITS }, (_, j) => {
        const vector = new Int8Array(INDEX_GRAPH_DIMENSIONS);
        vector.set(chargeProbes.subarray(j * INDEX_BITS, (j + 1) * INDEX_BITS));
        return vector;
      });
      const matches = chargeGraph!.search(probes, probe.expansion, 1);
      const byCharges = probes.flatMap((_, j) => Array.from(matches.keys.subarray(j * probe.expansion, j * probe.expansion + Number(matches.counts[j])), Number));
      expect(byCharges).toContain(row);
      expect([...both]).toEqual([...new Set([...volume, ...byCharges])].sort((a, b) => a - b));
      expect([...(await indexCandidates(catalogue, query, 'fast', probe, 'graph', true, 2))]).toEqual([...both]);
      byChargesOnly += both.length - volume.length;
    }
    expect(byChargesOnly).toBeGreaterThan(0);
  });

  it('builds the same graph from the same vectors every time, whatever memory the process used before', async () => {
    const graphs: Buffer[] = [await readFile(join(catalogueDir(dataDir, 'NCI-3D'), SHAPE_INDEX_FILES.graph))];
    for (const copy of ['again-1', 'again-2']) {
      const folder = await copyCatalogue(dataDir, 'NCI-3D', { into: join(dir, copy), change: (manifest, at) => rebuildGraph(manifest, at, (count) => writeIndexGraph(at, count, 1)) });
      graphs.push(await readFile(join(folder, SHAPE_INDEX_FILES.graph)));
    }
    expect(graphs[1]!.equals(graphs[0]!)).toBe(true);
    expect(graphs[2]!.equals(graphs[0]!)).toBe(true);
    expect((await catalogue.shape!.index(8)).graph?.dimensions()).toBe(INDEX_GRAPH_DIMENSIONS);
  });

  it('still walks a graph written at INDEX_BITS dimensions, before graphs were padded to whole bytes', async () => {
    const folder = await copyCatalogue(dataDir, 'NCI-3D', {
      into: join(dir, 'unpadded'),
      change: (manifest, at) => rebuildGraph(manifest, at, (count) => writeIndexGraph(at, count, 1, INDEX_BITS)),
    });
    const unpadded = await openCatalogue(join(folder, '..', '..'), 'NCI-3D');
    expect((await unpadded.shape!.index(8)).graph?.dimensions()).toBe(INDEX_BITS);
    const query = decodeModel(unpadded.shape!.model(3));
    expect([...(await indexCandidates(unpadded, query, 'fast', { conformers: 2, expansion: 32 }, 'graph'))]).toContain(3);
  });
});

/**
 * Rewrites the graph of a catalogue copy with `build` (given the row count) and its manifest entry to match,
 * from the volume vectors of the scanned import of the same rows, which the walked one keeps in its graph alone.
 */
async function rebuildGraph(manifest: CatalogueManifest, folder: string, build: (count: number) => Promise<unknown>): Promise<void> {
  const vectors = join(folder, SHAPE_INDEX_FILES.vectors);
  await copyFile(join(catalogueDir(dataDir, 'NCI-3D-SCANNED'), SHAPE_INDEX_FILES.vectors), vectors);
  await build(manifest.count);
  await rm(vectors);
  const file = await describeFile(folder, SHAPE_INDEX_FILES.graph);
  manifest.files = manifest.files.map((entry) => (entry.name === file.name ? file : entry));
}
