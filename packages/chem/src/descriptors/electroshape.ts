import type { Coordinates } from '../geometry-types.ts';
import type { MolGraph } from '../mol-graph.ts';
import { centroid, distanceMoments, extremePoint } from './distance-moments.ts';

export const ELECTROSHAPE_LENGTH = 15;

/** Å per electron charge for the fourth coordinate (Armstrong et al. 2010). */
export const ELECTROSHAPE_CHARGE_SCALE = 25;

/**
 * ElectroShape descriptor of one conformer (Armstrong et al., J. Comput.-Aided Mol. Des. 2010, 24, 789):
 * every atom given becomes a 4D point (x, y, z, 25 q); pass heavy atoms (see `heavyAtomPoints`).
 * Five reference points: c1 the 4D centroid; c2 the point farthest from c1; c3 the point farthest from
 * c2; c4 and c5 share the spatial position c1 + (|c2 - c1| / (2 |a x b|)) a x b, with a, b the spatial
 * parts of c2 - c1 and c3 - c1, and take the largest and the smallest scaled charge as fourth coordinate
 * (as ODDT builds them). The cross product makes the descriptor chirality-aware. From each point, the same
 * three moments as USR (mean, sd, cube root of skewness) of the 4D distances: 5 x 3 values.
 * ODDT differs in the third moment (cube root of the raw third central moment); we keep USR's so both
 * descriptors share one definition. When a x b vanishes (fewer than three non-collinear atoms) the offset
 * is zero rather than undefined.
 */
export function electroShapeDescriptor(coords: Coordinates, charges: ArrayLike<number>): Float32Array {
  const count = coords.length / 3;
  if (charges.length !== count) {
    throw new Error(`ElectroShape needs one charge per atom: ${count} atoms but ${charges.length} charges.`);
  }
  const descriptor = new Float32Array(ELECTROSHAPE_LENGTH);
  if (count === 0) return descriptor;
  const points = new Float64Array(count * 4);
  let maxCharge = -Infinity;
  let minCharge = Infinity;
  for (let i = 0; i < count; i++) {
    points.set(coords.subarray(i * 3, i * 3 + 3), i * 4);
    const scaled = ELECTROSHAPE_CHARGE_SCALE * (charges[i] ?? 0);
    points[i * 4 + 3] = scaled;
    maxCharge = Math.max(maxCharge, scaled);
    minCharge = Math.min(minCharge, scaled);
  }
  const c1 = centroid(points, 4);
  const c2 = points.subarray(extremePoint(points, 4, c1) * 4).subarray(0, 4);
  const c3 = points.subarray(extremePoint(points, 4, c2) * 4).subarray(0, 4);
  const a = [0, 1, 2, 3].map((d) => (c2[d] ?? 0) - (c1[d] ?? 0));
  const b = [0, 1, 2].map((d) => (c3[d] ?? 0) - (c1[d] ?? 0));
  const [ax = 0, ay = 0, az = 0] = a;
  const [bx = 0, by = 0, bz = 0] = b;
  const cross = [ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx];
  const crossLength = Math.hypot(...cross);
  const scale = crossLength === 0 ? 0 : Math.hypot(...a) / (2 * crossLength);
  const offset = cross.map((v, d) => (c1[d] ?? 0) + scale * v);
  const c4 = [...offset, maxCharge];
  const c5 = [...offset, minCharge];
  [c1, c2, c3, c4, c5].forEach((origin, r) => descriptor.set(distanceMoments(points, 4, origin), r * 3));
  return descriptor;
}

/** Coordinates and charges of the heavy atoms of `graph`, from per-atom arrays in graph order. */
export function heavyAtomPoints(
  graph: MolGraph,
  coords: Coordinates,
  charges: ArrayLike<number>,
): { coords: Coordinates; charges: Float64Array } {
  if (coords.length !== graph.atoms.length * 3 || charges.length !== graph.atoms.length) {
    throw new Error(
      `Expected x, y, z and a charge for each of the ${graph.atoms.length} atoms; got ${coords.length} coordinates and ${charges.length} charges.`,
    );
  }
  const heavy: number[] = [];
  graph.atoms.forEach((atom, i) => {
    if (atom.atomicNumber !== 1) heavy.push(i);
  });
  const heavyCoords = new Float64Array(heavy.length * 3);
  const heavyCharges = new Float64Array(heavy.length);
  heavy.forEach((atom, k) => {
    heavyCoords.set(coords.subarray(atom * 3, atom * 3 + 3), k * 3);
    heavyCharges[k] = charges[atom] ?? 0;
  });
  return { coords: heavyCoords, charges: heavyCharges };
}
