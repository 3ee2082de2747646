import type { Coordinates } from '../geometry-types.ts';
import type { MolGraph } from '../mol-graph.ts';
import { centroid, distanceMoments, extremePoint } from './distance-moments.ts';
import type { UsrcatFeatureAtoms } from './usrcat-features.ts';
import { usrcatFeatureAtoms } from './usrcat-features.ts';

export const USRCAT_LENGTH = 60;

/**
 * USRCAT shape descriptor of one conformer (Schreyer & Blundell 2012), heavy atoms only; `coords` holds
 * every atom of `graph` in graph order. USR's four reference points are found on all heavy atoms:
 * centroid, the atom closest to it, the atom farthest from it, and the atom farthest from that one.
 * From each point, the USR moments of the distances (see `distanceMoments`) to all heavy atoms, then to
 * each pharmacophore class (hydrophobic, aromatic, acceptor, donor; see `usrcatFeatureAtoms`), always
 * from the same four points: 5 groups x 4 points x 3 moments. Classes with no atom give zeros.
 * Same values as RDKit's GetUSRCAT on the molecule without hydrogens (within 1e-4; where RDKit's value
 * is rounding noise, the skewness of a two-atom class, ours is ~0). Hydrogens of every isotope are left
 * out. Not chirality-aware. The classes depend on the graph only: pass them in when describing many
 * conformers of one molecule.
 */
export function usrcatDescriptor(
  graph: MolGraph,
  coords: Coordinates,
  features: UsrcatFeatureAtoms = usrcatFeatureAtoms(graph),
): Float32Array {
  if (coords.length !== graph.atoms.length * 3) {
    throw new Error(`USRCAT needs x, y, z for each of the ${graph.atoms.length} atoms; got ${coords.length} values.`);
  }
  const heavy: number[] = [];
  graph.atoms.forEach((atom, i) => {
    if (atom.atomicNumber !== 1) heavy.push(i);
  });
  const positionInHeavy = new Map(heavy.map((atom, k) => [atom, k]));
  const points = new Float64Array(heavy.length * 3);
  heavy.forEach((atom, k) => points.set(coords.subarray(atom * 3, atom * 3 + 3), k * 3));

  const descriptor = new Float32Array(USRCAT_LENGTH);
  if (heavy.length === 0) return descriptor;
  const ctd = centroid(points, 3);
  const cst = atomPosition(points, extremePoint(points, 3, ctd, true));
  const fct = atomPosition(points, extremePoint(points, 3, ctd));
  const ftf = atomPosition(points, extremePoint(points, 3, fct));
  const references = [ctd, cst, fct, ftf];

  const groups: (number[] | undefined)[] = [undefined, features.hydrophobic, features.aromatic, features.acceptor, features.donor];
  groups.forEach((members, g) => {
    const subset = members?.map((atom) => positionInHeavy.get(atom) ?? 0);
    references.forEach((origin, r) => descriptor.set(distanceMoments(points, 3, origin, subset), g * 12 + r * 3));
  });
  return descriptor;
}

function atomPosition(points: Float64Array, index: number): Float64Array {
  return points.subarray(index * 3, index * 3 + 3);
}
