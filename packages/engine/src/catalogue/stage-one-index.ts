import { CHARGE_INDEX_FILE, CHARGE_VECTOR_BYTES } from '../format/charge-index-layout.ts';
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
  /** The charge vectors (format/charge-index-layout.ts); absent in catalogues built before them. */
  charges?: ChargeVectors;
}

/** A catalogue's charge vectors: the file, and its layout for the scan (slot = key = catalogue row). */
export interface ChargeVectors {
  path: string;
  layout: IndexVectorLayout;
}

/**
 * Opens the index of a catalogue of `count` rows: both files are checked against their manifest checksums
 * (read in pieces, not kept), so a truncated or damaged file is refused by name before usearch maps it;
 * then the graph is viewed with `expansion` and the row map read. `vectors` reads the file's vector layout
 * (indexVectorsOnce, shared by the views). The charge vectors, when the manifest records them, are checked too.
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
  const charges = files.manifest.shape?.chargeIndex ? await openChargeVectors(files, count) : undefined;
  return { graph, keyRows, path: files.path(SHAPE_INDEX_FILES.graph), vectors, ...(charges ? { charges } : {}) };
}

/**
 * The charge vectors of a catalogue of `count` rows whose manifest records them, checked against their
 * checksum (a missing, truncated or damaged file is refused by name) and their size against the rows.
 */
async function openChargeVectors(files: CatalogueFiles, count: number): Promise<ChargeVectors> {
  await files.verify(CHARGE_INDEX_FILE);
  if (files.size(CHARGE_INDEX_FILE) !== count * CHARGE_VECTOR_BYTES) {
    throw new EngineError('CATALOGUE_CORRUPT', `${files.path(CHARGE_INDEX_FILE)} holds ${files.size(CHARGE_INDEX_FILE)} bytes, not ${CHARGE_VECTOR_BYTES} for each of ${count} rows: re-import the catalogue.`);
  }
  return { path: files.path(CHARGE_INDEX_FILE), layout: { first: 0, slotKeys: Uint32Array.from({ length: count }, (_, row) => row) } };
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
