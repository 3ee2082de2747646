import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { withRoom } from '../format/packed-bytes.ts';

/**
 * Rows of bytes appended to a file of the import's work folder as they arrive, and read back one by one
 * when the columns are written in popcount order. The fingerprints, charge vectors and 3D models of a
 * 10^7-row import are 10 GB: held in memory, and copied once more into output order, they would outgrow
 * the machine. Memory keeps where each row ends, 8 bytes a row, unless every row has the same `width`.
 */
export class RowSpill {
  private readonly fd: number;
  private ends = new Float64Array(4096);
  private count = 0;
  private bytes = 0;
  private removed = false;

  /** `width`: the bytes of every row, when they are all alike. */
  constructor(readonly path: string, private readonly width?: number) {
    this.fd = openSync(path, 'w+', 0o600);
  }

  get rows(): number {
    return this.count;
  }

  /** Appends `rows` after the rows appended before, with one write. */
  append(rows: readonly Uint8Array[]): void {
    if (this.width !== undefined && rows.some((row) => row.byteLength !== this.width)) throw new RangeError(`Rows of ${this.path} are ${this.width} bytes each.`);
    const joined = Buffer.concat(rows);
    for (let written = 0; written < joined.length; ) written += writeSync(this.fd, joined, written, joined.length - written, this.bytes + written);
    if (this.width === undefined) this.ends = withRoom(this.ends, this.count, this.count + rows.length);
    for (const row of rows) {
      this.bytes += row.byteLength;
      if (this.width === undefined) this.ends[this.count] = this.bytes;
      this.count++;
    }
  }

  /** The bytes of row `row` (0-based, in the order appended). */
  read(row: number): Uint8Array {
    return this.readInto(row, new Uint8Array(this.length(row)), 0);
  }

  /** Copies row `row` into `target` at `at`; returns `target`. */
  readInto(row: number, target: Uint8Array, at: number): Uint8Array {
    const length = this.length(row);
    const start = this.width === undefined ? this.ends[row]! - length : row * this.width;
    return this.fill(target, at, length, start, row);
  }

  /** Copies `rows` rows from row `first` into `target` from its start, with one read: rows of one width only. */
  readBlock(first: number, rows: number, target: Uint8Array): Uint8Array {
    if (this.width === undefined) throw new RangeError(`Rows of ${this.path} differ in width: read them one by one.`);
    if (rows === 0) return target;
    this.length(first);
    this.length(first + rows - 1);
    return this.fill(target, 0, rows * this.width, first * this.width, first + rows - 1);
  }

  /** A read may return fewer bytes than asked, so it is repeated until `length` bytes are in; `lastRow` names the row the error reports. */
  private fill(target: Uint8Array, at: number, length: number, position: number, lastRow: number): Uint8Array {
    for (let filled = 0; filled < length; ) {
      const read = readSync(this.fd, target, at + filled, length - filled, position + filled);
      if (read === 0) throw new Error(`${this.path} ended before row ${lastRow}.`);
      filled += read;
    }
    return target;
  }

  private length(row: number): number {
    if (!(Number.isInteger(row) && row >= 0 && row < this.count)) throw new RangeError(`Row ${row} is outside 0..${this.count - 1}.`);
    return this.width ?? this.ends[row]! - (row === 0 ? 0 : this.ends[row - 1]!);
  }

  /** Closes and deletes the file; once only, later calls do nothing. */
  remove(): void {
    if (this.removed) return;
    this.removed = true;
    closeSync(this.fd);
    rmSync(this.path, { force: true });
  }
}
