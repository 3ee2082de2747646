import { START_LATTICE, volumeLattice } from '@molsearch/chem';
/**
 * The stage-1 volume grids of the 3D searches, as the grid kernel reads them: built from the models of
 * the rows the stage-1 index found (format/shape-index-layout.ts), not stored since format version 4.
 * Stage 1 scores each such molecule by how well its heavy-atom volume overlaps the query's when
 * both lie in their principal-axes frames: the starting poses from which the exact scorer climbs.
 * Volumes are bit grids (1 Å voxels, a voxel set when its centre lies within 1.5 Å of an atom), so an
 * overlap is an AND and a popcount, and the score is the grid Tanimoto (features/pose-grid.ts builds
 * them, shape/pose-grid-scan.ts compares them; the shape stage 1 averages it over the query grids placed
 * half a voxel either way along the first axis, shape/grid-candidates.ts STAGE1_SHAPE_SHIFTS).
 *
 * Measured with `npm run bench -- engine-3d` data (10,000 Chemspace molecules, 20 drug queries): the
 * share of the exact shape top 30 found among the best 3 % / 20 % of the catalogue by this score is
 * 0.72 / 0.94, against 0.28 / 0.64 by USRCAT; 1.5 Å voxels gave 0.54 / 0.91, 0.8 Å 0.74 / 0.95 at
 * three times the bytes.
 *
 * A row is GRID_ROW_BYTES: its GRID_SLOTS fine grids, then their coarse grids.
 */

export type { Lattice } from '@molsearch/chem';

/**
 * The grids that are scored: 1 Å voxels within 1.5 Å of an atom, the lattice by which the exact scorer
 * ranks its starting poses too (the same volumes of the same principal-axes starts).
 */
export const FINE = START_LATTICE;
/** Half extents of the box (Å) along the first, second and third principal axes. */
export const HALF_BOX = FINE.halfBox;
/**
 * 2 Å voxels within 2 Å of an atom, an eighth of the bytes: the scan compares these for every pair of
 * query and catalogue conformer and scores the fine grids of the most promising pairs only.
 */
export const COARSE = volumeLattice(2, 2, HALF_BOX);
export const GRID_BYTES = FINE.bytes;
export const COARSE_GRID_BYTES = COARSE.bytes;
/** Conformer grids stored per catalogue row (rows with fewer conformers leave empty slots). */
export const GRID_SLOTS = 3;
/** A row: its GRID_SLOTS fine grids, then their coarse grids. */
export const GRID_ROW_BYTES = GRID_SLOTS * (GRID_BYTES + COARSE_GRID_BYTES);
