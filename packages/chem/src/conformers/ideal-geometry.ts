import { covalentRadius } from './element-radii.ts';
import type { SkeletonBond, Topology } from './topology.ts';

const DEG = Math.PI / 180;
const TETRAHEDRAL = 109.47 * DEG;

const HALOGEN_TO_CARBON: Record<number, number> = { 9: 1.36, 17: 1.75, 35: 1.9, 53: 2.1 };

/** An unordered pair of elements as one number, for the tables below (read for every bond of every skeleton). */
function elementPair(za: number, zb: number): number {
  return za < zb ? 256 * za + zb : 256 * zb + za;
}

function pairTable<T>(entries: [number, number, T][]): Map<number, T> {
  return new Map(entries.map(([za, zb, value]) => [elementPair(za, zb), value]));
}

/** Single bonds between heteroatoms. */
const HETERO_SINGLE = pairTable([[7, 16, 1.69], [8, 16, 1.58], [7, 7, 1.4], [7, 8, 1.4], [8, 15, 1.6], [7, 15, 1.68]]);
/** Kekulé single and double positions of aromatic rings keep some of their difference in force-field geometry. */
const AROMATIC: Map<number, [number, number]> = pairTable<[number, number]>([
  [6, 6, [1.4, 1.385]], [6, 7, [1.38, 1.33]], [6, 8, [1.36, 1.36]], [6, 16, [1.72, 1.72]], [7, 7, [1.37, 1.35]], [7, 8, [1.4, 1.4]], [7, 16, [1.65, 1.65]],
]);
const DOUBLE = pairTable([[6, 6, 1.34], [6, 7, 1.28], [6, 8, 1.22], [6, 16, 1.67], [7, 8, 1.22], [8, 16, 1.45], [8, 15, 1.49], [7, 7, 1.25]]);

/** Neighbours joined to `centre` by a non-aromatic double bond (the O of a sulfonyl). */
function doublyBonded(topology: Topology, centre: number): Set<number> {
  const result = new Set<number>();
  for (const bond of topology.bonds) {
    if (bond.order !== 2 || bond.aromatic) continue;
    if (bond.a === centre) result.add(bond.b);
    else if (bond.b === centre) result.add(bond.a);
  }
  return result;
}

/** Single bonds between heavy atoms, by the kind of each end: typical force-field equilibrium values. */
function singleBondLength(topology: Topology, x: number, y: number): number | undefined {
  const zx = topology.atomicNumbers[x] ?? 0;
  const zy = topology.atomicNumbers[y] ?? 0;
  const [c, other, zOther] = zx === 6 ? [x, y, zy] : zy === 6 ? [y, x, zx] : [-1, -1, 0];
  if (c < 0) return HETERO_SINGLE.get(elementPair(zx, zy));
  const hc = topology.hybridisation[c];
  const ho = topology.hybridisation[other];
  const cPlanar = hc === 'sp2';
  if (HALOGEN_TO_CARBON[zOther]) return (HALOGEN_TO_CARBON[zOther] ?? 0) - (cPlanar ? 0.02 : 0);
  if (zOther === 6) {
    if (hc === 'sp3' && ho === 'sp3') return 1.53;
    if (hc === 'sp' || ho === 'sp') return 1.45;
    if (hc === 'sp3' || ho === 'sp3') return 1.5;
    return 1.47;
  }
  if (zOther === 7) {
    if (!cPlanar) return 1.46;
    if (topology.carbonyl[c]) return ho === 'sp2' ? 1.37 : 1.4;
    return ho === 'sp2' ? 1.39 : 1.42;
  }
  if (zOther === 8) {
    if (!cPlanar) return 1.43;
    return topology.carbonyl[c] ? 1.35 : 1.37;
  }
  if (zOther === 16) return cPlanar ? 1.77 : 1.81;
  return undefined;
}

/** Ideal length of a skeleton bond: a table of common organic bonds, covalent radii otherwise. */
export function bondLength(topology: Topology, bond: SkeletonBond): number {
  const za = topology.atomicNumbers[bond.a] ?? 6;
  const zb = topology.atomicNumbers[bond.b] ?? 6;
  if (bond.aromatic) {
    const known = AROMATIC.get(elementPair(za, zb));
    if (known) return bond.order === 2 ? known[1] : known[0];
    const single = covalentRadius(za, 1) + covalentRadius(zb, 1);
    const double = covalentRadius(za, 2) + covalentRadius(zb, 2);
    return (single + double) / 2 - 0.02;
  }
  if (bond.order === 2) {
    const known = DOUBLE.get(elementPair(za, zb));
    if (known) return known;
  }
  if (bond.order >= 2) return covalentRadius(za, bond.order) + covalentRadius(zb, bond.order);
  return singleBondLength(topology, bond.a, bond.b) ?? covalentRadius(za, 1) + covalentRadius(zb, 1);
}

/** Interior angle of a ring of `size` at an atom of the given hybridisation (radians). */
function ringAngle(size: number, hybridisation: string): number {
  if (size === 3) return 60 * DEG;
  if (size === 4) return (hybridisation === 'sp3' ? 88 : 90) * DEG;
  if (size === 5) return (hybridisation === 'sp3' ? 104 : 108) * DEG;
  if (size === 6) return (hybridisation === 'sp3' ? 111 : 120) * DEG;
  if (size === 7) return (hybridisation === 'sp3' ? 114 : 125) * DEG;
  return hybridisation === 'sp3' ? 112 * DEG : 120 * DEG;
}

/** Smallest ring containing centre and both neighbours, or 0. */
function sharedRingSize(topology: Topology, centre: number, i: number, j: number): number {
  let best = 0;
  for (const r of topology.atomRings[centre] ?? []) {
    const ring = topology.rings[r] ?? [];
    if (ring.includes(i) && ring.includes(j) && (best === 0 || ring.length < best)) best = ring.length;
  }
  return best;
}

function sharedRingHasSp3(topology: Topology, centre: number, i: number, j: number): boolean {
  return (topology.atomRings[centre] ?? []).some((r) => {
    const ring = topology.rings[r] ?? [];
    return ring.includes(i) && ring.includes(j) && ring.length === 6 && ring.some((a) => topology.hybridisation[a] === 'sp3');
  });
}

/** The key of angle i-centre-j in a centre's targets, the same whichever way round i and j come. */
export function anglePairKey(size: number, i: number, j: number): number {
  return i < j ? i * size + j : j * size + i;
}

/** Sulfonyl S: O=S=O about 120°, O=S-X 108°, X-S-Y 104°. */
function sulfonylAngle(oxo: Set<number>, i: number, j: number): number {
  return [104, 108, 120][(oxo.has(i) ? 1 : 0) + (oxo.has(j) ? 1 : 0)] ?? 109.47;
}

export interface AngleTarget {
  angle: number;
  tolerance: number;
}

/**
 * Ideal angle i-centre-j. Ring angles come first; at trigonal centres the remaining angles share what is
 * left of 360° so fused and exocyclic atoms stay planar.
 */
export function angleTargets(topology: Topology, centre: number): Map<number, AngleTarget> {
  const around = topology.neighbours[centre] ?? [];
  const hybridisation = topology.hybridisation[centre] ?? 'sp3';
  const z = topology.atomicNumbers[centre] ?? 6;
  const degree = topology.degree[centre] ?? around.length;
  const targets = new Map<number, AngleTarget>();
  const n = topology.size;
  if (hybridisation === 'other') {
    for (let x = 0; x < around.length; x++) for (let y = x + 1; y < around.length; y++) {
      targets.set(anglePairKey(n, around[x] ?? 0, around[y] ?? 0), { angle: 125 * DEG, tolerance: 55 * DEG });
    }
    return targets;
  }
  let base = hybridisation === 'sp' ? Math.PI : hybridisation === 'sp2' ? 120 * DEG : TETRAHEDRAL;
  // Heavy-atom angles open up beyond tetrahedral where the other substituents are small hydrogens.
  if (hybridisation === 'sp3' && z === 6 && degree === 4) base = 111 * DEG;
  if (hybridisation === 'sp3' && z === 7 && degree === 3) base = 111 * DEG;
  if (hybridisation === 'sp3' && z === 8 && degree === 2) base = 112 * DEG;
  if (hybridisation === 'sp2' && z === 8 && degree === 2) base = 117 * DEG;
  if (hybridisation === 'sp3' && degree === 2 && z >= 15) base = 100 * DEG;
  if (hybridisation === 'sp3' && degree === 3 && z >= 15) base = 106 * DEG;
  // Sulfonamide N opens towards trigonal (about 118° at S-N-C).
  if (hybridisation === 'sp3' && z === 7 && around.some((j) => topology.atomicNumbers[j] === 16 && (topology.neighbours[j]?.length ?? 0) === 4)) base = 117 * DEG;
  const oxo = z === 16 && hybridisation === 'sp3' && around.length === 4 ? doublyBonded(topology, centre) : undefined;
  const open: number[] = [];
  let used = 0;
  for (let x = 0; x < around.length; x++) for (let y = x + 1; y < around.length; y++) {
    const i = around[x] ?? 0;
    const j = around[y] ?? 0;
    const ringSize = sharedRingSize(topology, centre, i, j);
    if (ringSize > 0 && ringSize <= 8) {
      // A trigonal atom in a puckered ring (lactam N, ring ketone) closes its ring angle towards sp3.
      const puckered = hybridisation === 'sp2' && !topology.graph.atoms[topology.toGraph[centre] ?? 0]?.aromatic && ringSize === 6 &&
        sharedRingHasSp3(topology, centre, i, j);
      const angle = puckered ? 116 * DEG : ringAngle(ringSize, hybridisation);
      const tolerance = (ringSize === 5 ? 6 : ringSize <= 4 ? 4 : hybridisation === 'sp2' ? 3 : 5) * DEG;
      targets.set(anglePairKey(n, i, j), { angle, tolerance });
      used += angle;
    } else {
      open.push(anglePairKey(n, i, j));
    }
  }
  const trigonal = hybridisation === 'sp2' && around.length === 3;
  for (const pair of open) {
    let angle = oxo && oxo.size >= 2 && open.length === 6 ? sulfonylAngle(oxo, Math.floor(pair / n), pair % n) * DEG : base;
    if (trigonal && open.length < 3) angle = (2 * Math.PI - used) / open.length;
    else if (hybridisation === 'sp3' && open.length < 6 && used > 0) {
      const smallest = Math.min(...[...targets.values()].map((t) => t.angle));
      angle = smallest < 70 * DEG ? 117 * DEG : smallest < 95 * DEG ? 114 * DEG : base;
    }
    targets.set(pair, { angle, tolerance: (hybridisation === 'sp2' ? 3 : hybridisation === 'sp' ? 4 : 5) * DEG });
  }
  return targets;
}

/** Distance between the outer atoms of a bond angle. */
export function lawOfCosines(a: number, b: number, angle: number): number {
  return Math.sqrt(Math.max(0, a * a + b * b - 2 * a * b * Math.cos(angle)));
}

/**
 * Distances between a and d of a-b-c-d at torsions 0 (cis) and π (trans), written to `out`: the general
 * formula at those two angles, where the cosine is ±1 and the sine 0 (or too small to reach the sum).
 */
export function cisTransDistances(ab: number, bc: number, cd: number, angleB: number, angleC: number, out: Float64Array): void {
  const x = bc - cd * Math.cos(angleC) - ab * Math.cos(angleB);
  const across = cd * Math.sin(angleC);
  const lift = ab * Math.sin(angleB);
  const cis = across - lift;
  const trans = -across - lift;
  out[0] = Math.sqrt(x * x + cis * cis);
  out[1] = Math.sqrt(x * x + trans * trans);
}
