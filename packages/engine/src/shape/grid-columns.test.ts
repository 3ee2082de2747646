import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeModel } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { rowSites } from '../features/charge-sites.ts';
import { catalogueGridRow, queryGrids } from '../features/pose-grid.ts';
import { GRID_ROW_BYTES, GRID_SLOTS } from '../format/grid-layout.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { querySites } from './charge-lattice.ts';
import { BUILD_HERE, candidateColumn } from './grid-columns.ts';
import { createGridPool, poolBuilder, poolRunner } from './grid-pool.ts';
import type { GridPool } from './grid-pool.ts';
import { PoseGridColumn, RUN_HERE } from './pose-grid-scan.ts';
import { shapeQuery } from './shape-query.ts';
import { ESP_SHAPE_ESTIMATE, STAGE1_QUERY_CONFORMERS, STAGE1_REFINED_PAIRS, STAGE1_SHAPE_SHIFTS, bestRows, columnScores, electrostaticColumnScores } from './grid-candidates.ts';
import { bestOfSources, candidateSources, catalogueElectrostaticForm, stage1Union } from './shape-search.ts';

// The first real molecules of the shared Chemspace sample.
const CATALOGUE = join(import.meta.dirname, '../../../../../shared/data/catalogs/chemspace_screening.smi.gz');
const ROWS = 40;

let dir: string;
let catalogue: Catalogue;
let pool: GridPool;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-grid-columns-'));
  const dataDir = join(dir, 'data');
  await importCatalogue({ files: [CATALOGUE], id: 'CHEMSPACE-3D', dataDir, workers: 2, limit: ROWS, shape: { conformers: GRID_SLOTS, seed: 42, timeBudgetMs: 2000 } });
  catalogue = await openCatalogue(dataDir, 'CHEMSPACE-3D');
  pool = createGridPool(2);
}, 300_000);

afterAll(async () => {
  await pool?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The column built as stage 1 built it before its grids were built in parts: a row at a time here, then copied in. */
function columnRowByRow(rows: Uint32Array): PoseGridColumn {
  const encoded = Array.from(rows, (row) => catalogue.shape!.model(row));
  const grids = new Uint8Array(rows.length * GRID_ROW_BYTES);
  encoded.forEach((bytes, i) => catalogueGridRow(bytes, grids, i * GRID_ROW_BYTES));
  const sites = encoded.map(rowSites);
  const offsets = new Uint32Array(rows.length * GRID_SLOTS + 1);
  sites.forEach((row, r) => row.counts.forEach((count, s) => (offsets[r * GRID_SLOTS + s + 1] = offsets[r * GRID_SLOTS + s]! + count)));
  const records = new Float32Array(4 * offsets[offsets.length - 1]!);
  const selfOverlaps = new Float64Array(rows.length * GRID_SLOTS);
  sites.forEach((row, r) => {
    records.set(row.records, 4 * offsets[r * GRID_SLOTS]!);
    selfOverlaps.set(row.selfOverlaps, r * GRID_SLOTS);
  });
  const column = new PoseGridColumn(grids, rows.length);
  column.placeSites({ offsets, records, selfOverlaps });
  return column;
}

/** Everything a column gives a query, as bytes: both scans' scores and best pairs, the refined poses and the charge scores; and the best score. */
async function readings(column: PoseGridColumn, query: Model3D): Promise<{ bytes: string[]; best: number }> {
  const bytes = (values: Float32Array | Int32Array) => Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('hex');
  const grids = queryGrids(query, 4);
  const every = await column.scan(grids, 0, RUN_HERE);
  const refined = await column.scan(grids, 8, RUN_HERE);
  const poses = column.refinedPoses();
  const charges = await column.chargeScores({ query: querySites(query, grids), queryCount: grids.count, margin: 0 }, RUN_HERE);
  return { bytes: [every.scores, every.pairs, refined.scores, refined.pairs, poses.pairs, poses.scores, charges].map(bytes), best: Math.max(...every.scores) };
}

/** The catalogue as one whose models are not in a local file: the parts are sent their models' bytes. */
function withoutModelFile(): Catalogue {
  const shape = catalogue.shape!;
  return { ...catalogue, shape: { model: (row) => shape.model(row), index: (expansion) => shape.index(expansion) } };
}

describe('the candidate grids of stage 1', () => {
  it('are the same, bit for bit, built in parts on the grid pool, in parts here, and a row at a time', async () => {
    const every = Uint32Array.from({ length: catalogue.count }, (_, row) => row);
    const some = every.filter((row) => row % 3 !== 1);
    const query = decodeModel(catalogue.shape!.model(11));
    for (const rows of [every, some]) {
      const expected = await readings(columnRowByRow(rows), query);
      // A self-query ranks itself first, so the readings are not of empty grids.
      expect(expected.best).toBeGreaterThan(0.9);
      const built = [
        await candidateColumn(catalogue, rows, true),
        await candidateColumn(catalogue, rows, true, poolBuilder(pool), poolRunner(pool)),
        await candidateColumn(withoutModelFile(), rows, true, poolBuilder(pool), poolRunner(pool)),
        await candidateColumn(withoutModelFile(), rows, true, BUILD_HERE, RUN_HERE),
      ];
      for (const column of built) expect(await readings(column, query)).toEqual(expected);
    }
  });

  it('reads alike on the memory of a released column, which can no longer be read', async () => {
    const every = Uint32Array.from({ length: catalogue.count }, (_, row) => row);
    const some = every.filter((row) => row % 5 === 2);
    const query = decodeModel(catalogue.shape!.model(12));
    const expected = await readings(columnRowByRow(some), query);
    // A larger column with every region written, grids, scans, charge sites and charge scores, given back.
    const written = await candidateColumn(catalogue, every, true, poolBuilder(pool), poolRunner(pool));
    await readings(written, query);
    written.release();
    await expect(written.scan(queryGrids(query, 4), 0, RUN_HERE)).rejects.toThrow('The grid column was released');
    for (const charges of [true, false]) {
      const reused = await candidateColumn(catalogue, some, charges, poolBuilder(pool), poolRunner(pool));
      const grids = queryGrids(query, 4);
      const scores = (await reused.scan(grids, 8, RUN_HERE)).scores;
      if (charges) expect(await readings(reused, query)).toEqual(expected);
      else expect(Buffer.from(scores.buffer).toString('hex')).toBe(expected.bytes[2]);
      reused.release();
    }
  });

  it('builds the shape stage 1\'s grids from the heavy atoms alone to the same bits as from whole models', async () => {
    const rows = Uint32Array.from({ length: catalogue.count }, (_, row) => row).filter((row) => row % 4 !== 2);
    const query = decodeModel(catalogue.shape!.model(7));
    const shapeReadings = async (column: PoseGridColumn) => {
      const grids = queryGrids(query, 4);
      const [every, refined] = [await column.scan(grids, 0, RUN_HERE), await column.scan(grids, 8, RUN_HERE)];
      return [every.scores, every.pairs, refined.scores, refined.pairs].map((values) => Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('hex'));
    };
    const expected = await shapeReadings(columnRowByRow(rows));
    for (const column of [await candidateColumn(catalogue, rows, false), await candidateColumn(withoutModelFile(), rows, false, poolBuilder(pool), poolRunner(pool))]) {
      expect(await shapeReadings(column)).toEqual(expected);
    }
  });

  it('builds no charge sites for the shape stage 1, on the pool or here', async () => {
    const rows = Uint32Array.from({ length: 9 }, (_, i) => 4 * i);
    for (const column of [await candidateColumn(catalogue, rows, false), await candidateColumn(catalogue, rows, false, poolBuilder(pool), poolRunner(pool))]) {
      expect(column.hasSites).toBe(false);
      expect(column.rows).toBe(rows.length);
    }
    const empty = await candidateColumn(catalogue, new Uint32Array(0), true, poolBuilder(pool), poolRunner(pool));
    expect(empty.rows).toBe(0);
  });

  it('gives the search the same stage-1 candidates with the grid pool as without', async () => {
    const query = await shapeQuery('CC(=O)Nc1ccc(O)cc1');
    for (const method of ['espsim_shape', 'espsim_electrostatic'] as const) {
      const sources = candidateSources(method, catalogueElectrostaticForm(catalogue), 12);
      const here = await stage1Union(catalogue, query, sources, 'fast');
      expect(here.length).toBeGreaterThan(5);
      expect([...(await stage1Union(catalogue, query, sources, 'fast', pool))]).toEqual([...here]);
    }
  });

  it('scores a row for shape by the mean of its best grid Tanimotos with the query grids at each place along the first axis', async () => {
    const query = await shapeQuery('CC(C)Cc1ccc(cc1)C(C)C(=O)O');
    const rows = Uint32Array.from({ length: catalogue.count }, (_, i) => i);
    const column = await candidateColumn(catalogue, rows, false);
    for (const quality of ['fast', 'accurate', 'very_accurate'] as const) {
      const shifts = STAGE1_SHAPE_SHIFTS[quality];
      const scans: Float32Array[] = [];
      for (const shift of shifts) {
        scans.push((await column.scan(queryGrids(query.model, STAGE1_QUERY_CONFORMERS.espsim_shape[quality], shift), STAGE1_REFINED_PAIRS.espsim_shape[quality], RUN_HERE)).scores);
      }
      const scores = await columnScores(column, query.model, 'espsim_shape', quality);
      rows.forEach((row) => expect(scores[row]).toBeCloseTo(scans.reduce((sum, scan) => sum + scan[row]!, 0) / shifts.length, 6));
      if (shifts.length > 1) {
        // The places disagree on some rows, so the mean is not any one place's score.
        expect(scans.some((scan) => scan.some((score, row) => score !== scans[0]![row]))).toBe(true);
      } else {
        expect([...scores]).toEqual([...scans[0]!]);
      }
    }
  });

  it('ranks electrostatic candidates by the mean of their shape and charge estimates, as the score of today\'s charge model averages the two', async () => {
    const query = await shapeQuery('O=C(O)Cc1ccccc1Nc1c(Cl)cccc1Cl');
    expect(catalogueElectrostaticForm(catalogue)).toBe('shape_tanimoto');
    const sources = candidateSources('espsim_electrostatic', 'shape_tanimoto', 12);
    expect(sources).toEqual([{ method: 'espsim_electrostatic', wanted: 12, withShape: true }]);
    const rows = Uint32Array.from({ length: catalogue.count }, (_, i) => i);
    const column = await candidateColumn(catalogue, rows, true);
    const shape = await columnScores(column, query.model, 'espsim_shape', 'fast');
    const charges = await columnScores(column, query.model, 'espsim_electrostatic', 'fast');
    const byMean = bestRows(shape.map((score, i) => (score + charges[i]!) / 2), 12);
    expect([...(await bestOfSources(column, query.model, sources, 'fast', RUN_HERE))]).toEqual([...byMean]);
    // Neither estimate alone picks these rows.
    expect([...bestRows(charges, 12)]).not.toEqual([...byMean]);
    expect([...bestRows(shape, 12)]).not.toEqual([...byMean]);
    // The older Carbó score ranks by the charges alone.
    expect([...(await bestOfSources(column, query.model, candidateSources('espsim_electrostatic', 'carbo', 12), 'fast', RUN_HERE))]).toEqual([...bestRows(charges, 12)]);
  });

  it('takes an electrostatic candidate\'s shape from the fine grids at its refined poses where the quality says so, its charge estimate unchanged', async () => {
    const query = await shapeQuery('O=C(O)Cc1ccccc1Nc1c(Cl)cccc1Cl');
    const rows = Uint32Array.from({ length: catalogue.count }, (_, i) => i);
    const column = await candidateColumn(catalogue, rows, true);
    const sources = candidateSources('espsim_electrostatic', 'shape_tanimoto', 12);
    for (const quality of ['fast', 'accurate', 'very_accurate'] as const) {
      const charges = await columnScores(column, query.model, 'espsim_electrostatic', quality);
      const both = await electrostaticColumnScores(column, query.model, quality, RUN_HERE, true);
      // Reading the refined pairs' fine grids leaves the charges' poses as they were.
      expect(Buffer.from(both.charges.buffer).equals(Buffer.from(charges.buffer))).toBe(true);
      const grids = queryGrids(query.model, STAGE1_QUERY_CONFORMERS.espsim_electrostatic[quality]);
      expect([...both.grids!]).toEqual([...(await column.scan(grids, STAGE1_REFINED_PAIRS.espsim_electrostatic[quality], RUN_HERE)).scores]);
      const shape = ESP_SHAPE_ESTIMATE[quality] === 'refined' ? both.grids! : await columnScores(column, query.model, 'espsim_shape', quality);
      expect([...(await bestOfSources(column, query.model, sources, quality, RUN_HERE))]).toEqual([...bestRows(charges.map((score, i) => (score + shape[i]!) / 2), 12)]);
    }
    expect(Object.values(ESP_SHAPE_ESTIMATE)).toContain('refined');
    column.release();
  });
});
