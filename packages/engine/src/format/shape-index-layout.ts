import { HALF_BOX } from './grid-layout.ts';

/**
 * The stage-1 index of the 3D searches (format version 4): an HNSW graph (usearch) over one binary
 * volume vector a catalogue row, searched with the query's vectors under Tanimoto, so a search visits
 * a few thousand rows instead of every row. The rows it finds are then ranked by the stage-1 grids of
 * grid-layout.ts, built for those rows only from their models, and the best are re-scored exactly.
 *
 * A row's vector is its first conformer's heavy-atom volume in its principal frame on a 1.5 Å lattice
 * (a voxel set when its centre lies within 1.5 Å of an atom): 15 x 10 x 7 = 1,050 bits. The query side
 * brings many conformers, so one catalogue conformer is enough to be found; the re-ranking then compares
 * all of the row's conformers. Measured on 10,000 Chemspace molecules and 10 drug queries (4 query
 * conformers x 4 axis flips, expansion 512): one vector a row held 0.92 / 0.86 of the exhaustive grid
 * stage 1's best 0.3 % / 3 % at 281 bytes a row; a vector per conformer 0.99 / 0.91 at 777 bytes; the
 * 1 Å grids per conformer 1.00 / 1.00 at 1,478 bytes and twice the build time; the 2 Å grids per
 * conformer 0.95 / 0.88 at 547 bytes. Bounds on the grid Tanimoto from slab counts or volumes, which
 * would allow an exact index, kept 40-95 % of the rows at the thresholds of those candidate sets.
 *
 * Catalogues up to INDEX_WALK.exhaustiveRows (shape/index-candidates.ts) are not walked but scanned: the vectors
 * are read from the same file (format/shape-index-vectors.ts) and each probe keeps its nearest rows exactly.
 * On 100,000 Chemspace molecules and 10 drug queries the graph walk returned 0.54-0.85 of the rows the exact
 * scan returns (`npm run bench -- index-recall`), losing some of the exact top 30 the scan keeps.
 *
 * The electrostatic search also scans a charge vector a row (charge-index-layout.ts), where the catalogue has them.
 *
 *   shape-index.usearch     the usearch index file (keys: input rows of the import), viewed memory-mapped
 *   shape-index-rows.u32    count x u32: the catalogue row of each key (import order -> popcount order)
 */
export const SHAPE_INDEX_FILES = { graph: 'shape-index.usearch', rows: 'shape-index-rows.u32' } as const;

export const INDEX_SPACING = 1.5;
export const INDEX_RADIUS = 1.5;
export const INDEX_DIMS = HALF_BOX.map((half) => Math.ceil((2 * half) / INDEX_SPACING)) as unknown as readonly [number, number, number];
/** Bits of a vector: usearch takes them one byte a bit and packs them itself. */
export const INDEX_BITS = INDEX_DIMS[0] * INDEX_DIMS[1] * INDEX_DIMS[2];
/** Neighbours a node keeps (twice that on the bottom layer): 16 held the recall above at 281 bytes a row. */
export const INDEX_CONNECTIVITY = 16;
/** Candidates kept while a node is inserted. */
export const INDEX_EXPANSION_ADD = 128;
/** Rows added to the graph at a time while importing. */
export const INDEX_ADD_ROWS = 4096;
