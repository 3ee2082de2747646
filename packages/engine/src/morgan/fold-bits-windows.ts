import { EngineError } from '../format/engine-error.ts';
import { FOLD_BITS, FOLD_GROUP_ROWS, foldColumnBytes } from '../format/fingerprint-fold.ts';
import { KERNEL_CHUNK_ROWS } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import type { WasmMemory } from '../pool/webassembly-api.ts';

/** Bytes of one window's columns: its rows are as many as fit for the query's columns, at most MAX_WINDOW_ROWS. */
const WINDOW_BYTES = 2 ** 21;
/** Past this a window would mostly read rows the scan stops before reaching. */
export const MAX_WINDOW_ROWS = 2 ** 19;
/** A weight of 1..8 is at most four terms (one per set bit), over all 256 columns. */
const MAX_TERMS = FOLD_BITS * 4;
const TERM_BYTES = 8;

interface Window {
  /** Rows [start, end) are held; start is a multiple of FOLD_GROUP_ROWS. */
  start: number;
  end: number;
  /** Address of its first column and of its terms table in the kernel's memory. */
  columnsAt: number;
  termsAt: number;
  lastUse: number;
}

/** Rows of the window a bound runs over: its terms (assembly/tanimoto-simd.ts foldBitsBound) and its first row. */
export interface HeldRows {
  termsAt: number;
  termCount: number;
  start: number;
}

/**
 * The fold bit columns of one query's groups (format/fingerprint-fold.ts), read from a fold bits file into
 * two windows of rows. A BitBound scan visits the popcount blocks from the query's popcount outwards,
 * alternately below and above it, so one window follows the blocks below (filled reaching back from the
 * run asked for, over the blocks the scan visits next on that side) and the other the blocks above
 * (reaching forward): most runs are then in a window already, and a query costs a few reads per column
 * instead of a few per column and block.
 */
export class FoldBitsWindows {
  /** Bytes of kernel memory the windows need from their address on. */
  static readonly BYTES = 2 * (WINDOW_BYTES + MAX_TERMS * TERM_BYTES);

  private readonly windows: Window[];
  private readonly columnBytes: number;
  private readonly weights = new Uint8Array(FOLD_BITS);
  private queryColumns: number[] = [];
  private termCount = 0;
  private windowRows = 0;
  private queryPopcount = 0;
  private uses = 0;

  /**
   * `read(target, length, position)` fills `target` from the fold bits file; `column` is the file column
   * (its row count and popcount blocks); the windows live in `memory` from address `at` (BYTES of it).
   * `maxRows` caps a window's rows (never below a chunk and a group: KERNEL_CHUNK_ROWS + FOLD_GROUP_ROWS).
   */
  constructor(
    private readonly column: FingerprintColumn,
    private readonly memory: WasmMemory,
    at: number,
    private readonly read: (target: Uint8Array, length: number, position: number, lastRow: number) => void,
    private readonly maxRows = MAX_WINDOW_ROWS,
  ) {
    this.columnBytes = foldColumnBytes(column.count);
    this.windows = [0, 1].map((k) => ({ start: 0, end: 0, termsAt: at + k * MAX_TERMS * TERM_BYTES, columnsAt: at + 2 * MAX_TERMS * TERM_BYTES + k * WINDOW_BYTES, lastUse: 0 }));
  }

  /** A new query: its fold weights (wasm-kernel.ts foldWeights) and popcount; nothing held is for it. */
  setQuery(weights: Uint8Array, popcount: number): void {
    this.weights.set(weights);
    this.queryColumns = [];
    weights.forEach((weight, bit) => {
      if (weight > 0) this.queryColumns.push(bit);
    });
    this.queryPopcount = popcount;
    const fit = Math.min(this.maxRows, WINDOW_BYTES / Math.max(1, this.queryColumns.length) / 8);
    // Whole groups, so windows start on one; 2 MiB hold 65,536 rows of all 256 columns: a chunk always fits.
    this.windowRows = Math.max(KERNEL_CHUNK_ROWS + FOLD_GROUP_ROWS, Math.floor(fit / FOLD_GROUP_ROWS) * FOLD_GROUP_ROWS);
    for (const window of this.windows) {
      window.start = window.end = 0;
      this.termCount = this.writeTerms(window);
    }
  }

  /** The window holding rows [firstRow, firstRow + rows), filled first if neither does; `runEnd` ends the run they belong to. */
  hold(firstRow: number, rows: number, runEnd: number): HeldRows {
    let window = this.windows.find((w) => w.start <= firstRow && firstRow + rows <= w.end);
    if (!window) {
      window = this.windows[0]!.lastUse <= this.windows[1]!.lastUse ? this.windows[0]! : this.windows[1]!;
      this.fill(window, firstRow, rows, runEnd);
      if (window.start > firstRow || firstRow + rows > window.end) throw new EngineError('INVALID_REQUEST', `Rows ${firstRow}..${firstRow + rows - 1} are past the end of the fold bits of ${this.column.count} rows.`);
    }
    window.lastUse = ++this.uses;
    return { termsAt: window.termsAt, termCount: this.termCount, start: window.start };
  }

  private fill(window: Window, firstRow: number, rows: number, runEnd: number): void {
    const padded = this.columnBytes * 8;
    const aligned = firstRow - (firstRow % FOLD_GROUP_ROWS);
    const runEndUp = Math.min(padded, Math.ceil(Math.max(runEnd, firstRow + rows) / FOLD_GROUP_ROWS) * FOLD_GROUP_ROWS);
    // Below the query's popcount the scan goes on to lower rows: reach back from the run's end, unless the run itself is longer than a window.
    const below = this.blockPopcount(firstRow) < this.queryPopcount && runEndUp - aligned <= this.windowRows;
    window.start = below ? Math.max(0, runEndUp - this.windowRows) : aligned;
    window.end = below ? runEndUp : Math.min(padded, aligned + this.windowRows);
    const length = (window.end - window.start) / 8;
    this.queryColumns.forEach((bit, k) => {
      const target = new Uint8Array(this.memory.buffer, window.columnsAt + k * (this.windowRows / 8), length);
      this.read(target, length, bit * this.columnBytes + window.start / 8, Math.min(window.end, this.column.count));
    });
  }

  /** Writes the window's terms: one per set bit of each query column's weight, addressing the column in the window. */
  private writeTerms(window: Window): number {
    const terms = new Uint32Array(this.memory.buffer, window.termsAt, MAX_TERMS * 2);
    let count = 0;
    this.queryColumns.forEach((bit, k) => {
      const weight = this.weights[bit]!;
      for (let level = 0; level < 4; level++) {
        if (((weight >> level) & 1) === 0) continue;
        terms[2 * count] = window.columnsAt + k * (this.windowRows / 8);
        terms[2 * count + 1] = level;
        count++;
      }
    });
    return count;
  }

  /** Popcount of the block holding `row` (the column's rows are in popcount order). */
  private blockPopcount(row: number): number {
    const starts = this.column.popcountStarts;
    let low = 0;
    let high = starts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= row) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
