import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { frameIndexVector } from '../features/index-vector.ts';
import type { RowFrame } from '../features/index-vector.ts';
import type { ManifestFile } from '../format/catalogue-format.ts';
import { describeFile, writeBytes } from '../format/column-file.ts';
import { newShapeIndex } from '../format/shape-index-file.ts';
import type { ShapeIndex } from '../format/shape-index-file.ts';
import { INDEX_ADD_ROWS, INDEX_BITS, SHAPE_INDEX_FILES } from '../format/shape-index-layout.ts';

/**
 * Builds the stage-1 index (format/shape-index-layout.ts) as rows arrive in import order: their vectors
 * are gathered INDEX_ADD_ROWS at a time and inserted into the graph on `threads` threads, so the index
 * grows with the import and only the graph itself is held. Keys are input rows; `write` saves the graph
 * and the map from key to catalogue row once the row order is known.
 */
export class ShapeIndexWriter {
  private readonly index: ShapeIndex = newShapeIndex();
  private readonly vectors = new Int8Array(INDEX_ADD_ROWS * INDEX_BITS);
  private readonly keys: bigint[] = [];
  private inputRows = 0;
  private seconds = 0;

  constructor(private readonly threads: number) {}

  /** Adds the next input row (its frame, features/index-vector.ts; undefined for a row without conformers, which is not indexed). */
  add(frame: RowFrame | undefined): void {
    const row = this.inputRows++;
    if (!frame) return;
    frameIndexVector(frame, this.vectors, this.keys.length * INDEX_BITS);
    this.keys.push(BigInt(row));
    if (this.keys.length === INDEX_ADD_ROWS) this.flush();
  }

  /** Seconds spent inserting into the graph so far. */
  get buildSeconds(): number {
    return this.seconds;
  }

  private flush(): void {
    if (this.keys.length === 0) return;
    const started = performance.now();
    this.index.add(BigUint64Array.from(this.keys), this.vectors.subarray(0, this.keys.length * INDEX_BITS), this.threads);
    this.seconds += (performance.now() - started) / 1000;
    this.vectors.fill(0);
    this.keys.length = 0;
  }

  /**
   * Saves the graph into `dir` and the catalogue row of every key: `rows[newRow]` is the input row at
   * catalogue row newRow (the builder's popcount order).
   */
  async write(dir: string, rows: Uint32Array): Promise<ManifestFile[]> {
    this.flush();
    const keyRows = new Uint32Array(this.inputRows);
    rows.forEach((inputRow, row) => (keyRows[inputRow] = row));
    const graphPath = join(dir, SHAPE_INDEX_FILES.graph);
    await rm(graphPath, { force: true });
    this.index.save(graphPath);
    const graph = await describeFile(dir, SHAPE_INDEX_FILES.graph);
    return [graph, await writeBytes(dir, SHAPE_INDEX_FILES.rows, new Uint8Array(keyRows.buffer))];
  }
}
