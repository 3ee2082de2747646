import { readFileSync } from 'node:fs';
import { EngineError } from '../engine-error.ts';
import { wasm } from '../kernels/webassembly-api.ts';
import type { WasmInstance, WasmMemory } from '../kernels/webassembly-api.ts';
import { COARSE_GRID_BYTES, GRID_BYTES, GRID_ROW_BYTES, GRID_SLOTS } from './pose-grid.ts';
import type { QueryGrids } from './pose-grid.ts';
import type { EspSiteColumn, QueryLattices } from './esp-at-pose.ts';

// Built from packages/engine/assembly/pose-grid-scan.ts by `npm run build:wasm:grid -w @molsearch/engine`.
const WASM_URL = new URL('./pose-grid-scan.wasm', import.meta.url);
const PAGE_BYTES = 65536;
/** Bytes left to the module's own static data at the start of its memory. */
const RESERVED = PAGE_BYTES;
const VECTORS = GRID_BYTES / 16;
const COARSE_VECTORS = COARSE_GRID_BYTES / 16;
/** Query grids one scan takes: 30 conformers under 4 flips. */
export const MAX_QUERY_GRIDS = 120;

interface GridExports {
  memory: WasmMemory & { grow(pages: number): number };
  countBits(grids: number, count: number, vectors: number, out: number): void;
  bestTanimoto(
    query: number, queryPops: number, coarseQuery: number, coarseQueryPops: number, queryCount: number,
    grids: number, pops: number, coarse: number, coarsePops: number, rows: number, slots: number,
    vectors: number, coarseVectors: number, refine: number, scratch: number, out: number, pairs: number, refined: number,
  ): void;
  chargeOverlaps(
    lattices: number, nx: number, ny: number, nz: number, hx: number, hy: number, hz: number, querySelf: number,
    coords: number, charges: number, offsets: number, slotSelf: number,
    refined: number, perRow: number, best: number, margin: number, rows: number, slots: number, queryCount: number, out: number,
  ): void;
}

export interface GridScores {
  /** Best grid Tanimoto of each row, 0 for a row without conformers. */
  scores: Float32Array;
  /** Per row, slot x query grid count + query grid of the best pair, or -1. */
  pairs: Int32Array;
}

export interface RefinedPoses {
  /** Pairs a row. */
  perRow: number;
  /** Per row, the pairs scored on fine grids (-1 past the last) and their Tanimoto; empty when every pair was. */
  pairs: Int32Array;
  scores: Float32Array;
}

/** Most pairs a row the kernel refines (MAX_REFINED of the kernel). */
export const MAX_REFINED_PAIRS = 16;

/** Where each array lives in the kernel's memory. */
interface Layout {
  scratch: number;
  query: number;
  queryPops: number;
  coarseQuery: number;
  coarseQueryPops: number;
  scores: number;
  pairs: number;
  pops: number;
  coarsePops: number;
  grids: number;
  coarse: number;
  refined: number;
  end: number;
}

function layout(rows: number): Layout {
  const slots = rows * GRID_SLOTS;
  const scratch = RESERVED;
  const query = scratch + SCRATCH_BYTES;
  const queryPops = query + MAX_QUERY_GRIDS * GRID_BYTES;
  const coarseQuery = queryPops + 4 * MAX_QUERY_GRIDS;
  const coarseQueryPops = coarseQuery + MAX_QUERY_GRIDS * COARSE_GRID_BYTES;
  const scores = coarseQueryPops + 4 * MAX_QUERY_GRIDS;
  const pairs = scores + 4 * rows;
  const pops = pairs + 4 * rows;
  const coarsePops = pops + 4 * slots;
  const grids = align16(coarsePops + 4 * slots);
  const coarse = grids + slots * GRID_BYTES;
  const refined = coarse + slots * COARSE_GRID_BYTES;
  return { scratch, query, queryPops, coarseQuery, coarseQueryPops, scores, pairs, pops, coarsePops, grids, coarse, refined, end: refined + 8 * MAX_REFINED_PAIRS * rows };
}

/**
 * A catalogue's grid column inside the kernel's memory: the fine grids of every row slot back to back,
 * then the coarse ones, with their bit counts.
 */
export class PoseGridColumn {
  readonly rows: number;
  private readonly kernel: GridExports;
  private readonly at: Layout;
  /** The charge sites' region after the grids, once placed (placeSites). */
  private sites: { coords: number; charges: number; offsets: number; selfs: number; lattices: number; out: number } | undefined;
  private lastRefine = 0;

  /** `rows` rows of GRID_ROW_BYTES (catalogueGridRow's layout), back to back. */
  constructor(rowBytes: Uint8Array, rows: number) {
    if (rowBytes.length !== rows * GRID_ROW_BYTES) {
      throw new EngineError('CATALOGUE_CORRUPT', `The 3D grid column holds ${rowBytes.length} bytes, expected ${rows * GRID_ROW_BYTES} for ${rows} molecules: re-import the catalogue.`);
    }
    let instance: WasmInstance;
    try {
      instance = new wasm.Instance(new wasm.Module(readFileSync(WASM_URL)), {});
    } catch (error) {
      throw new EngineError('METHOD_UNAVAILABLE', `Cannot load the WebAssembly grid kernel ${WASM_URL.pathname}: ${String(error)}`, { cause: error });
    }
    this.kernel = instance.exports as unknown as GridExports;
    this.rows = rows;
    this.at = layout(rows);
    const memory = this.kernel.memory;
    const missing = Math.ceil(this.at.end / PAGE_BYTES) - memory.buffer.byteLength / PAGE_BYTES;
    if (missing > 0 && memory.grow(missing) < 0) {
      throw new EngineError('METHOD_UNAVAILABLE', `The 3D grid column of ${rows} molecules does not fit one WebAssembly memory.`);
    }
    const fine = new Uint8Array(memory.buffer, this.at.grids, rows * GRID_SLOTS * GRID_BYTES);
    const coarse = new Uint8Array(memory.buffer, this.at.coarse, rows * GRID_SLOTS * COARSE_GRID_BYTES);
    const fineBytes = GRID_SLOTS * GRID_BYTES;
    for (let row = 0; row < rows; row++) {
      const at = row * GRID_ROW_BYTES;
      fine.set(rowBytes.subarray(at, at + fineBytes), row * fineBytes);
      coarse.set(rowBytes.subarray(at + fineBytes, at + GRID_ROW_BYTES), row * GRID_SLOTS * COARSE_GRID_BYTES);
    }
    this.kernel.countBits(this.at.grids, rows * GRID_SLOTS, VECTORS, this.at.pops);
    this.kernel.countBits(this.at.coarse, rows * GRID_SLOTS, COARSE_VECTORS, this.at.coarsePops);
  }

  /**
   * Every row's best grid Tanimoto against the query grids (copied out of the kernel's memory). With
   * `refine` 1..16 only that many pairs a row, the best by coarse grids, are scored on fine grids; 0
   * scores every pair.
   */
  scan(query: QueryGrids, refine: number): GridScores {
    if (query.count > MAX_QUERY_GRIDS) throw new EngineError('INVALID_REQUEST', `At most ${MAX_QUERY_GRIDS} query grids, got ${query.count}.`);
    const { memory } = this.kernel;
    const at = this.at;
    new Uint8Array(memory.buffer, at.query, query.grids.length).set(query.grids);
    new Uint8Array(memory.buffer, at.coarseQuery, query.coarse.length).set(query.coarse);
    this.kernel.countBits(at.query, query.count, VECTORS, at.queryPops);
    this.kernel.countBits(at.coarseQuery, query.count, COARSE_VECTORS, at.coarseQueryPops);
    this.kernel.bestTanimoto(
      at.query, at.queryPops, at.coarseQuery, at.coarseQueryPops, query.count,
      at.grids, at.pops, at.coarse, at.coarsePops, this.rows, GRID_SLOTS,
      VECTORS, COARSE_VECTORS, refine, at.scratch, at.scores, at.pairs, at.refined,
    );
    this.lastRefine = Math.max(0, Math.min(refine, MAX_REFINED_PAIRS));
    return {
      scores: new Float32Array(memory.buffer, at.scores, this.rows).slice(),
      pairs: new Int32Array(memory.buffer, at.pairs, this.rows).slice(),
    };
  }

  /** The refined pairs of the last scan, copied out of the kernel's memory. */
  refinedPoses(): RefinedPoses {
    const entries = this.rows * this.lastRefine;
    const buffer = this.kernel.memory.buffer;
    const pairs = new Int32Array(buffer, this.at.refined, 2 * entries);
    const scores = new Float32Array(buffer, this.at.refined, 2 * entries);
    const out: RefinedPoses = { perRow: this.lastRefine, pairs: new Int32Array(entries), scores: new Float32Array(entries) };
    for (let k = 0; k < entries; k++) {
      out.pairs[k] = pairs[2 * k]!;
      out.scores[k] = scores[2 * k + 1]!;
    }
    return out;
  }

  /**
   * Copies the charge sites (espSiteColumn) into the kernel's memory after the grids, once: the caller
   * need not keep its own copy.
   */
  placeSites(column: EspSiteColumn): void {
    if (this.sites) throw new EngineError('INVALID_REQUEST', 'The charge sites are already placed.');
    const kernel = this.kernel;
    const rows = this.rows;
    const coords = align16(this.at.end);
    const charges = align16(coords + 4 * column.coords.length);
    const offsets = align16(charges + 4 * column.charges.length);
    const selfs = align16(offsets + 4 * column.offsets.length);
    const lattices = align16(selfs + 8 * column.selfOverlaps.length);
    const out = align16(lattices + 4 * MAX_QUERY_LATTICE_FLOATS);
    const end = out + 4 * rows;
    const missing = Math.ceil(end / PAGE_BYTES) - kernel.memory.buffer.byteLength / PAGE_BYTES;
    if (missing > 0 && kernel.memory.grow(missing) < 0) {
      throw new EngineError('METHOD_UNAVAILABLE', `The charge sites of ${rows} molecules do not fit the grid kernel's memory.`);
    }
    const buffer = kernel.memory.buffer;
    new Float32Array(buffer, coords, column.coords.length).set(column.coords);
    new Float32Array(buffer, charges, column.charges.length).set(column.charges);
    new Uint32Array(buffer, offsets, column.offsets.length).set(column.offsets);
    new Float64Array(buffer, selfs, column.selfOverlaps.length).set(column.selfOverlaps);
    this.sites = { coords, charges, offsets, selfs, lattices, out };
  }

  get hasSites(): boolean {
    return this.sites !== undefined;
  }

  /**
   * After a scan with refined pairs: per row, the best renormalised Carbó similarity of the query's
   * charges (its potential lattices) and the row's over the scan's refined poses within `margin` of the
   * row's best grid Tanimoto; 0 for a row without one.
   */
  chargeScores(scoring: ChargeScoring): Float32Array {
    if (this.lastRefine === 0) throw new EngineError('INVALID_REQUEST', 'Charge scoring reads the refined poses of a scan that refines pairs.');
    const { query } = scoring;
    if (query.lattices.length > MAX_QUERY_LATTICE_FLOATS) throw new EngineError('INVALID_REQUEST', 'At most 30 query lattices.');
    const sites = this.sites;
    if (!sites) throw new EngineError('INVALID_REQUEST', 'Charge scoring needs the charge sites placed first (placeSites).');
    const { memory } = this.kernel;
    new Float32Array(memory.buffer, sites.lattices, query.lattices.length).set(query.lattices);
    const querySelf = this.at.scratch;
    if (query.selfOverlaps.length * 8 > this.at.query - this.at.scratch) {
      throw new EngineError('INVALID_REQUEST', 'Too many query conformers for the kernel scratch.');
    }
    new Float64Array(memory.buffer, querySelf, query.selfOverlaps.length).set(query.selfOverlaps);
    const [nx, ny, nz] = query.points;
    const [hx, hy, hz] = query.half;
    this.kernel.chargeOverlaps(
      sites.lattices, nx, ny, nz, hx, hy, hz, querySelf,
      sites.coords, sites.charges, sites.offsets, sites.selfs,
      this.at.refined, this.lastRefine, this.at.scores, scoring.margin, this.rows, GRID_SLOTS, scoring.queryCount, sites.out,
    );
    return new Float32Array(memory.buffer, sites.out, this.rows).slice();
  }
}

export interface ChargeScoring {
  query: QueryLattices;
  /** Query grids of the last scan (4 per lattice). */
  queryCount: number;
  /** Poses scored: the refined ones with a grid Tanimoto of at least margin x the row's best. */
  margin: number;
}

/** The kernel's refine list while scanning (2 x 16 x 4 bytes), the query lattices' O_AA (30 x 8) while scoring charges. */
const SCRATCH_BYTES = 256;

/** Lattices of up to 30 query conformers of 29 x 21 x 17 points (esp-at-pose.ts). */
const MAX_QUERY_LATTICE_FLOATS = 30 * 29 * 21 * 17;

function align16(value: number): number {
  return Math.ceil(value / 16) * 16;
}
