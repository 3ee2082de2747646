// Bit streams of the 3D model format (model-codec.ts): values of up to 17 bits, lowest bit first.

/** The bits that hold every value from 0 to `largest`. */
export function bitsFor(largest: number): number {
  return largest === 0 ? 0 : 32 - Math.clz32(largest);
}

/** Zig-zag code: 0, -1, 1, -2, ... as 0, 1, 2, 3, ... so small steps of either sign take few bits. */
export const zigzag = (value: number): number => (value >= 0 ? 2 * value : -2 * value - 1);
/** The inverse of zigzag, in integer operations (codes below 2^31) so that decoding stays in small integers. */
export const unzigzag = (code: number): number => (code >> 1) ^ ((code << 31) >> 31);

/** Appends values of up to 17 bits to a byte array, lowest bit first. */
export class BitWriter {
  private pending = 0;
  private count = 0;
  constructor(private readonly bytes: Uint8Array, private offset: number) {}
  write(value: number, bits: number): void {
    this.pending |= value << this.count;
    this.count += bits;
    while (this.count >= 8) {
      this.bytes[this.offset++] = this.pending & 0xff;
      this.pending >>>= 8;
      this.count -= 8;
    }
  }
  /** Writes the last partial byte; returns the offset after it. */
  end(): number {
    if (this.count > 0) this.bytes[this.offset++] = this.pending & 0xff;
    return this.offset;
  }
}

/** Reads values of given bits from a byte array, lowest bit first, from `at` on. */
export class BitReader {
  private pending = 0;
  private count = 0;
  constructor(private readonly bytes: Uint8Array, private at: number) {}
  read(width: number): number {
    while (this.count < width) {
      this.pending |= this.bytes[this.at++]! << this.count;
      this.count += 8;
    }
    const value = this.pending & ((1 << width) - 1);
    this.pending >>>= width;
    this.count -= width;
    return value;
  }
}
