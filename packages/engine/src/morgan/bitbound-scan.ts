import { MORGAN_BITS, popcount } from '@molsearch/chem';
import type { CommonBitsKernel } from './common-bits-kernel.ts';
import { KERNEL_CHUNK_ROWS } from './fingerprint-memory.ts';
import type { FingerprintColumn } from './fingerprint-memory.ts';
import { TopHits } from './top-hits.ts';

export interface BitBoundOptions {
  /** Hits kept, best first. */
  limit: number;
  /** Only similarities >= threshold are returned (0 keeps everything). */
  threshold: number;
  /** One byte a row: only rows marked 1 may be hits (the search's property filters); absent: every row. */
  mask?: Uint8Array;
  /** This scan's share when several threads split the column: rows of every popcount block are cut into `parts` runs. */
  part?: number;
  parts?: number;
  /**
   * Shared with the other parts of a split scan: the best k-th similarity any part has reached, in
   * FLOOR_SCALE units rounded down. Each part's k-th best bounds the global k-th best from below, so
   * every part may prune with the highest of them.
   */
  sharedFloor?: Int32Array;
  /** Polled between chunks; true stops the scan with whatever was found. */
  shouldStop?: () => boolean;
  /** Rows examined so far out of the rows the threshold leaves in play. */
  onProgress?: (scannedRows: number, candidateRows: number) => void;
}

export interface ScoredRows {
  rows: Uint32Array;
  /** Exact Tanimoto, same order as rows, best first. */
  similarities: Float64Array;
  scannedRows: number;
  stopped: boolean;
}

/**
 * Exact Morgan Tanimoto top hits with BitBound pruning (Swamidass & Baldi 2007). With query popcount q,
 * a row of popcount p scores at most min(q,p)/max(q,p), so blocks are visited from the highest bound
 * down and the scan ends when the bound falls below the k-th best (or the threshold). Inside a block the
 * kernel only reports rows with enough common bits to beat the current floor. Nothing is approximated.
 */
export function bitBoundScan(column: FingerprintColumn, kernel: CommonBitsKernel, query: Uint8Array, options: BitBoundOptions): ScoredRows {
  const q = popcount(query);
  const parts = options.parts ?? 1;
  const part = options.part ?? 0;
  const threshold = Math.max(0, options.threshold);
  const top = new TopHits(Math.max(0, Math.floor(options.limit)));
  if (top.capacity === 0) return { ...top.sorted(), scannedRows: 0, stopped: false };
  const blocks = blocksByBound(column.popcountStarts, q, threshold, part, parts);
  const candidateRows = blocks.reduce((sum, block) => sum + block.end - block.start, 0);
  kernel.setQuery(query);
  let scanned = 0;
  let stopped = false;
  const shared = options.sharedFloor;
  const mask = options.mask;
  const floorNow = (): number => Math.max(threshold, top.floor, shared ? Atomics.load(shared, 0) / FLOOR_SCALE : 0);
  scan: for (const block of blocks) {
    if ((top.full || shared) && block.bound < floorNow()) break;
    const p = block.popcount;
    for (let first = block.start; first < block.end; first += KERNEL_CHUNK_ROWS) {
      if (options.shouldStop?.()) {
        stopped = true;
        break scan;
      }
      const rows = Math.min(KERNEL_CHUNK_ROWS, block.end - first);
      const floor = floorNow();
      // Ties lose to lower rows: when every row of the chunk comes after the current worst hit, only a
      // strictly higher score can enter, which keeps runs of equal scores out of the heap.
      const strict = top.full && floor === top.floor && first > top.floorRow;
      const found = kernel.scan(first, rows, minCommonBits(floor, q, p, strict), block.end);
      const hits = kernel.hits;
      for (let h = 0; h < found; h++) {
        const common = hits[2 * h + 1]!;
        const union = q + p - common;
        const similarity = union === 0 ? 0 : common / union;
        const row = first + hits[2 * h]!;
        // Filtered rows never enter, so the floor (and with it the pruning) is that of the passing rows.
        if (similarity >= threshold && (mask === undefined || mask[row] === 1)) top.offer(row, similarity);
      }
      scanned += rows;
      if (shared && top.full) publishFloor(shared, top.floor);
      options.onProgress?.(scanned, candidateRows);
    }
  }
  return { ...top.sorted(), scannedRows: scanned, stopped };
}

/** Similarities are shared between threads as integers: Atomics work on integer arrays only. */
export const FLOOR_SCALE = 1 << 30;

function publishFloor(shared: Int32Array, floor: number): void {
  // Rounded down, so a shared floor never prunes a row that could still tie or win.
  const value = Math.floor(floor * FLOOR_SCALE) - 1;
  let current = Atomics.load(shared, 0);
  while (value > current) {
    const seen = Atomics.compareExchange(shared, 0, current, value);
    if (seen === current) return;
    current = seen;
  }
}

interface PopcountBlock {
  popcount: number;
  bound: number;
  start: number;
  end: number;
}

/** This part's rows of every popcount block that can reach the threshold, highest bound first. */
function blocksByBound(starts: Uint32Array, q: number, threshold: number, part: number, parts: number): PopcountBlock[] {
  const blocks: PopcountBlock[] = [];
  for (let p = 0; p <= MORGAN_BITS; p++) {
    const start = starts[p]!;
    const end = starts[p + 1]!;
    if (end <= start) continue;
    const bound = q === 0 || p === 0 ? 0 : Math.min(q, p) / Math.max(q, p);
    if (bound < threshold) continue;
    const length = end - start;
    const partStart = start + Math.floor((length * part) / parts);
    const partEnd = start + Math.floor((length * (part + 1)) / parts);
    if (partEnd > partStart) blocks.push({ popcount: p, bound, start: partStart, end: partEnd });
  }
  return blocks.sort((a, b) => b.bound - a.bound || a.popcount - b.popcount);
}

/**
 * Fewest common bits c for which c / (q + p - c) reaches `floor` (or exceeds it, when `strict`):
 * c >= floor (q + p) / (1 + floor). That bound is a ratio with a denominator under 4096, so it is either
 * an integer or at least 1/4096 away from one, and a 1e-9 slack absorbs float error without ever
 * excluding a row that could enter; exact scores are checked afterwards.
 */
function minCommonBits(floor: number, q: number, p: number, strict: boolean): number {
  if (floor <= 0) return strict ? 1 : 0;
  const bound = (floor * (q + p)) / (1 + floor);
  return strict ? Math.floor(bound + 1e-9) + 1 : Math.max(0, Math.ceil(bound - 1e-9));
}
