import { seededRandom } from '@molsearch/chem';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { FUSION_REFERENCE_ROWS } from './score-fusion.ts';

// The reference sample of a catalogue: the rows whose exact scores for a query estimate how rare each score
// is there, for the consensus fusion (score-fusion.ts).

/** The seed of the reference sample that benchmarks without compound ids draw (drawReferenceRows). */
const REFERENCE_SEED = 42;
const referenceRows = new WeakMap<Catalogue, Uint32Array>();

/**
 * A row's place in the reference order: a 53-bit hash of the UTF-8 bytes of its compound id (two 32-bit
 * multiplicative hashes, seeded apart from the FNV-1a hash that assigns rows to parts), so the order depends
 * on the ids alone, not on how the rows were numbered or split into parts.
 */
export function referenceKey(id: string): number {
  const bytes = Buffer.from(id, 'utf8');
  return bytesKey(bytes, 0, bytes.length);
}

function bytesKey(bytes: Uint8Array, start: number, end: number): number {
  let high = 0x9747b28c;
  let low = 0x01000193;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    high = Math.imul(high ^ byte, 0x01000193);
    low = Math.imul(low ^ byte, 0x5bd1e995);
  }
  return (high >>> 0) * 2 ** 21 + ((low >>> 0) >>> 11);
}

/**
 * The catalogue rows whose scores estimate rarities (score-fusion.ts): the FUSION_REFERENCE_ROWS rows with a
 * 3D model whose compound ids come first in the reference order (referenceKey; equal keys, a repeated id,
 * by row), ascending; every row with a model in a smaller catalogue. A uniform sample, and the same rows
 * however the catalogue is split: each part's own sample holds every row of the whole catalogue's sample
 * that lies in it, so the parts' samples merged (merge-hits.ts) are the whole catalogue's.
 */
export function consensusReferenceRows(catalogue: Catalogue): Uint32Array {
  let rows = referenceRows.get(catalogue);
  if (!rows) {
    rows = firstInReferenceOrder(catalogue, FUSION_REFERENCE_ROWS);
    referenceRows.set(catalogue, rows);
  }
  return rows;
}

/** Rows whose ids are read at once while the reference sample is drawn. */
const ID_BLOCK = 65_536;

/**
 * The `wanted` rows with a model first by (referenceKey, row), ascending by row: one pass over the ids, a
 * block of rows a read (93 ms for 10^5 rows), and a bounded heap.
 */
function firstInReferenceOrder(catalogue: Catalogue, wanted: number): Uint32Array {
  const shape = catalogue.shape!;
  // Lengths from the model index in memory where the catalogue has it; a read of the model otherwise.
  const hasModel = (row: number): boolean => (shape.modelSpans ? shape.modelSpans(Uint32Array.of(row)).lengths[0]! : shape.model(row).byteLength) > 0;
  const heap = new KeyHeap(wanted);
  for (let first = 0; first < catalogue.count; first += ID_BLOCK) {
    const end = Math.min(catalogue.count, first + ID_BLOCK);
    const block = catalogue.compoundIdBytes?.(first, end);
    for (let row = first; row < end; row++) {
      const key = block ? bytesKey(block.bytes, block.offsets[row - first]!, block.offsets[row - first + 1]!) : referenceKey(catalogue.compoundId(row));
      if (heap.admits(key, row) && hasModel(row)) heap.push(key, row);
    }
  }
  return heap.rows().sort();
}

/** The `capacity` smallest (key, row) pairs seen, the largest on top. */
class KeyHeap {
  private readonly keys: number[] = [];
  private readonly at: number[] = [];

  constructor(private readonly capacity: number) {}

  admits(key: number, row: number): boolean {
    return this.keys.length < this.capacity || this.before(key, row, 0);
  }

  push(key: number, row: number): void {
    if (this.keys.length < this.capacity) {
      this.keys.push(key);
      this.at.push(row);
      this.up(this.keys.length - 1);
      return;
    }
    this.keys[0] = key;
    this.at[0] = row;
    this.down(0);
  }

  rows(): Uint32Array {
    return Uint32Array.from(this.at);
  }

  /** Whether (key, row) comes before entry i. */
  private before(key: number, row: number, i: number): boolean {
    return key < this.keys[i]! || (key === this.keys[i]! && row < this.at[i]!);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(this.keys[parent]!, this.at[parent]!, i)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      let largest = i;
      for (const child of [2 * i + 1, 2 * i + 2]) {
        if (child < this.keys.length && this.before(this.keys[largest]!, this.at[largest]!, child)) largest = child;
      }
      if (largest === i) return;
      this.swap(i, largest);
      i = largest;
    }
  }

  private swap(a: number, b: number): void {
    [this.keys[a], this.keys[b]] = [this.keys[b]!, this.keys[a]!];
    [this.at[a], this.at[b]] = [this.at[b]!, this.at[a]!];
  }
}

/**
 * A reference sample of `count` rows drawn by a fixed seed, of which `hasModel` tells the rows that can be
 * scored in 3D: for benchmark sets whose rows have no compound ids (bench/vs.ts).
 */
export function drawReferenceRows(count: number, hasModel: (row: number) => boolean): Uint32Array {
  if (count <= FUSION_REFERENCE_ROWS) return Uint32Array.from({ length: count }, (_, row) => row).filter(hasModel);
  const random = seededRandom(REFERENCE_SEED);
  const picked = new Set<number>();
  // Rows without a model are drawn and passed over; a catalogue made mostly of them gives a smaller sample.
  for (let draw = 0; draw < 4 * FUSION_REFERENCE_ROWS && picked.size < FUSION_REFERENCE_ROWS; draw++) {
    const row = Math.floor(random() * count);
    if (!picked.has(row) && hasModel(row)) picked.add(row);
  }
  return Uint32Array.from(picked).sort();
}
