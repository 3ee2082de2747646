import { CHARGE_GRAPH, CHARGE_INDEX_FILE, CHARGE_VECTOR_BYTES } from '../format/charge-index-layout.ts';
import { EngineError } from '../format/engine-error.ts';
import { viewShapeIndex } from '../format/shape-index-file.ts';
import type { ShapeIndex } from '../format/shape-index-file.ts';
import { SHAPE_INDEX_FILES } from '../format/shape-index-layout.ts';
import { CONFORMER_VECTOR_BYTES, INDEX_VECTOR_BYTES } from '../format/shape-index-vectors.ts';
import type { CatalogueFiles } from './catalogue-files.ts';

/** A catalogue's stage-1 index as the 3D searches read it (format/shape-index-layout.ts). */
export interface StageOneIndex {
  /**
   * The volume vectors' file, one vector a catalogue row, which a scan reads in blocks (shape/index-scan.ts);
   * absent in catalogues that are walked, whose volume graph holds the vectors, but for those built before.
   */
  vectors?: string;
  /** The vectors of each row's other conformers, laid out alike; only in catalogues that are scanned, and not in those built before them. */
  conformerVectors?: string;
  /** The graph over them, memory-mapped; only in catalogues large enough to be walked. */
  graph?: ShapeIndex;
  /** The charge vectors' file (format/charge-index-layout.ts), laid out alike; only in catalogues that are scanned, and not in those built before them. */
  charges?: string;
  /** The graph over the charge vectors, memory-mapped, in their file's place in catalogues that are walked; absent in those walked before it. */
  chargeGraph?: ShapeIndex;
}

/**
 * Opens, on first use, the index of a catalogue of `count` rows at any graph expansion. Every file is first
 * checked against its manifest checksum (read in pieces, not kept, once for all expansions) and the vector
 * files against the rows, so a truncated or damaged file is refused by name before it is scanned or usearch
 * maps it; the graphs, where the catalogue has them, are then viewed once per `expansion`. A failed open is
 * tried again on the next call.
 */
export function stageOneIndexOpener(files: CatalogueFiles, count: number): (expansion: number) => Promise<StageOneIndex> {
  let checked: Promise<StageOneIndex> | undefined;
  const views = new Map<number, Promise<StageOneIndex>>();
  const listed = (name: string) => files.manifest.files.some((file) => file.name === name);
  const hasGraph = listed(SHAPE_INDEX_FILES.graph);
  const hasChargeGraph = listed(CHARGE_GRAPH.graph);
  const check = async (): Promise<StageOneIndex> => {
    const vectors = listed(SHAPE_INDEX_FILES.vectors) ? await vectorFile(files, SHAPE_INDEX_FILES.vectors, count, INDEX_VECTOR_BYTES) : undefined;
    const conformerVectors = listed(SHAPE_INDEX_FILES.conformerVectors) ? await vectorFile(files, SHAPE_INDEX_FILES.conformerVectors, count, CONFORMER_VECTOR_BYTES) : undefined;
    // A catalogue with charge vectors keeps them as a file or, walked, as a graph (format/charge-index-layout.ts).
    const charges = files.manifest.shape?.chargeIndex && !hasChargeGraph ? await vectorFile(files, CHARGE_INDEX_FILE, count, CHARGE_VECTOR_BYTES) : undefined;
    for (const graph of [SHAPE_INDEX_FILES.graph, CHARGE_GRAPH.graph]) if (listed(graph)) await files.verify(graph);
    return { ...(vectors ? { vectors } : {}), ...(conformerVectors ? { conformerVectors } : {}), ...(charges ? { charges } : {}) };
  };
  return (expansion) => {
    let view = views.get(expansion);
    if (!view) {
      checked ??= check();
      view = checked.then((index) => ({
        ...index,
        ...(hasGraph ? { graph: viewGraph(files, SHAPE_INDEX_FILES.graph, count, expansion) } : {}),
        ...(hasChargeGraph ? { chargeGraph: viewGraph(files, CHARGE_GRAPH.graph, count, expansion) } : {}),
      }));
      view.catch(() => {
        checked = undefined;
        views.delete(expansion);
      });
      views.set(expansion, view);
    }
    return view;
  };
}

/** The path of a file of `width` bytes a row, checked against its checksum and its size against the rows. */
async function vectorFile(files: CatalogueFiles, name: string, count: number, width: number): Promise<string> {
  await files.verify(name);
  if (files.size(name) !== count * width) {
    throw new EngineError('CATALOGUE_CORRUPT', `${files.path(name)} holds ${files.size(name)} bytes, not ${width} for each of ${count} rows: re-import the catalogue.`);
  }
  return files.path(name);
}

function viewGraph(files: CatalogueFiles, name: string, count: number, expansion: number): ShapeIndex {
  const graph = viewShapeIndex(files.path(name), expansion);
  if (graph.size() > count) {
    throw new EngineError('CATALOGUE_CORRUPT', `${files.path(name)} holds ${graph.size()} rows, the catalogue ${count}: re-import the catalogue.`);
  }
  return graph;
}
