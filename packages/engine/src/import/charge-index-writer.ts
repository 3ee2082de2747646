import { frameChargeVector } from '../features/charge-index-vector.ts';
import type { RowFrame } from '../features/index-vector.ts';
import type { ManifestFile } from '../format/catalogue-format.ts';
import { CHARGE_INDEX_FILE, CHARGE_VECTOR_BYTES } from '../format/charge-index-layout.ts';
import { WRITE_ROWS, writeColumn } from '../format/column-file.ts';

/** Input rows whose vectors are kept in one piece while importing. */
const PIECE_ROWS = 65536;

/**
 * Builds the charge vectors of the stage-1 index (format/charge-index-layout.ts) as rows arrive in import
 * order, CHARGE_VECTOR_BYTES a row kept in pieces, and writes them in catalogue row order once it is known.
 */
export class ChargeIndexWriter {
  private readonly pieces: Uint8Array[] = [];
  private inputRows = 0;

  /** Adds the next input row (its frame, features/index-vector.ts; undefined for a row without conformers, whose vector stays empty). */
  add(frame: RowFrame | undefined): void {
    const row = this.inputRows++;
    const piece = Math.floor(row / PIECE_ROWS);
    if (piece === this.pieces.length) this.pieces.push(new Uint8Array(PIECE_ROWS * CHARGE_VECTOR_BYTES));
    if (frame) frameChargeVector(frame, this.pieces[piece]!, (row % PIECE_ROWS) * CHARGE_VECTOR_BYTES);
  }

  /** Writes the vectors into `dir`: `rows[newRow]` is the input row at catalogue row newRow. */
  write(dir: string, rows: Uint32Array): Promise<ManifestFile> {
    return writeColumn(dir, CHARGE_INDEX_FILE, async (write) => {
      const block = new Uint8Array(WRITE_ROWS * CHARGE_VECTOR_BYTES);
      for (let first = 0; first < rows.length; first += WRITE_ROWS) {
        const count = Math.min(WRITE_ROWS, rows.length - first);
        for (let i = 0; i < count; i++) {
          const input = rows[first + i]!;
          const at = (input % PIECE_ROWS) * CHARGE_VECTOR_BYTES;
          block.set(this.pieces[Math.floor(input / PIECE_ROWS)]!.subarray(at, at + CHARGE_VECTOR_BYTES), i * CHARGE_VECTOR_BYTES);
        }
        await write(block.subarray(0, count * CHARGE_VECTOR_BYTES));
      }
    });
  }
}
