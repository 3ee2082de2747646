/**
 * Coordinates of one conformer: x, y, z of atom i at [3i, 3i+1, 3i+2], in ångström, in the atom
 * order of the `MolGraph` they belong to (hydrogens included when the graph has them).
 */
export type Coordinates = Float64Array;

/**
 * How skeletons are embedded: by distance geometry on the whole molecule, or assembled from ring systems
 * and chain atoms at torsion minima with the most representative by shape polished (about twice as fast,
 * as good against RDKit's conformers at three a molecule: `npm run bench -- conformer-gate`).
 */
export type ConformerMethod = 'distance-geometry' | 'fragments';

export interface ConformerOptions {
  /** Default distance geometry. */
  method?: ConformerMethod;
  /** Number of conformers wanted (queries ask for more than catalogue entries). */
  count: number;
  /** Same seed, same input -> same coordinates. */
  seed: number;
  /** Per-molecule time cap; past it the best conformers so far are returned and `timedOut` is set. */
  timeBudgetMs: number;
}

export interface ConformerSet {
  conformers: Coordinates[];
  timedOut: boolean;
  /**
   * Set when the geometry is best effort: ideal distances could not all be met (strained cages, metals,
   * large molecules), a specified stereocentre or double bond could not be honoured, or the generator failed
   * and returned a crude placeholder.
   */
  approximate?: boolean;
}

/** Copies atom `from`'s x, y, z in `source` to atom `to` in `target`, without the view a `subarray` would make. */
export function copyPoint(source: Coordinates, from: number, target: Coordinates, to: number): void {
  target[3 * to] = source[3 * from]!;
  target[3 * to + 1] = source[3 * from + 1]!;
  target[3 * to + 2] = source[3 * from + 2]!;
}
