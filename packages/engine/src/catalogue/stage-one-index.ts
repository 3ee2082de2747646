import { toArrayBuffer } from '../format/column-file.ts';
import { EngineError } from '../format/engine-error.ts';
import { viewShapeIndex } from '../format/shape-index-file.ts';
import type { ShapeIndex } from '../format/shape-index-file.ts';
import { SHAPE_INDEX_FILES } from '../format/shape-index-layout.ts';
import type { CatalogueFiles } from './catalogue-files.ts';

/** A catalogue's stage-1 index as the 3D searches read it (format/shape-index-layout.ts). */
export interface StageOneIndex {
  /** The graph, memory-mapped. */
  graph: ShapeIndex;
  /** Catalogue row of each key (import order). */
  keyRows: Uint32Array;
}

/**
 * Opens the index of a catalogue of `count` rows: both files are checked against their manifest checksums
 * (read in pieces, not kept), so a truncated or damaged file is refused by name before usearch maps it;
 * then the graph is viewed with `expansion` and the row map read.
 */
export async function openStageOneIndex(files: CatalogueFiles, count: number, expansion: number): Promise<StageOneIndex> {
  await files.verify(SHAPE_INDEX_FILES.graph);
  const keyRows = new Uint32Array(toArrayBuffer(await files.read(SHAPE_INDEX_FILES.rows)));
  if (keyRows.length !== count || keyRows.some((row) => row >= count)) {
    throw new EngineError('CATALOGUE_CORRUPT', `${files.path(SHAPE_INDEX_FILES.rows)} does not map ${count} rows: re-import the catalogue.`);
  }
  const graph = viewShapeIndex(files.path(SHAPE_INDEX_FILES.graph), expansion);
  if (graph.size() > count) {
    throw new EngineError('CATALOGUE_CORRUPT', `${files.path(SHAPE_INDEX_FILES.graph)} holds ${graph.size()} rows, the catalogue ${count}: re-import the catalogue.`);
  }
  return { graph, keyRows };
}
