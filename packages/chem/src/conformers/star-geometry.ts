import { anglePairKey, angleTargets, bondLength, type AngleTarget } from './ideal-geometry.ts';
import type { Topology } from './topology.ts';
import { vectorLength3 } from '../vector-length.ts';

/**
 * Ideal coordinates of a chain atom and its skeleton neighbours (`atoms[0]` the centre, then the
 * neighbours), from the bond lengths and angles the force field pulls to: the first neighbour on the x
 * axis, the second in the xy plane, the third above it and a fourth below. A specified tetrahedral centre
 * comes out with its hand; otherwise the mirror image is as good. Flat centres come out flat, since their
 * angles add up to a full turn.
 */
export function starGeometry(topology: Topology, atoms: readonly number[]): Float64Array {
  const centre = atoms[0] as number;
  const x = new Float64Array(3 * atoms.length);
  const targets = angleTargets(topology, centre);
  const directions: [number, number, number][] = [];
  for (let k = 1; k < atoms.length; k++) {
    const atom = atoms[k] as number;
    let u: [number, number, number];
    if (k === 1) u = [1, 0, 0];
    else if (k === 2) {
      const theta = targetAngle(targets, topology.size, atoms[1] as number, atom);
      u = [Math.cos(theta), Math.sin(theta), 0];
    } else {
      u = awayFrom(directions[0] as [number, number, number], directions[1] as [number, number, number],
        Math.cos(targetAngle(targets, topology.size, atoms[1] as number, atom)), Math.cos(targetAngle(targets, topology.size, atoms[2] as number, atom)), k === 3 ? 1 : -1);
    }
    directions.push(u);
    const r = bondLengthTo(topology, centre, atom);
    x.set([u[0] * r, u[1] * r, u[2] * r], 3 * k);
  }
  const chiral = topology.chiral.find((c) => c.centre === centre);
  if (chiral) {
    const [a, b, c] = chiral.neighbours.map((atom) => 3 * atoms.indexOf(atom)) as [number, number, number];
    const volume = (x[a] as number) * ((x[b + 1] as number) * (x[c + 2] as number) - (x[b + 2] as number) * (x[c + 1] as number)) +
      (x[a + 1] as number) * ((x[b + 2] as number) * (x[c] as number) - (x[b] as number) * (x[c + 2] as number)) +
      (x[a + 2] as number) * ((x[b] as number) * (x[c + 1] as number) - (x[b + 1] as number) * (x[c] as number));
    if (volume * chiral.sign < 0) for (let k = 2; k < x.length; k += 3) x[k] = -(x[k] as number);
  }
  return x;
}

/** A star's ideal angle i-centre-j; tetrahedral where the targets have none. */
function targetAngle(targets: Map<number, AngleTarget>, size: number, i: number, j: number): number {
  return targets.get(anglePairKey(size, i, j))?.angle ?? (109.47 * Math.PI) / 180;
}

function bondLengthTo(topology: Topology, centre: number, j: number): number {
  const bond = topology.bonds.find((b) => (b.a === centre && b.b === j) || (b.b === centre && b.a === j));
  return bond ? bondLength(topology, bond) : 1.5;
}

/**
 * The unit vector at cosines `c1` and `c2` to the unit vectors `u1` and `u2`, on the `side` (+1 or -1) of
 * their plane along u1 × u2. When the cosines ask for more than a full turn it lies in the plane.
 */
function awayFrom(u1: [number, number, number], u2: [number, number, number], c1: number, c2: number, side: number): [number, number, number] {
  const c12 = u1[0] * u2[0] + u1[1] * u2[1] + u1[2] * u2[2];
  const det = Math.max(1e-9, 1 - c12 * c12);
  const alpha = (c1 - c12 * c2) / det;
  const beta = (c2 - c12 * c1) / det;
  const inPlane = alpha * alpha + beta * beta + 2 * alpha * beta * c12;
  const normal = [u1[1] * u2[2] - u1[2] * u2[1], u1[2] * u2[0] - u1[0] * u2[2], u1[0] * u2[1] - u1[1] * u2[0]] as const;
  const normalLength = vectorLength3(normal[0], normal[1], normal[2]) || 1;
  const gamma = side * Math.sqrt(Math.max(0, 1 - inPlane));
  const v: [number, number, number] = [0, 1, 2].map((k) => alpha * (u1[k] as number) + beta * (u2[k] as number) + (gamma * (normal[k] as number)) / normalLength) as [number, number, number];
  const size = vectorLength3(v[0], v[1], v[2]) || 1;
  return [v[0] / size, v[1] / size, v[2] / size];
}
