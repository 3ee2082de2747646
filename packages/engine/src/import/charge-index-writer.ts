import { frameChargeVector } from '../features/charge-index-vector.ts';
import type { RowFrame } from '../features/index-vector.ts';
import type { ManifestFile } from '../format/catalogue-format.ts';
import { CHARGE_INDEX_FILE, CHARGE_VECTOR_BYTES } from '../format/charge-index-layout.ts';
import { WRITE_ROWS, writeColumn } from '../format/column-file.ts';
import { RowSpill } from './row-spill.ts';

/**
 * Builds the charge vectors of the stage-1 index (format/charge-index-layout.ts) as rows arrive in import
 * order, in a file of the import's work folder at `path` (row-spill.ts), and writes them in catalogue row
 * order once it is known.
 */
export class ChargeIndexWriter {
  private readonly vectors: RowSpill;

  constructor(path: string) {
    this.vectors = new RowSpill(path, CHARGE_VECTOR_BYTES);
  }

  /** Adds the next input rows (their frames, features/index-vector.ts; undefined for a row without conformers, whose vector stays empty). */
  append(frames: readonly (RowFrame | undefined)[]): void {
    this.vectors.append(frames.map((frame) => {
      const vector = new Uint8Array(CHARGE_VECTOR_BYTES);
      if (frame) frameChargeVector(frame, vector, 0);
      return vector;
    }));
  }

  /** Writes the vectors into `dir`: `rows[newRow]` is the input row at catalogue row newRow. Deletes the work folder's file. */
  async write(dir: string, rows: Uint32Array): Promise<ManifestFile> {
    const file = await writeColumn(dir, CHARGE_INDEX_FILE, async (write) => {
      const block = new Uint8Array(WRITE_ROWS * CHARGE_VECTOR_BYTES);
      for (let first = 0; first < rows.length; first += WRITE_ROWS) {
        const count = Math.min(WRITE_ROWS, rows.length - first);
        for (let i = 0; i < count; i++) this.vectors.readInto(rows[first + i]!, block, i * CHARGE_VECTOR_BYTES);
        await write(block.subarray(0, count * CHARGE_VECTOR_BYTES));
      }
    });
    this.vectors.remove();
    return file;
  }

  /** Deletes the work folder's file, for an import that failed. */
  discard(): void {
    this.vectors.remove();
  }
}
