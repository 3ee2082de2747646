import { GRID_SLOTS, HALF_BOX } from './grid-layout.ts';

/**
 * The stage-1 index of the 3D searches (format version 5): one binary volume vector a catalogue row, in
 * catalogue row order, compared with the query's vectors under Tanimoto; the rows it finds are then ranked
 * by the stage-1 grids of grid-layout.ts, built for those rows only from their models, and the best are
 * re-scored exactly.
 *
 * A row's vector is its first conformer's heavy-atom volume in its principal frame on a 1.5 Å lattice
 * (a voxel set when its centre lies within 1.5 Å of an atom): 15 x 10 x 7 = 1,050 bits. The query side
 * brings many conformers, so one catalogue conformer is enough to be found; the re-ranking then compares
 * all of the row's conformers. Measured on 10,000 Chemspace molecules and 10 drug queries (4 query
 * conformers x 4 axis flips, expansion 512): one vector a row held 0.92 / 0.86 of the exhaustive grid
 * stage 1's best 0.3 % / 3 %; a vector per conformer 0.99 / 0.91 at 5 times the bytes; the 1 Å grids per
 * conformer 1.00 / 1.00 at 10 times the bytes and twice the build time; the 2 Å grids per conformer
 * 0.95 / 0.88. Bounds on the grid Tanimoto from slab counts or volumes, which would allow an exact index,
 * kept 40-95 % of the rows at the thresholds of those candidate sets.
 *
 * Catalogues of up to INDEX_WALK.exhaustiveRows rows are scanned: each probe keeps its nearest rows exactly
 * (shape/index-scan.ts). Larger ones also get an HNSW graph (usearch) over the same vectors, keyed by catalogue
 * row and built when the import writes its files, and a search walks it instead, so it visits a few thousand rows
 * whatever the catalogue's size (the electrostatic search also walks a graph of the charge vectors,
 * charge-index-layout.ts). The import builds the graph from the vector file, then deletes the file: the graph
 * holds the vectors again, so a walked catalogue is walked whatever its size and cannot be scanned (at the 458,811
 * real rows of every shared catalogue walked, 1,579 bytes a molecule with the file and 1,447 without it;
 * catalogues walked before keep theirs, and may still be scanned). Only those catalogues pay for the graphs: this
 * one 280 bytes a row on disk (usearch's file holds the vectors again beside the links), and about as much in the
 * importing process's memory while it is built. Format 4 built it for every catalogue as rows arrived: an import's
 * memory grew by about 285 bytes a row, and a 3D catalogue of 100,000 Chemspace rows took 1,451 bytes a molecule
 * on disk against 1,171 without it. Built from the vector file in catalogue row order, the graph of 100,000
 * Chemspace molecules took 7.8 s on 2 threads (`npm run bench -- scale`); walked at fast for 10 drug queries it
 * returned 0.73-0.92 (mean 0.86) of the rows the exact scan returns, holding 0.826 of the exact shape top 30 where
 * the scan holds 0.847 (`npm run bench -- index-recall`). The graph format 4 built in input order as rows arrived
 * returned 0.54-0.85 in an earlier measurement, and took 620-3,437 s per million rows. At 10^6 replicated rows
 * walked at fast, 20 drug queries, the graph returned 0.956 (least 0.93) of the rows the exact scan returns
 * (`index-recall --catalogue REPLICATED-1000000 --qualities fast --skip-conformers`): what the walk misses of an
 * exhaustive grid stage 1 there (index-candidates.ts) is lost by the index metric, not by the graph.
 *
 * Catalogues that are scanned also keep a vector for each of a row's other conformers (up to GRID_SLOTS in
 * all, those of the stage-1 grids), and a scan compares the probes with every vector of the row: stage 1
 * ranks a row by its best conformer, often not its first. On the 100,000 Chemspace rows and 5 drug queries
 * (npm run bench -- scale, and --first-conformer-only on the same catalogue), the rows found held 0.796 of
 * the 3,500 an exhaustive shape stage 1 keeps at fast against 0.686 with first conformers alone (0.893
 * against 0.777 of the 25,000 at very_accurate; electrostatic 0.770 against 0.734 and 0.851 against 0.823),
 * and recall@30 of the exact top 30 rose from 0.693 to 0.733 for shape at fast (0.867 to 0.893 at
 * very_accurate; electrostatic 0.793 to 0.807 and 0.987 to 0.993), for 132 bytes a conformer on disk and
 * no more scanning (index-candidates.ts STAGE1_INDEX_PROBE). Graph catalogues keep their first conformer's
 * vector alone: the graph's bytes a row would triple.
 *
 * The electrostatic search also scans a charge vector a row (charge-index-layout.ts).
 *
 *   shape-index-vectors.bits            count x INDEX_VECTOR_BYTES (shape-index-vectors.ts), catalogue row order;
 *                                       only in catalogues that are scanned and those walked before their graph replaced it
 *   shape-index-conformer-vectors.bits  count x (GRID_SLOTS - 1) x INDEX_VECTOR_BYTES: a row's conformers after its
 *                                       first, each in its own principal frame, zero for a conformer the row lacks;
 *                                       only in catalogues that are scanned, absent in those built before
 *   shape-index.usearch                 the usearch graph of the first vectors (keys: catalogue rows), viewed
 *                                       memory-mapped; only in catalogues of more than INDEX_WALK.exhaustiveRows rows
 */
export const SHAPE_INDEX_FILES = { vectors: 'shape-index-vectors.bits', conformerVectors: 'shape-index-conformer-vectors.bits', graph: 'shape-index.usearch' } as const;
/** Conformers of a row after its first with a vector in SHAPE_INDEX_FILES.conformerVectors. */
export const MORE_CONFORMER_VECTORS = GRID_SLOTS - 1;

/**
 * Catalogues of at most `exhaustiveRows` rows are searched by scanning every index vector, exact by the index
 * metric and at these sizes about as fast as a graph walk; larger ones get a graph at import and are walked.
 * (An object so tests and benchmarks can build and walk the graph of a small catalogue.)
 */
export const INDEX_WALK = { exhaustiveRows: 2_000_000 };

export const INDEX_SPACING = 1.5;
export const INDEX_RADIUS = 1.5;
export const INDEX_DIMS = HALF_BOX.map((half) => Math.ceil((2 * half) / INDEX_SPACING)) as unknown as readonly [number, number, number];
/** Bits of a vector: usearch takes them one byte a bit and packs them itself. */
export const INDEX_BITS = INDEX_DIMS[0] * INDEX_DIMS[1] * INDEX_DIMS[2];
/**
 * Dimensions of the graph's vectors: INDEX_BITS rounded up to whole bytes, the bits past INDEX_BITS always
 * off, so Tanimoto is that of the INDEX_BITS. usearch 2.25 packs a vector by clearing only its whole bytes
 * (`dim / 8`) and OR-ing bits in: with 1,050 dimensions the last byte kept whatever the buffer held before,
 * so the graph of one import and the distances of one walk changed from run to run. Graphs written before
 * are still walked at their own 1,050 dimensions (index-candidates.ts asks the graph).
 */
export const INDEX_GRAPH_DIMENSIONS = Math.ceil(INDEX_BITS / 8) * 8;
/** Neighbours a node keeps (twice that on the bottom layer): 16 held the recall above at 281 bytes a row, vectors included. */
export const INDEX_CONNECTIVITY = 16;
/** Candidates kept while a node is inserted. */
export const INDEX_EXPANSION_ADD = 128;
/** Rows added to the graph at a time while it is built. */
export const INDEX_ADD_ROWS = 4096;

/**
 * A graph of the stage-1 index: the vector file it is built from, its own file, the neighbours a node keeps
 * and the candidates looked at while a node is inserted.
 */
export interface IndexGraphLayout {
  vectors: string;
  graph: string;
  connectivity: number;
  expansionAdd: number;
}

/** The graph over the volume vectors. */
export const VOLUME_GRAPH: IndexGraphLayout = { vectors: SHAPE_INDEX_FILES.vectors, graph: SHAPE_INDEX_FILES.graph, connectivity: INDEX_CONNECTIVITY, expansionAdd: INDEX_EXPANSION_ADD };
