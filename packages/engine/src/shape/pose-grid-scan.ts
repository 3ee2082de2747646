import { readFileSync } from 'node:fs';
import { ESP_KERNEL_TERMS } from '@molsearch/chem';
import type { QueryGrids } from '../features/pose-grid.ts';
import type { EspSiteColumn } from '../format/charge-site-layout.ts';
import { EngineError } from '../format/engine-error.ts';
import { COARSE_GRID_BYTES, GRID_BYTES, GRID_ROW_BYTES, GRID_SLOTS } from '../format/grid-layout.ts';
import { wasm } from '../pool/webassembly-api.ts';
import type { WasmMemory, WasmModule } from '../pool/webassembly-api.ts';
import { LATTICE_HALF, LATTICE_POINTS, keepSitesInLattice } from './charge-lattice.ts';
import type { QuerySites } from './charge-lattice.ts';
import { MAX_PAGES, PAGE_BYTES, columnMemory, releaseColumnMemory } from './column-memory.ts';
import type { GrowableMemory } from './column-memory.ts';

// Built from packages/engine/assembly/pose-grid-scan.ts by `npm run build:wasm:grid -w @molsearch/engine`.
const WASM_URL = new URL('./pose-grid-scan.wasm', import.meta.url);
/** Bytes left to the module's own static data at the start of its memory. */
const RESERVED = PAGE_BYTES;
const VECTORS = GRID_BYTES / 16;
const COARSE_VECTORS = COARSE_GRID_BYTES / 16;
/** Query grids one scan takes: 30 conformers under 4 flips. */
export const MAX_QUERY_GRIDS = 120;
/** Most parts (threads) a scan is split into; each has its own scratch. */
export const MAX_GRID_PARTS = 8;

/** One call of the grid kernel's exports on a column's shared memory: what a thread runs for a part of a scan. */
export interface GridKernelCall {
  memory: WasmMemory;
  name: 'countBits' | 'bestTanimoto' | 'chargeOverlaps' | 'potentialLattices';
  args: number[];
}

/** Runs the parts of one scan, at once where it has the threads; `parts` is how many it wants. */
export interface GridKernelRunner {
  parts: number;
  run(calls: GridKernelCall[]): Promise<void>;
}

/**
 * Where a column's grids go in its memory, for threads that build them in place: row i's fine grids start
 * at byte `fine` + i x GRID_SLOTS x GRID_BYTES, its coarse grids at `coarse` + i x GRID_SLOTS x
 * COARSE_GRID_BYTES, slot after slot (features/pose-grid.ts modelGrids).
 */
export interface GridTarget {
  memory: WasmMemory;
  fine: number;
  coarse: number;
}

let compiled: WasmModule | undefined;

/**
 * Runs `call` on this thread: an instance of the kernel over the call's memory is cheap (the module is
 * compiled once a thread), so none is kept and a closed catalogue's memory is never held.
 */
export function runGridKernelCall(call: GridKernelCall): void {
  try {
    compiled ??= new wasm.Module(readFileSync(WASM_URL));
  } catch (error) {
    throw new EngineError('METHOD_UNAVAILABLE', `Cannot load the WebAssembly grid kernel ${WASM_URL.pathname}: ${String(error)}`, { cause: error });
  }
  const exports = new wasm.Instance(compiled, { env: { memory: call.memory } }).exports as Record<GridKernelCall['name'], (...args: number[]) => void>;
  exports[call.name](...call.args);
}

/** Runs every part here, one after another. */
export const RUN_HERE: GridKernelRunner = {
  parts: 1,
  run: async (calls) => calls.forEach(runGridKernelCall),
};

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

/** Where each array lives in the column's memory. */
interface Layout {
  scratch: number;
  querySelf: number;
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
  const querySelf = scratch + MAX_GRID_PARTS * SCRATCH_BYTES;
  const query = querySelf + 8 * MAX_QUERY_LATTICES;
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
  return { scratch, querySelf, query, queryPops, coarseQuery, coarseQueryPops, scores, pairs, pops, coarsePops, grids, coarse, refined, end: refined + 8 * MAX_REFINED_PAIRS * rows };
}

/**
 * A catalogue's grid column in one shared WebAssembly memory: the fine grids of every row slot back to
 * back, then the coarse ones, with their bit counts. A scan is split into parts by rows that threads
 * run on the same memory (GridKernelRunner); the query and the outputs live in that memory too, so one
 * search at a time uses a column: each search builds its own from the index's candidates.
 */
export class PoseGridColumn {
  readonly rows: number;
  /** Undefined once released. */
  private held: GrowableMemory | undefined;
  /** Bytes of the memory written so far: the layout's, and the charge sites' once placed. */
  private used: number;
  private readonly at: Layout;
  /** The charge sites' region after the grids, once placed (placeSites). */
  private sites: { records: number; offsets: number; selfs: number; terms: number; querySites: number; lattices: number; out: number } | undefined;
  private lastRefine = 0;

  /** `rows` rows of GRID_ROW_BYTES (catalogueGridRow's layout), back to back; undefined: zero grids, for `filled`. */
  constructor(rowBytes: Uint8Array | undefined, rows: number) {
    if (rowBytes && rowBytes.length !== rows * GRID_ROW_BYTES) {
      throw new EngineError('CATALOGUE_CORRUPT', `The 3D grid column holds ${rowBytes.length} bytes, expected ${rows * GRID_ROW_BYTES} for ${rows} molecules: re-import the catalogue.`);
    }
    this.rows = rows;
    this.at = layout(rows);
    this.used = this.at.end;
    const pages = Math.ceil(this.at.end / PAGE_BYTES);
    if (pages > MAX_PAGES) throw new EngineError('METHOD_UNAVAILABLE', `The 3D grid column of ${rows} molecules does not fit one WebAssembly memory.`);
    this.held = columnMemory(pages);
    if (!rowBytes) return;
    const fine = new Uint8Array(this.memory.buffer, this.at.grids, rows * GRID_SLOTS * GRID_BYTES);
    const coarse = new Uint8Array(this.memory.buffer, this.at.coarse, rows * GRID_SLOTS * COARSE_GRID_BYTES);
    const fineBytes = GRID_SLOTS * GRID_BYTES;
    for (let row = 0; row < rows; row++) {
      const at = row * GRID_ROW_BYTES;
      fine.set(rowBytes.subarray(at, at + fineBytes), row * fineBytes);
      coarse.set(rowBytes.subarray(at + fineBytes, at + GRID_ROW_BYTES), row * GRID_SLOTS * COARSE_GRID_BYTES);
    }
    for (const call of this.bitCounts(1)) runGridKernelCall(call);
  }

  /**
   * A column of `rows` rows whose grids `fill` writes straight into its memory (GridTarget), in parts on
   * other threads if it likes, so no row of grids is built on this thread or copied; the grids' bit counts
   * are then taken in parts on `runner`.
   */
  static async filled(rows: number, fill: (target: GridTarget) => Promise<void>, runner: GridKernelRunner = RUN_HERE): Promise<PoseGridColumn> {
    const column = new PoseGridColumn(undefined, rows);
    await fill({ memory: column.memory, fine: column.at.grids, coarse: column.at.coarse });
    await runner.run(column.bitCounts(runner.parts));
    return column;
  }

  private get memory(): GrowableMemory {
    if (!this.held) throw new EngineError('INVALID_REQUEST', 'The grid column was released: build a new one.');
    return this.held;
  }

  /**
   * Hands the column's memory back for the next column to reuse (column-memory.ts): for the search that built
   * it, once it has ranked its rows. The column cannot be used after.
   */
  release(): void {
    if (!this.held) return;
    releaseColumnMemory(this.held, RESERVED, this.used);
    this.held = undefined;
  }

  /** The calls that count the bits of every row's fine and coarse grids, in up to `parts` parts each. */
  private bitCounts(parts: number): GridKernelCall[] {
    const at = this.at;
    const slots = this.rows * GRID_SLOTS;
    return [
      ...this.parts(parts, slots, (first, end) => ({ memory: this.memory, name: 'countBits', args: [at.grids + first * GRID_BYTES, end - first, VECTORS, at.pops + 4 * first] })),
      ...this.parts(parts, slots, (first, end) => ({ memory: this.memory, name: 'countBits', args: [at.coarse + first * COARSE_GRID_BYTES, end - first, COARSE_VECTORS, at.coarsePops + 4 * first] })),
    ];
  }

  /**
   * Every row's best grid Tanimoto against the query grids (copied out of the column's memory). With
   * `refine` 1..16 only that many pairs a row, the best by coarse grids, are scored on fine grids; 0
   * scores every pair. Without `fine`, the refined pairs keep their coarse Tanimoto (for the charge
   * scoring, which wants their poses) and no fine grid is read.
   */
  async scan(query: QueryGrids, refine: number, runner: GridKernelRunner = RUN_HERE, fine = true): Promise<GridScores> {
    if (query.count > MAX_QUERY_GRIDS) throw new EngineError('INVALID_REQUEST', `At most ${MAX_QUERY_GRIDS} query grids, got ${query.count}.`);
    const at = this.at;
    new Uint8Array(this.memory.buffer, at.query, query.grids.length).set(query.grids);
    new Uint8Array(this.memory.buffer, at.coarseQuery, query.coarse.length).set(query.coarse);
    this.call('countBits', [at.query, query.count, VECTORS, at.queryPops]);
    this.call('countBits', [at.coarseQuery, query.count, COARSE_VECTORS, at.coarseQueryPops]);
    this.lastRefine = 0;
    await runner.run(
      this.parts(runner.parts, this.rows, (firstRow, endRow, part) => ({
        memory: this.memory,
        name: 'bestTanimoto',
        args: [
          at.query, at.queryPops, at.coarseQuery, at.coarseQueryPops, query.count,
          at.grids, at.pops, at.coarse, at.coarsePops, firstRow, endRow, GRID_SLOTS,
          VECTORS, COARSE_VECTORS, refine, fine ? 1 : 0, at.scratch + part * SCRATCH_BYTES, at.scores, at.pairs, at.refined,
        ],
      })),
    );
    this.lastRefine = Math.max(0, Math.min(refine, MAX_REFINED_PAIRS));
    return {
      scores: new Float32Array(this.memory.buffer, at.scores, this.rows).slice(),
      pairs: new Int32Array(this.memory.buffer, at.pairs, this.rows).slice(),
    };
  }

  private call(name: GridKernelCall['name'], args: number[]): void {
    runGridKernelCall({ memory: this.memory, name, args });
  }

  /** Up to `parts` calls over consecutive ranges of about equal size of `items` (rows, or query conformers). */
  private parts(parts: number, items: number, call: (first: number, end: number, part: number) => GridKernelCall): GridKernelCall[] {
    const count = Math.max(1, Math.min(parts, MAX_GRID_PARTS, items));
    return Array.from({ length: count }, (_, part) => call(Math.floor((part * items) / count), Math.floor(((part + 1) * items) / count), part));
  }

  /** The refined pairs of the last scan, copied out of the kernel's memory. */
  refinedPoses(): RefinedPoses {
    const entries = this.rows * this.lastRefine;
    const buffer = this.memory.buffer;
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
   * Copies the catalogue's charge sites (format/charge-site-layout.ts; the records whole or in pieces)
   * into the kernel's memory after the grids, once, kept inside the query lattice's box (keepSitesInLattice;
   * `inLattice`: the records already are): the caller need not keep its own copy.
   */
  placeSites(column: EspSiteColumn | EspSitePieces, inLattice = false): void {
    if (this.sites) throw new EngineError('INVALID_REQUEST', 'The charge sites are already placed.');
    const pieces = column.records instanceof Float32Array ? [column.records] : column.records;
    const floats = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const rows = this.rows;
    const records = align16(this.at.end);
    const offsets = align16(records + 4 * floats);
    const selfs = align16(offsets + 4 * column.offsets.length);
    const terms = align16(selfs + 8 * column.selfOverlaps.length);
    const querySites = align16(terms + 8 * ESP_KERNEL_TERMS.length);
    const lattices = align16(querySites + 16 * MAX_QUERY_SITES);
    const out = align16(lattices + 4 * MAX_QUERY_LATTICES * LATTICE_FLOATS);
    const end = out + 4 * rows;
    this.used = Math.max(this.used, end);
    const missing = Math.ceil(end / PAGE_BYTES) - this.memory.buffer.byteLength / PAGE_BYTES;
    if (missing > 0) {
      if (Math.ceil(end / PAGE_BYTES) > MAX_PAGES) throw new EngineError('METHOD_UNAVAILABLE', `The charge sites of ${rows} molecules do not fit the grid kernel's memory.`);
      this.memory.grow(missing);
    }
    const buffer = this.memory.buffer;
    const placed = new Float32Array(buffer, records, floats);
    let at = 0;
    for (const piece of pieces) {
      placed.set(piece, at);
      at += piece.length;
    }
    if (!inLattice) keepSitesInLattice(placed);
    new Uint32Array(buffer, offsets, column.offsets.length).set(column.offsets);
    new Float64Array(buffer, selfs, column.selfOverlaps.length).set(column.selfOverlaps);
    new Float32Array(buffer, terms, 2 * ESP_KERNEL_TERMS.length).set(ESP_KERNEL_TERMS.flat());
    this.sites = { records, offsets, selfs, terms, querySites, lattices, out };
  }

  get hasSites(): boolean {
    return this.sites !== undefined;
  }

  /**
   * After a scan with refined pairs: per row, the best renormalised Carbó similarity of the query's
   * charges (its potential lattices) and the row's over the scan's refined poses within `margin` of the
   * row's best grid Tanimoto; 0 for a row without one.
   */
  async chargeScores(scoring: ChargeScoring, runner: GridKernelRunner = RUN_HERE): Promise<Float32Array> {
    if (this.lastRefine === 0) throw new EngineError('INVALID_REQUEST', 'Charge scoring reads the refined poses of a scan that refines pairs.');
    const { query } = scoring;
    const conformers = query.selfOverlaps.length;
    if (conformers > MAX_QUERY_LATTICES) throw new EngineError('INVALID_REQUEST', `At most ${MAX_QUERY_LATTICES} query conformers, got ${conformers}.`);
    if (query.sites.length > 4 * MAX_QUERY_SITES) {
      throw new EngineError('INVALID_REQUEST', `The query has too many charge sites for electrostatic search (${query.siteCount}; at most ${Math.floor(MAX_QUERY_SITES / conformers)}).`);
    }
    const sites = this.sites;
    if (!sites) throw new EngineError('INVALID_REQUEST', 'Charge scoring needs the charge sites placed first (placeSites).');
    const at = this.at;
    new Float32Array(this.memory.buffer, sites.querySites, query.sites.length).set(query.sites);
    new Float64Array(this.memory.buffer, at.querySelf, conformers).set(query.selfOverlaps);
    const [nx, ny, nz] = LATTICE_POINTS;
    const [hx, hy, hz] = LATTICE_HALF;
    await runner.run(
      this.parts(runner.parts, conformers, (first, end, part) => ({
        memory: this.memory,
        name: 'potentialLattices',
        args: [sites.querySites, query.siteCount, first, end, sites.terms, ESP_KERNEL_TERMS.length, nx, ny, nz, hx, hy, hz, at.scratch + part * SCRATCH_BYTES, sites.lattices],
      })),
    );
    await runner.run(
      this.parts(runner.parts, this.rows, (firstRow, endRow, part) => ({
        memory: this.memory,
        name: 'chargeOverlaps',
        args: [
          sites.lattices, nx, ny, nz, hx, hy, hz, at.querySelf,
          sites.records, sites.offsets, sites.selfs,
          at.refined, this.lastRefine, at.scores, scoring.margin, firstRow, endRow, GRID_SLOTS, scoring.queryCount,
          at.scratch + part * SCRATCH_BYTES, sites.out,
        ],
      })),
    );
    return new Float32Array(this.memory.buffer, sites.out, this.rows).slice();
  }
}

/** An EspSiteColumn whose records come in pieces, back to back (the parts of a column built on several threads). */
export interface EspSitePieces extends Omit<EspSiteColumn, 'records'> {
  records: readonly Float32Array[];
}

export interface ChargeScoring {
  query: QuerySites;
  /** Query grids of the last scan (4 per query conformer). */
  queryCount: number;
  /** Poses scored: the refined ones with a grid Tanimoto of at least margin x the row's best. */
  margin: number;
}

/**
 * A part's refine list while scanning (2 x 16 x 4 bytes), its pose groups while scoring charges (4 x 16
 * x 4), or its axis rows and plane while building lattices (428 x 4).
 */
const SCRATCH_BYTES = 2048;

/** Lattices of up to 30 query conformers (charge-lattice.ts). */
const MAX_QUERY_LATTICES = 30;
const LATTICE_FLOATS = LATTICE_POINTS[0] * LATTICE_POINTS[1] * LATTICE_POINTS[2];
/** Query charge sites over all its lattice conformers: 30 conformers of 1,000 sites, far beyond a drug. */
const MAX_QUERY_SITES = 30_000;

function align16(value: number): number {
  return Math.ceil(value / 16) * 16;
}
