import { toArrayBuffer } from '../format/column-file.ts';
import { EngineError } from '../format/engine-error.ts';
import { viewShapeIndex } from '../format/shape-index-file.ts';
import { readIndexVectorLayout } from '../format/shape-index-vectors.ts';
import type { IndexVectorLayout } from '../format/shape-index-vectors.ts';
import type { ShapeIndex } from '../format/shape-index-file.ts';
import { SHAPE_INDEX_FILES } from '../format/shape-index-layout.ts';
import type { CatalogueFiles } from './catalogue-files.ts';

/** A catalogue's stage-1 index as the 3D searches read it (format/shape-index-layout.ts). */
export interface StageOneIndex {
  /** The graph, memory-mapped. */
  graph: ShapeIndex;
  /** Catalogue row of each key (import order). */
  keyRows: Uint32Array;
  /** The index file, whose vectors an exhaustive scan reads (shape/index-scan.ts). */
  path: string;
  /** Where that file keeps its vectors and the key of each; read on first use (4 bytes a row). */
  vectors(): IndexVectorLayout;
}

/**
 * Opens the index of a catalogue of `count` rows: both files are checked against their manifest checksums
 * (read in pieces, not kept), so a truncated or damaged file is refused by name before usearch maps it;
 * then the graph is viewed with `expansion` and the row map read. `vectors` reads the file's vector layout
 * (indexVectorsOnce, shared by the views).
 */
export async function openStageOneIndex(files: CatalogueFiles, count: number, expansion: number, vectors: () => IndexVectorLayout): Promise<StageOneIndex> {
  await files.verify(SHAPE_INDEX_FILES.graph);
  const keyRows = new Uint32Array(toArrayBuffer(await files.read(SHAPE_INDEX_FILES.rows)));
  if (keyRows.length !== count || keyRows.some((row) => row >= count)) {
    throw new EngineError('CATALOGUE_CORRUPT', `${files.path(SHAPE_INDEX_FILES.rows)} does not map ${count} rows: re-import the catalogue.`);
  }
  const graph = viewShapeIndex(files.path(SHAPE_INDEX_FILES.graph), expansion);
  if (graph.size() > count) {
    throw new EngineError('CATALOGUE_CORRUPT', `${files.path(SHAPE_INDEX_FILES.graph)} holds ${graph.size()} rows, the catalogue ${count}: re-import the catalogue.`);
  }
  return { graph, keyRows, path: files.path(SHAPE_INDEX_FILES.graph), vectors };
}

/**
 * Reads, on first call and once for all the graph's views, where the index file of a catalogue of `count`
 * rows keeps its vectors (format/shape-index-vectors.ts); a file whose keys fall outside the rows is refused.
 */
export function indexVectorsOnce(files: CatalogueFiles, count: number): () => IndexVectorLayout {
  let layout: IndexVectorLayout | undefined;
  return () => {
    if (!layout) {
      const path = files.path(SHAPE_INDEX_FILES.graph);
      const read = readIndexVectorLayout(path);
      if (read.slotKeys.length > count || read.slotKeys.some((key) => key >= count)) {
        throw new EngineError('CATALOGUE_CORRUPT', `${path} holds keys outside the catalogue's ${count} rows: re-import the catalogue.`);
      }
      layout = read;
    }
    return layout;
  };
}
