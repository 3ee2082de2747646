import { closeSync, openSync, readSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ManifestFile } from '../format/catalogue-format.ts';
import { describeFile } from '../format/column-file.ts';
import { newShapeIndex } from '../format/shape-index-file.ts';
import { INDEX_ADD_ROWS, INDEX_GRAPH_DIMENSIONS, VOLUME_GRAPH } from '../format/shape-index-layout.ts';
import type { IndexGraphLayout } from '../format/shape-index-layout.ts';
import { INDEX_VECTOR_BYTES, unpackIndexVectors } from '../format/shape-index-vectors.ts';

/**
 * Builds a graph of the stage-1 index (format/shape-index-layout.ts), by default over the volume vectors,
 * from the vectors already written into `dir` for `count` catalogue rows, INDEX_ADD_ROWS rows at a time on
 * `threads` threads, keyed by catalogue row; rows without conformers (empty vectors) are left out. Saves it
 * into `dir` and returns its manifest entry and the seconds spent inserting rows, `onRows` told the rows done
 * after each block. Only the graph is held while it is built. `dimensions` is INDEX_GRAPH_DIMENSIONS but in
 * tests of graphs written before it.
 */
export async function writeIndexGraph(
  dir: string, count: number, threads: number, dimensions = INDEX_GRAPH_DIMENSIONS, layout: IndexGraphLayout = VOLUME_GRAPH, onRows?: (rows: number) => void,
): Promise<{ file: ManifestFile; seconds: number }> {
  const index = newShapeIndex(dimensions, layout.connectivity, layout.expansionAdd);
  const block = new Uint8Array(INDEX_ADD_ROWS * INDEX_VECTOR_BYTES);
  let seconds = 0;
  const fd = openSync(join(dir, layout.vectors), 'r');
  try {
    for (let first = 0; first < count; first += INDEX_ADD_ROWS) {
      const rows = Math.min(INDEX_ADD_ROWS, count - first);
      const length = rows * INDEX_VECTOR_BYTES;
      if (readSync(fd, block, 0, length, first * INDEX_VECTOR_BYTES) !== length) throw new Error(`${layout.vectors} ended before row ${first + rows - 1}.`);
      const kept: number[] = [];
      for (let i = 0; i < rows; i++) if (block.subarray(i * INDEX_VECTOR_BYTES, (i + 1) * INDEX_VECTOR_BYTES).some((byte) => byte !== 0)) kept.push(i);
      if (kept.length > 0) {
        const packed = new Uint8Array(kept.length * INDEX_VECTOR_BYTES);
        kept.forEach((i, k) => packed.set(block.subarray(i * INDEX_VECTOR_BYTES, (i + 1) * INDEX_VECTOR_BYTES), k * INDEX_VECTOR_BYTES));
        const started = performance.now();
        index.add(BigUint64Array.from(kept, (i) => BigInt(first + i)), unpackIndexVectors(packed, dimensions), threads);
        seconds += (performance.now() - started) / 1000;
      }
      onRows?.(first + rows);
    }
  } finally {
    closeSync(fd);
  }
  const path = join(dir, layout.graph);
  await rm(path, { force: true });
  index.save(path);
  return { file: await describeFile(dir, layout.graph), seconds };
}
