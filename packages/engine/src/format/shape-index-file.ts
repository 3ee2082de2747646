import { Index, MetricKind, ScalarKind } from 'usearch';
import { EngineError } from './engine-error.ts';
import { INDEX_CONNECTIVITY, INDEX_EXPANSION_ADD, INDEX_GRAPH_DIMENSIONS } from './shape-index-layout.ts';

/**
 * The stage-1 index as usearch keeps it (format/shape-index-layout.ts): binary vectors, Tanimoto, keys
 * are the import's input rows. One writer (import) and one opener (the catalogue reader).
 */
export type ShapeIndex = Index;

function config(expansionSearch: number, dimensions = INDEX_GRAPH_DIMENSIONS, connectivity = INDEX_CONNECTIVITY, expansionAdd = INDEX_EXPANSION_ADD) {
  return {
    dimensions,
    metric: MetricKind.Tanimoto,
    quantization: ScalarKind.B1,
    connectivity,
    expansion_add: expansionAdd,
    expansion_search: expansionSearch,
    multi: false,
  };
}

/**
 * An empty index to add rows to, of vectors `dimensions` wide (INDEX_BITS only to write a graph as before
 * INDEX_GRAPH_DIMENSIONS), each node keeping `connectivity` neighbours of the `expansionAdd` it looks at.
 */
export function newShapeIndex(dimensions = INDEX_GRAPH_DIMENSIONS, connectivity = INDEX_CONNECTIVITY, expansionAdd = INDEX_EXPANSION_ADD): ShapeIndex {
  return new Index(config(64, dimensions, connectivity, expansionAdd));
}

/**
 * The index file at `path` memory-mapped (usearch `view`): its pages are read as searches touch them
 * and stay in the page cache, not in the process's own memory. `expansionSearch` sets how many
 * candidates a search keeps while walking the graph, so how much of the index it explores. The view takes
 * the file's own dimensions (`dimensions()`): INDEX_GRAPH_DIMENSIONS, or INDEX_BITS in graphs written before.
 */
export function viewShapeIndex(path: string, expansionSearch: number): ShapeIndex {
  const index = new Index(config(expansionSearch));
  try {
    index.view(path);
  } catch (error) {
    throw new EngineError('CATALOGUE_CORRUPT', `${path} is not a readable 3D index (${error instanceof Error ? error.message : String(error)}): re-import the catalogue.`, { cause: error });
  }
  return index;
}
