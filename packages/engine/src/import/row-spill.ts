import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';

/**
 * Rows of bytes appended to a file of the import's work folder as they arrive, and read back one by one
 * when the columns are written in popcount order. The fingerprints, charge vectors and 3D models of a
 * 10^7-row import are 10 GB: held in memory, and copied once more into output order, they would outgrow
 * the machine. Rows of differing widths also write where each ends (8 bytes a row) to a second file,
 * `<path>.ends`, read into memory only once rows are read back: an import's memory does not grow with its
 * rows while they arrive (kept in memory, the ends of the SMILES, ids, formulas and models took 32 bytes a
 * row of a 10^6-row import).
 */
export class RowSpill {
  private readonly fd: number;
  private readonly endsFd: number | undefined;
  /** Where each row ends, read from the ends file when rows are first read after being appended. */
  private ends: Float64Array | undefined;
  private count = 0;
  private bytes = 0;
  private removed = false;

  /** `width`: the bytes of every row, when they are all alike. */
  constructor(readonly path: string, readonly width?: number) {
    this.fd = openSync(path, 'w+', 0o600);
    this.endsFd = width === undefined ? openSync(this.endsPath, 'w+', 0o600) : undefined;
  }

  private get endsPath(): string {
    return `${this.path}.ends`;
  }

  get rows(): number {
    return this.count;
  }

  /** Appends `rows` after the rows appended before, with one write (two with their ends). */
  append(rows: readonly Uint8Array[]): void {
    if (this.width !== undefined && rows.some((row) => row.byteLength !== this.width)) throw new RangeError(`Rows of ${this.path} are ${this.width} bytes each.`);
    const joined = Buffer.concat(rows);
    writeAll(this.fd, joined, this.bytes);
    if (this.endsFd !== undefined) {
      const ends = new Float64Array(rows.length);
      let end = this.bytes;
      rows.forEach((row, k) => (ends[k] = end += row.byteLength));
      writeAll(this.endsFd, new Uint8Array(ends.buffer), 8 * this.count);
      this.ends = undefined;
    }
    this.bytes += joined.length;
    this.count += rows.length;
  }

  /** The bytes of row `row` (0-based, in the order appended). */
  read(row: number): Uint8Array {
    return this.readInto(row, new Uint8Array(this.length(row)), 0);
  }

  /** Copies row `row` into `target` at `at`; returns `target`. */
  readInto(row: number, target: Uint8Array, at: number): Uint8Array {
    const length = this.length(row);
    return fill(this.fd, this.path, target, at, length, this.endOf(row) - length, row);
  }

  /**
   * Hands `take` every row in the order appended, reading the file a large piece at a time instead of a row
   * at a time (a row larger than a piece is read alone). `bytes` is a view that is valid during the call only.
   */
  eachRow(take: (row: number, bytes: Uint8Array) => void): void {
    const piece = new Uint8Array(Math.min(PIECE_BYTES, Math.max(this.bytes, 1)));
    let pieceStart = 0;
    let pieceEnd = 0;
    for (let row = 0; row < this.count; row++) {
      const end = this.endOf(row);
      const start = end - this.length(row);
      if (end > pieceEnd) {
        if (end - start > piece.length) {
          take(row, this.read(row));
          continue;
        }
        pieceStart = start;
        pieceEnd = Math.min(start + piece.length, this.bytes);
        fill(this.fd, this.path, piece, 0, pieceEnd - pieceStart, pieceStart, row);
      }
      take(row, piece.subarray(start - pieceStart, end - pieceStart));
    }
  }

  /** Copies `rows` rows from row `first` into `target` from its start, with one read: rows of one width only. */
  readBlock(first: number, rows: number, target: Uint8Array): Uint8Array {
    if (this.width === undefined) throw new RangeError(`Rows of ${this.path} differ in width: read them one by one.`);
    if (rows === 0) return target;
    this.length(first);
    this.length(first + rows - 1);
    return fill(this.fd, this.path, target, 0, rows * this.width, first * this.width, first + rows - 1);
  }

  private endsInMemory(): Float64Array {
    if (!this.ends) {
      const ends = new Float64Array(this.count);
      fill(this.endsFd!, this.endsPath, new Uint8Array(ends.buffer), 0, ends.byteLength, 0, this.count - 1);
      this.ends = ends;
    }
    return this.ends;
  }

  /** Where row `row` ends in the file. */
  private endOf(row: number): number {
    return this.width === undefined ? this.endsInMemory()[row]! : (row + 1) * this.width;
  }

  /** The bytes of row `row`. */
  length(row: number): number {
    if (!(Number.isInteger(row) && row >= 0 && row < this.count)) throw new RangeError(`Row ${row} is outside 0..${this.count - 1}.`);
    if (this.width !== undefined) return this.width;
    const ends = this.endsInMemory();
    return ends[row]! - (row === 0 ? 0 : ends[row - 1]!);
  }

  /** Closes and deletes the files; once only, later calls do nothing. */
  remove(): void {
    if (this.removed) return;
    this.removed = true;
    this.ends = undefined;
    closeSync(this.fd);
    rmSync(this.path, { force: true });
    if (this.endsFd !== undefined) {
      closeSync(this.endsFd);
      rmSync(this.endsPath, { force: true });
    }
  }
}

/** What one read of eachRow takes in. */
const PIECE_BYTES = 1 << 22;

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written, position + written);
}

/** A read may return fewer bytes than asked, so it is repeated until `length` bytes are in; `lastRow` names the row the error reports. */
function fill(fd: number, path: string, target: Uint8Array, at: number, length: number, position: number, lastRow: number): Uint8Array {
  for (let filled = 0; filled < length; ) {
    const read = readSync(fd, target, at + filled, length - filled, position + filled);
    if (read === 0) throw new Error(`${path} ended before row ${lastRow}.`);
    filled += read;
  }
  return target;
}
