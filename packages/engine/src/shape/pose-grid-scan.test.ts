import { AXIS_SIGN_FLIPS, encodeModel, espOverlap, espSelfOverlap, loadRDKit } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowSites } from '../features/charge-sites.ts';
import { catalogueGridRow, principalCoordinates, queryGrids } from '../features/pose-grid.ts';
import { shapeFeatures } from '../features/shape-features.ts';
import type { EspSiteColumn } from '../format/charge-site-layout.ts';
import { GRID_BYTES, GRID_ROW_BYTES, GRID_SLOTS } from '../format/grid-layout.ts';
import { querySites } from './charge-lattice.ts';
import { bestRows } from './grid-candidates.ts';
import { createGridPool, poolRunner } from './grid-pool.ts';
import { PoseGridColumn, RUN_HERE } from './pose-grid-scan.ts';

const SMILES = ['CC(=O)Nc1ccc(O)cc1', 'OC(=O)c1ccccc1O', 'CCCCCCCCCCO', 'c1ccc2ccccc2c1', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O'];
const models: Model3D[] = [];

beforeAll(async () => {
  await loadRDKit();
  for (const smiles of SMILES) models.push(shapeFeatures(smiles, { conformers: 4, seed: 7, timeBudgetMs: 5000 })!.model);
});

/** The charge sites of encoded models, laid out as the catalogue stores them (format/charge-site-layout.ts). */
function siteColumn(encoded: Uint8Array[]): EspSiteColumn {
  const rows = encoded.map(rowSites);
  const offsets = new Uint32Array(rows.length * GRID_SLOTS + 1);
  rows.forEach((row, r) => row.counts.forEach((count, s) => (offsets[r * GRID_SLOTS + s + 1] = offsets[r * GRID_SLOTS + s]! + count)));
  const records = new Float32Array(4 * offsets[offsets.length - 1]!);
  const selfOverlaps = new Float64Array(rows.length * GRID_SLOTS);
  rows.forEach((row, r) => {
    records.set(row.records, 4 * offsets[r * GRID_SLOTS]!);
    selfOverlaps.set(row.selfOverlaps, r * GRID_SLOTS);
  });
  return { offsets, records, selfOverlaps };
}

function popcount(bytes: Uint8Array): number {
  let total = 0;
  for (const byte of bytes) for (let v = byte; v; v &= v - 1) total++;
  return total;
}

/** The grid Tanimoto of every pair, by plain JavaScript: what the SIMD kernel must reproduce. */
function reference(column: Uint8Array, rows: number, query: { grids: Uint8Array; count: number }): number[] {
  return Array.from({ length: rows }, (_, row) => {
    let best = 0;
    for (let s = 0; s < GRID_SLOTS; s++) {
      const b = column.subarray(row * GRID_ROW_BYTES + s * GRID_BYTES, row * GRID_ROW_BYTES + (s + 1) * GRID_BYTES);
      const pb = popcount(b);
      if (pb === 0) continue;
      for (let j = 0; j < query.count; j++) {
        const a = query.grids.subarray(j * GRID_BYTES, (j + 1) * GRID_BYTES);
        const common = popcount(a.map((byte, i) => byte & b[i]!));
        best = Math.max(best, common / (popcount(a) + pb - common));
      }
    }
    return best;
  });
}

describe('stage-1 volume grids', () => {
  it('scores every row as the plain pairwise grid Tanimoto, and a molecule 1 against itself', async () => {
    const column = new Uint8Array(models.length * GRID_ROW_BYTES);
    models.forEach((model, row) => catalogueGridRow(encodeModel(model), column, row * GRID_ROW_BYTES));
    const kernel = new PoseGridColumn(column, models.length);
    for (const [q, model] of models.entries()) {
      const query = queryGrids(model, 4);
      const { scores, pairs } = await kernel.scan(query, 0);
      const expected = reference(column, models.length, query);
      scores.forEach((score, row) => expect(score).toBeCloseTo(expected[row]!, 6));
      expect(scores[q]).toBe(1);
      expect(pairs[q]).toBeGreaterThanOrEqual(0);
      expect(Math.max(...scores.filter((_, row) => row !== q))).toBeLessThan(1);
      // Refining the two best pairs by coarse grids finds some pair's fine score: never above the best.
      const refined = await kernel.scan(query, 2);
      refined.scores.forEach((score, row) => expect(score).toBeLessThanOrEqual(scores[row]! + 1e-7));
      expect(refined.scores[q]).toBe(1);
      // Each row lists its refined pairs with their fine Tanimoto, the row's score among them.
      const poses = kernel.refinedPoses();
      expect(poses.perRow).toBe(2);
      expect(poses.pairs.length).toBe(2 * models.length);
      refined.scores.forEach((score, row) => {
        const listed = [0, 1].map((k) => poses.scores[2 * row + k]!);
        expect(Math.max(...listed)).toBe(score);
        expect(poses.pairs[2 * row + listed.indexOf(score)]).toBe(refined.pairs[row]);
      });
      // Without fine grids the same pairs are refined, each keeping its coarse Tanimoto (another number).
      await kernel.scan(query, 2, undefined, false);
      const coarse = kernel.refinedPoses();
      expect([...coarse.pairs]).toEqual([...poses.pairs]);
      expect(coarse.scores[2 * q]).toBe(1);
      expect([...coarse.scores]).not.toEqual([...poses.scores]);
    }
  });

  it('gives a row without conformers no score, and refuses a column of the wrong size', async () => {
    const column = new Uint8Array(2 * GRID_ROW_BYTES);
    catalogueGridRow(encodeModel(models[0]!), column, 0);
    catalogueGridRow(new Uint8Array(0), column, GRID_ROW_BYTES);
    const { scores, pairs } = await new PoseGridColumn(column, 2).scan(queryGrids(models[0]!, 2), 2);
    expect(scores[1]).toBe(0);
    expect(pairs[1]).toBe(-1);
    expect(() => new PoseGridColumn(column.subarray(1), 2)).toThrow(/re-import/);
  });

  it('scores charges at the refined grid poses close to the direct Carbó pair sum, the query itself best', async () => {
    const encoded = models.map((model) => encodeModel(model));
    const column = new Uint8Array(models.length * GRID_ROW_BYTES);
    encoded.forEach((bytes, row) => catalogueGridRow(bytes, column, row * GRID_ROW_BYTES));
    const sites = siteColumn(encoded);
    const query = models[5]!;
    const grids = queryGrids(query, 3);
    const kernel = new PoseGridColumn(column, models.length);
    kernel.placeSites(sites);
    const scan = await kernel.scan(grids, 3);
    const refined = kernel.refinedPoses();
    const lattices = querySites(query, grids);
    const direct = (row: number, pair: number) => {
      const j = pair % grids.count;
      const flip = AXIS_SIGN_FLIPS[j & 3]!;
      const a = principalCoordinates(query, grids.conformers[j >> 2]!, true).map((v, i) => v * flip[i % 3]!);
      const b = principalCoordinates(models[row]!, Math.floor(pair / grids.count), true);
      const ab = espOverlap(a, query.charges, query.charges.length, b, models[row]!.charges, models[row]!.charges.length);
      const self = espSelfOverlap(a, query.charges, query.charges.length) * espSelfOverlap(b, models[row]!.charges, models[row]!.charges.length);
      return (ab / Math.sqrt(self) + 1) / 2;
    };
    for (const margin of [0, 0.9]) {
      const scores = await kernel.chargeScores({ query: lattices, queryCount: grids.count, margin });
      scores.forEach((score, row) => {
        const poses = [0, 1, 2].map((k) => 3 * row + k).filter((k) => refined.pairs[k]! >= 0 && refined.scores[k]! >= margin * scan.scores[row]!);
        const expected = Math.max(...poses.map((k) => direct(row, refined.pairs[k]!)));
        // The lattice flattens the kernel's peak where sites coincide: a molecule against itself reads about 0.91.
        expect(Math.abs(score - expected)).toBeLessThan(row === 5 ? 0.1 : 0.015);
      });
      expect(Math.max(...scores)).toBe(scores[5]);
    }
  });

  it('gives the same scores split in parts over worker threads as in one part here', async () => {
    const encoded = models.map((model) => encodeModel(model));
    const column = new Uint8Array(models.length * GRID_ROW_BYTES);
    encoded.forEach((bytes, row) => catalogueGridRow(bytes, column, row * GRID_ROW_BYTES));
    const kernel = new PoseGridColumn(column, models.length);
    kernel.placeSites(siteColumn(encoded));
    const query = models[2]!;
    const grids = queryGrids(query, 3);
    const lattices = querySites(query, grids);
    const run = async (runner: typeof RUN_HERE) => {
      const scan = await kernel.scan(grids, 2, runner);
      const poses = kernel.refinedPoses();
      const charges = await kernel.chargeScores({ query: lattices, queryCount: grids.count, margin: 0.8 }, runner);
      return { ...scan, poses, charges };
    };
    const here = await run(RUN_HERE);
    expect(here.scores.filter((score) => score > 0).length).toBe(models.length);
    const pool = createGridPool(2);
    try {
      for (const runner of [poolRunner(pool), { parts: 4, run: RUN_HERE.run }]) expect(await run(runner)).toEqual(here);
    } finally {
      await pool.close();
    }
  });

  it('keeps the best rows, ties at the cut to the lower rows, never a row scored 0', () => {
    const scores = Float32Array.from([0.2, 0.9, 0, 0.5, 0.5, 0.5, 0.1]);
    expect([...bestRows(scores, 3)]).toEqual([1, 3, 4]);
    expect([...bestRows(scores, 10)]).toEqual([0, 1, 3, 4, 5, 6]);
  });

  it('selects the same rows as ranking every score, on many ties', () => {
    // Scores on a coarse ladder, so most cuts fall inside a run of equal scores.
    let state = 7;
    const scores = Float32Array.from({ length: 5000 }, () => ((state = (state * 1103515245 + 12345) % 2147483648) % 40) / 40);
    for (const wanted of [1, 17, 500, 2500, 4800]) {
      const ranked = Array.from(scores.keys())
        .filter((row) => scores[row]! > 0)
        .sort((a, b) => scores[b]! - scores[a]! || a - b)
        .slice(0, wanted)
        .sort((a, b) => a - b);
      expect([...bestRows(scores, wanted)]).toEqual(ranked);
    }
  });
});
