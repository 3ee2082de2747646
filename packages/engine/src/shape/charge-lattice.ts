import { espSelfOverlap } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { principalCoordinates } from '../features/pose-grid.ts';
import type { QueryGrids } from '../features/pose-grid.ts';

/**
 * The electrostatic half of stage 1. ESPsim compares charges at the best shape pose, and the grid
 * scan already names, for every molecule, the conformer pairs and principal-axes poses with the best
 * volume overlaps: the electrostatic similarity (Carbó, every charge site) at those poses ranks the
 * molecules for the electrostatic method (see ESP_POSE_MARGIN). On the 10,000-molecule benchmark the
 * best 3 % / 20 % by the charges at the single best grid pose held 0.43 / 0.66 of the exact
 * electrostatic top 30, against 0.11 / 0.40 by grid volume alone and 0.11 / 0.43 by USRCAT.
 *
 * The catalogue's sites are stored at import (format/charge-site-layout.ts); the query's are placed here.
 */

/**
 * Moves sites beyond the query lattice's box onto its inside border, in place: they read the border,
 * where the potential is flat, and the kernel reads no point outside.
 */
export function keepSitesInLattice(records: Float32Array): Float32Array {
  for (let at = 0; at < records.length; at += 4) {
    for (let axis = 0; axis < 3; axis++) {
      const limit = LATTICE_HALF[axis]! - BOX_INSET;
      records[at + axis] = Math.min(limit, Math.max(-limit, records[at + axis]!));
    }
  }
  return records;
}

/**
 * The query's potential Σ_a q_a K(|x − a|²) is tabulated on a 1 Å lattice of its principal frame by
 * the grid kernel (`potentialLattices`): a candidate's overlap with it is then Σ_b q_b V(b), read by
 * trilinear interpolation, 45 reads instead of 45 x 45 kernel terms (`chargeOverlaps`). A mirror of the
 * query is the same lattice read at mirrored points. Points beyond the box read its border, where the
 * potential is flat. Against the direct pair sum the similarity is within 0.015, except where sites
 * coincide: the lattice flattens the kernel's peak, and a molecule against itself reads about 0.91
 * instead of 1. Recall on the 10,000-molecule benchmark was the same as with the direct sum (0.738 at fast).
 */
export const LATTICE_HALF = [14, 10, 8] as const;
export const LATTICE_POINTS = LATTICE_HALF.map((half) => 2 * half + 1) as unknown as readonly [number, number, number];
/** How far inside the lattice box catalogue sites are kept (Å): the last cell's upper corner is then still inside. */
const BOX_INSET = 1e-4;

/** The query side of the charge scoring, per query conformer of the grids: its charge sites and O_AA. */
export interface QuerySites {
  /** x, y, z (principal frame) and charge of every site, `siteCount` sites a conformer, conformer after conformer. */
  sites: Float32Array;
  siteCount: number;
  selfOverlaps: Float64Array;
}

export function querySites(query: Model3D, grids: QueryGrids): QuerySites {
  const siteCount = query.charges.length;
  const sites = new Float32Array(4 * siteCount * grids.conformers.length);
  const selfOverlaps = new Float64Array(grids.conformers.length);
  grids.conformers.forEach((k, p) => {
    const coords = principalCoordinates(query, k, true);
    for (let a = 0; a < siteCount; a++) {
      sites.set([coords[3 * a]!, coords[3 * a + 1]!, coords[3 * a + 2]!, query.charges[a]!], 4 * (p * siteCount + a));
    }
    selfOverlaps[p] = espSelfOverlap(coords, query.charges, siteCount);
  });
  return { sites, siteCount, selfOverlaps };
}
