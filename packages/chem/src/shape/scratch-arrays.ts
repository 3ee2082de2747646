/**
 * A thread's reusable typed arrays, for what the scorer derives from a candidate it scores once and drops
 * (ScoreOptions.once). A typed array of more than 64 bytes is allocated outside V8's heap, at 0.35-1.8 µs
 * each and again when collected; re-scoring a catalogue candidate allocated about a dozen.
 */
export class ScratchArrays<T extends Float64Array | Float32Array | Uint8Array> {
  private array: T;
  private used = 0;

  constructor(private readonly make: (length: number) => T) {
    this.array = make(1024);
  }

  /** Forgets every view taken since: the next candidate's arrays take their place. */
  reset(): void {
    this.used = 0;
  }

  /**
   * A zeroed view of `length` elements after those taken since the last reset. A view taken before the array
   * had to grow keeps the old array, so it stays valid until the next reset.
   */
  take(length: number): T {
    if (this.used + length > this.array.length) {
      this.array = this.make(Math.max(2 * this.array.length, length));
      this.used = 0;
    }
    const view = this.array.subarray(this.used, this.used + length) as T;
    view.fill(0);
    // Every view starts 16 elements apart at least, so a byte view can be read as words (start-grids.ts).
    this.used += Math.ceil(length / 16) * 16;
    return view;
  }
}
