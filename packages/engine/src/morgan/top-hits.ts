import { isBetter, sortHits } from '../format/hit-order.ts';

/** The best `capacity` (row, similarity) pairs seen so far, in the hit order (format/hit-order.ts). */
export class TopHits {
  readonly capacity: number;
  private readonly rows: Uint32Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.rows = new Uint32Array(capacity);
    this.scores = new Float64Array(capacity);
  }

  get count(): number {
    return this.size;
  }

  get full(): boolean {
    return this.size >= this.capacity;
  }

  /** The similarity a new hit must reach to enter (ties then go by row); 0 while not full. */
  get floor(): number {
    return this.full && this.size > 0 ? this.scores[0]! : 0;
  }

  /** Row of the hit a new one must beat (the current worst); meaningful when full. */
  get floorRow(): number {
    return this.size > 0 ? this.rows[0]! : 0;
  }

  offer(row: number, score: number): void {
    if (this.capacity === 0) return;
    if (this.size < this.capacity) {
      this.rows[this.size] = row;
      this.scores[this.size] = score;
      this.siftUp(this.size++);
      return;
    }
    if (!isBetter(score, row, this.scores[0]!, this.rows[0]!)) return;
    this.rows[0] = row;
    this.scores[0] = score;
    this.siftDown(0);
  }

  /** The hits best first. */
  sorted(): { rows: Uint32Array; similarities: Float64Array } {
    return sortHits(this.rows.subarray(0, this.size), this.scores.subarray(0, this.size));
  }

  // A min-heap on "worse first": the root is the hit to evict.
  private siftUp(index: number): void {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!isBetter(this.scores[parent]!, this.rows[parent]!, this.scores[i]!, this.rows[i]!)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(index: number): void {
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < this.size && isBetter(this.scores[worst]!, this.rows[worst]!, this.scores[left]!, this.rows[left]!)) worst = left;
      if (right < this.size && isBetter(this.scores[worst]!, this.rows[worst]!, this.scores[right]!, this.rows[right]!)) worst = right;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  private swap(a: number, b: number): void {
    const row = this.rows[a]!;
    const score = this.scores[a]!;
    this.rows[a] = this.rows[b]!;
    this.scores[a] = this.scores[b]!;
    this.rows[b] = row;
    this.scores[b] = score;
  }
}

/** Merges per-part best-first lists into the best `limit` overall. */
export function mergeHits(parts: { rows: Uint32Array; similarities: Float64Array }[], limit: number): { rows: Uint32Array; similarities: Float64Array } {
  const top = new TopHits(limit);
  for (const part of parts) for (let i = 0; i < part.rows.length; i++) top.offer(part.rows[i]!, part.similarities[i]!);
  return top.sorted();
}
