import { encodeModel, loadRDKit } from '@molsearch/chem';
import { beforeAll, describe, expect, it } from 'vitest';
import { SiteRecords, rowSites } from '../features/charge-sites.ts';
import { catalogueGridRow } from '../features/pose-grid.ts';
import { shapeFeatures } from '../features/shape-features.ts';
import { COARSE_GRID_BYTES, GRID_BYTES, GRID_ROW_BYTES, GRID_SLOTS } from '../format/grid-layout.ts';
import { packBytes } from '../format/packed-bytes.ts';
import { keepSitesInLattice } from './charge-lattice.ts';
import { buildGridPart } from './grid-part.ts';

// A long flexible acid, a charged amine, small rigid rings, and an empty row (a molecule without conformers).
const SMILES = ['CCCCCCCCCCCCCCCCCC(=O)O', 'C[NH+](C)CCC(c1ccccc1)c1ccccn1', 'c1ccccc1', 'CC(=O)Nc1ccc(O)cc1'];
const encoded: Uint8Array[] = [];

beforeAll(async () => {
  await loadRDKit();
  for (const smiles of SMILES) encoded.push(encodeModel(shapeFeatures(smiles, { conformers: 4, seed: 5, timeBudgetMs: 5000 })!.model));
  encoded.push(new Uint8Array(0));
});

/** Builds a part of `rows` (indices into `encoded`) into fresh memory: the electrostatic stage 1's with `charges`, else the shape stage 1's. */
function buildPart(rows: number[], charges = true) {
  const packed = packBytes(rows.map((m) => encoded[m]!));
  const fineBytes = rows.length * GRID_SLOTS * GRID_BYTES;
  const memory = new WebAssembly.Memory({ initial: Math.ceil((fineBytes + rows.length * GRID_SLOTS * COARSE_GRID_BYTES) / 65536) + 1, maximum: 1024, shared: true });
  const sites = buildGridPart({ target: { memory, fine: 0, coarse: fineBytes }, firstRow: 0, models: { kind: 'packed', ...packed }, charges });
  return { sites, fine: new Uint8Array(memory.buffer, 0, fineBytes), coarse: new Uint8Array(memory.buffer, fineBytes, rows.length * GRID_SLOTS * COARSE_GRID_BYTES) };
}

/** Row i of a part has the grids of model m built alone (catalogueGridRow). */
function expectGridsAlone(fine: Uint8Array, coarse: Uint8Array, i: number, m: number): void {
  const alone = new Uint8Array(GRID_ROW_BYTES);
  catalogueGridRow(encoded[m]!, alone, 0);
  expect(fine.subarray(i * GRID_SLOTS * GRID_BYTES, (i + 1) * GRID_SLOTS * GRID_BYTES)).toEqual(alone.subarray(0, GRID_SLOTS * GRID_BYTES));
  expect(coarse.subarray(i * GRID_SLOTS * COARSE_GRID_BYTES, (i + 1) * GRID_SLOTS * COARSE_GRID_BYTES)).toEqual(alone.subarray(GRID_SLOTS * GRID_BYTES));
}

describe('a part of the electrostatic stage 1', () => {
  it("gives each row the grids and charge sites it has alone, one part after another on the thread's scratch", () => {
    // The longest molecule first and again later, so smaller rows follow what a larger one left in the scratch.
    for (const rows of [[0, 1, 4, 2, 0, 3], [3, 2], [1, 4, 0]]) {
      const { fine, coarse, ...part } = buildPart(rows);
      const sites = part.sites!;
      let record = 0;
      rows.forEach((m, i) => {
        expectGridsAlone(fine, coarse, i, m);
        const own = rowSites(encoded[m]!);
        expect(sites.counts.subarray(i * GRID_SLOTS, (i + 1) * GRID_SLOTS)).toEqual(own.counts);
        expect(sites.selfOverlaps.subarray(i * GRID_SLOTS, (i + 1) * GRID_SLOTS)).toEqual(own.selfOverlaps);
        expect(sites.records.subarray(record, record + own.records.length)).toEqual(keepSitesInLattice(own.records));
        record += own.records.length;
      });
      expect(sites.records.length).toBe(record);
      expect(record).toBeGreaterThan(0);
    }
  });
});

describe('a part of the shape stage 1', () => {
  it("gives each row the grids it has alone, decoded into the thread's scratch row after row", () => {
    for (const rows of [[0, 1, 4, 2, 0, 3], [3, 2], [1, 4, 0]]) {
      const { sites, fine, coarse } = buildPart(rows, false);
      expect(sites).toBeNull();
      rows.forEach((m, i) => {
        expectGridsAlone(fine, coarse, i, m);
      });
    }
  });
});

describe('site records', () => {
  it('keep every site appended when they outgrow their first room', () => {
    const records = new SiteRecords(4);
    const framed = [Float64Array.of(1, 2, 3, 4, 5, 6), Float64Array.of(-1.5, 0.25, 7), Float64Array.of(9, 8, 7, 6, 5, 4, 3, 2, 1)];
    const charges = [[0.5, -0.5], [1], [-0.25, 0.125, 0.125]];
    expect(framed.map((coords, i) => records.append(coords, charges[i]!))).toEqual([2, 1, 3]);
    const expected = framed.flatMap((coords, i) => charges[i]!.flatMap((charge, b) => [coords[3 * b]!, coords[3 * b + 1]!, coords[3 * b + 2]!, charge]));
    expect(Array.from(records.records.subarray(0, records.length))).toEqual(expected);
  });
});
