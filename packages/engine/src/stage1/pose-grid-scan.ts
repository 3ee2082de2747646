import { readFileSync } from 'node:fs';
import { EngineError } from '../engine-error.ts';
import { wasm } from '../kernels/webassembly-api.ts';
import type { WasmInstance, WasmMemory } from '../kernels/webassembly-api.ts';
import { GRID_BYTES, GRID_SLOTS } from './pose-grid.ts';
import type { QueryGrids } from './pose-grid.ts';

// Built from packages/engine/assembly/pose-grid-scan.ts by `npm run build:wasm:grid -w @molsearch/engine`.
const WASM_URL = new URL('./pose-grid-scan.wasm', import.meta.url);
const PAGE_BYTES = 65536;
/** Bytes left to the module's own static data at the start of its memory. */
const RESERVED = PAGE_BYTES;
const VECTORS = GRID_BYTES / 16;
/** Query grids one scan takes: 30 conformers under 4 flips. */
export const MAX_QUERY_GRIDS = 120;

interface GridExports {
  memory: WasmMemory & { grow(pages: number): number };
  countBits(grids: number, count: number, vectors: number, out: number): void;
  bestTanimoto(query: number, queryPops: number, queryCount: number, grids: number, pops: number, rows: number, slots: number, vectors: number, out: number, pairs: number): void;
}

export interface GridScores {
  /** Best grid Tanimoto of each row, 0 for a row without conformers. */
  scores: Float32Array;
  /** Per row, slot x query grid count + query grid of the best pair, or -1. */
  pairs: Int32Array;
}

/**
 * A catalogue's grid column inside the kernel's memory, laid out once:
 * [reserved][query grids][query bit counts][row scores][row pairs][row bit counts][grids].
 */
export class PoseGridColumn {
  readonly rows: number;
  private readonly kernel: GridExports;
  private readonly at: { query: number; queryPops: number; scores: number; pairs: number; pops: number; grids: number };

  /** `grids`: GRID_SLOTS grids a row, rows back to back (catalogueGridRow's layout). */
  constructor(grids: Uint8Array, rows: number) {
    if (grids.length !== rows * GRID_SLOTS * GRID_BYTES) {
      throw new EngineError('CATALOGUE_CORRUPT', `The 3D grid column holds ${grids.length} bytes, expected ${rows * GRID_SLOTS * GRID_BYTES} for ${rows} molecules: re-import the catalogue.`);
    }
    let instance: WasmInstance;
    try {
      instance = new wasm.Instance(new wasm.Module(readFileSync(WASM_URL)), {});
    } catch (error) {
      throw new EngineError('METHOD_UNAVAILABLE', `Cannot load the WebAssembly grid kernel ${WASM_URL.pathname}: ${String(error)}`, { cause: error });
    }
    this.kernel = instance.exports as unknown as GridExports;
    this.rows = rows;
    const query = RESERVED;
    const queryPops = query + MAX_QUERY_GRIDS * GRID_BYTES;
    const scores = queryPops + 4 * MAX_QUERY_GRIDS;
    const pairs = scores + 4 * rows;
    const pops = pairs + 4 * rows;
    const gridsAt = align16(pops + 4 * rows * GRID_SLOTS);
    this.at = { query, queryPops, scores, pairs, pops, grids: gridsAt };
    const end = gridsAt + grids.length;
    const memory = this.kernel.memory;
    const missing = Math.ceil(end / PAGE_BYTES) - memory.buffer.byteLength / PAGE_BYTES;
    if (missing > 0 && memory.grow(missing) < 0) {
      throw new EngineError('METHOD_UNAVAILABLE', `The 3D grid column of ${rows} molecules does not fit one WebAssembly memory.`);
    }
    new Uint8Array(memory.buffer, gridsAt, grids.length).set(grids);
    this.kernel.countBits(gridsAt, rows * GRID_SLOTS, VECTORS, pops);
  }

  /** Every row's best grid Tanimoto against the query grids (copied out of the kernel's memory). */
  scan(query: QueryGrids): GridScores {
    if (query.count > MAX_QUERY_GRIDS) throw new EngineError('INVALID_REQUEST', `At most ${MAX_QUERY_GRIDS} query grids, got ${query.count}.`);
    const { memory } = this.kernel;
    new Uint8Array(memory.buffer, this.at.query, query.grids.length).set(query.grids);
    this.kernel.countBits(this.at.query, query.count, VECTORS, this.at.queryPops);
    this.kernel.bestTanimoto(this.at.query, this.at.queryPops, query.count, this.at.grids, this.at.pops, this.rows, GRID_SLOTS, VECTORS, this.at.scores, this.at.pairs);
    return {
      scores: new Float32Array(memory.buffer, this.at.scores, this.rows).slice(),
      pairs: new Int32Array(memory.buffer, this.at.pairs, this.rows).slice(),
    };
  }
}

function align16(value: number): number {
  return Math.ceil(value / 16) * 16;
}
