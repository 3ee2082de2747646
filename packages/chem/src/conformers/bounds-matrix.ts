import { vdwRadius } from './element-radii.ts';
import { anglePairKey, angleTargets, bondLength, cisTransDistances, lawOfCosines } from './ideal-geometry.ts';
import type { SkeletonBond, Topology } from './topology.ts';

/** How two skeleton atoms are related through bonds; 0 = further apart than a torsion. */
export const Relation = { Far: 0, Bond: 1, Angle: 2, Torsion: 3 } as const;

/**
 * Distance bounds between every pair of skeleton atoms, both triangles filled (lower[i*n+j] = lower[j*n+i]).
 * `bondLengths`/`angleDistances` keep the ideal 1-2 and 1-3 values for the force-field refinement.
 */
export interface BoundsMatrix {
  n: number;
  lower: Float64Array;
  upper: Float64Array;
  relation: Uint8Array;
  /** Ideal bond lengths, indexed like `topology.bonds`. */
  bondLengths: Float64Array;
}

const FAR_UPPER = 1000;
const BOND_TOLERANCE = 0.01;

function isInRingBond(ring: number[], x: number, y: number): boolean {
  const i = ring.indexOf(x);
  if (i < 0) return false;
  return ring[(i + 1) % ring.length] === y || ring[(i + ring.length - 1) % ring.length] === y;
}

/** Whether a and d are cis across a bond b-c that the ring system holds planar (`shared`: the rings holding b-c). */
function ringCis(shared: readonly number[][], a: number, b: number, c: number, d: number): boolean {
  let besideA = false, besideD = false;
  for (const ring of shared) {
    const holdsA = isInRingBond(ring, a, b), holdsD = isInRingBond(ring, c, d);
    if (holdsA && holdsD) return true;
    besideA ||= holdsA;
    besideD ||= holdsD;
  }
  return !besideA && !besideD;
}

/**
 * A secondary amide or an ester C(=O)-X bond whose X carries one substituent: force fields and crystal
 * structures put that substituent syn to the carbonyl O (trans amide, Z ester) nearly always.
 */
function synCarbonyl(topology: Topology, bond: SkeletonBond): { carbon: number; oxygen: number } | undefined {
  if (bond.order !== 1 || bond.aromatic || bond.ringSize > 0) return undefined;
  return synCarbonylFrom(topology, bond.a, bond.b) ?? synCarbonylFrom(topology, bond.b, bond.a);
}

/** `synCarbonyl` with the carbonyl carbon at one given end of the bond. */
function synCarbonylFrom(topology: Topology, carbon: number, hetero: number): { carbon: number; oxygen: number } | undefined {
  const z = topology.atomicNumbers[hetero];
  if (topology.atomicNumbers[carbon] !== 6 || !topology.carbonyl[carbon] || (z !== 7 && z !== 8)) return undefined;
  if (topology.hybridisation[hetero] !== 'sp2' || (topology.neighbours[hetero]?.length ?? 0) !== 2) return undefined;
  if (z === 7 && (topology.hydrogens[hetero]?.length ?? 0) !== 1) return undefined;
  const oxygen = topology.bonds.find((o) => o.order === 2 && !o.aromatic && (o.a === carbon || o.b === carbon) && topology.atomicNumbers[o.a === carbon ? o.b : o.a] === 8);
  return oxygen && { carbon, oxygen: oxygen.a === carbon ? oxygen.b : oxygen.a };
}

/**
 * For a bond held planar, whether a and d (neighbours of its first and second atom) are cis; undefined when
 * the torsion is free. What the bond itself decides is read once, for all its pairs of neighbours.
 */
export function lockedCis(topology: Topology, bond: SkeletonBond): (a: number, d: number) => boolean | undefined {
  const { a: b, b: c } = bond;
  const syn = synCarbonyl(topology, bond);
  if (syn) return (a, d) => (syn.carbon === b ? a : d) === syn.oxygen;
  const planarEnds = topology.hybridisation[b] === 'sp2' && topology.hybridisation[c] === 'sp2';
  if (bond.aromatic || (planarEnds && bond.ringSize > 0 && bond.ringSize <= 7)) {
    const shared = topology.rings.filter((ring) => isInRingBond(ring, b, c));
    return (a, d) => ringCis(shared, a, b, c, d);
  }
  if (bond.order !== 2) return freeTorsion;
  for (const stereo of topology.doubleBonds) {
    let x = stereo.a;
    let y = stereo.d;
    if (stereo.b === c && stereo.c === b) [x, y] = [y, x];
    else if (stereo.b !== b || stereo.c !== c) continue;
    return (a, d) => stereo.cis !== (x !== a) !== (y !== d);
  }
  return freeTorsion;
}

/** What `lockedCis` gives a bond that leaves its torsion free: one function for all of them. */
function freeTorsion(): undefined {
  return undefined;
}

export function buildBoundsMatrix(topology: Topology, vdwScale: number): BoundsMatrix {
  const n = topology.size;
  const lower = new Float64Array(n * n);
  const upper = new Float64Array(n * n).fill(FAR_UPPER);
  const relation = new Uint8Array(n * n);
  const bondLengths = new Float64Array(topology.bonds.length);
  const bounds: BoundsMatrix = { n, lower, upper, relation, bondLengths };
  // Bond lengths by atom pair; NaN where the atoms are not bonded.
  const pairLength = new Float64Array(n * n).fill(Number.NaN);
  topology.bonds.forEach((bond, index) => {
    const length = bondLength(topology, bond);
    bondLengths[index] = length;
    pairLength[bond.a * n + bond.b] = pairLength[bond.b * n + bond.a] = length;
    setBounds(bounds, bond.a, bond.b, length - BOND_TOLERANCE, length + BOND_TOLERANCE, Relation.Bond);
  });
  const angles = topology.neighbours.map((_, centre) => angleTargets(topology, centre));
  topology.neighbours.forEach((around, centre) => {
    for (let x = 0; x < around.length; x++) for (let y = x + 1; y < around.length; y++) {
      const i = around[x] ?? 0;
      const j = around[y] ?? 0;
      const target = angles[centre]?.get(anglePairKey(n, i, j));
      if (!target) continue;
      const ri = pairBondLength(pairLength, n, centre, i);
      const rj = pairBondLength(pairLength, n, centre, j);
      const lo = lawOfCosines(ri, rj, Math.max(0, target.angle - target.tolerance));
      const hi = lawOfCosines(ri, rj, Math.min(Math.PI, target.angle + target.tolerance));
      setBounds(bounds, i, j, lo, hi, Relation.Angle);
    }
  });
  const ends = new Float64Array(2);
  for (const bond of topology.bonds) {
    const { a: b, b: c } = bond;
    const bc = pairBondLength(pairLength, n, b, c);
    const lockedAcross = lockedCis(topology, bond);
    for (const a of topology.neighbours[b] ?? []) {
      if (a === c) continue;
      for (const d of topology.neighbours[c] ?? []) {
        if (d === b || d === a) continue;
        const angleB = angles[b]?.get(anglePairKey(n, a, c))?.angle ?? 1.91;
        const angleC = angles[c]?.get(anglePairKey(n, b, d))?.angle ?? 1.91;
        const ab = pairBondLength(pairLength, n, a, b);
        const cd = pairBondLength(pairLength, n, c, d);
        cisTransDistances(ab, bc, cd, angleB, angleC, ends);
        const cis = ends[0]!;
        const trans = ends[1]!;
        const locked = lockedAcross(a, d);
        if (locked === undefined) setBounds(bounds, a, d, cis - 0.05, trans + 0.05, Relation.Torsion);
        else if (locked) setBounds(bounds, a, d, cis - 0.05, cis + 0.05, Relation.Torsion);
        else setBounds(bounds, a, d, trans - 0.05, trans + 0.05, Relation.Torsion);
      }
    }
  }
  const radii = Array.from({ length: n }, (_, i) => vdwRadius(topology.atomicNumbers[i] ?? 6));
  for (let i = 0; i < n; i++) {
    const vi = radii[i]!;
    for (let j = i + 1; j < n; j++) {
      if (relation[i * n + j] !== Relation.Far) continue;
      const lo = (vi + radii[j]!) * vdwScale;
      lower[i * n + j] = lower[j * n + i] = lo;
    }
  }
  return bounds;
}

/** Sets the bounds of pair i-j as related by `kind`, unless a closer relation set them already. */
function setBounds(bounds: BoundsMatrix, i: number, j: number, lo: number, hi: number, kind: number): void {
  const { n, lower, upper, relation } = bounds;
  const ij = i * n + j;
  const ji = j * n + i;
  if (relation[ij] !== Relation.Far && relation[ij] !== kind) return;
  if (relation[ij] === kind) {
    // A second path of the same kind (small rings): keep both possibilities.
    lo = Math.min(lo, lower[ij] ?? lo);
    hi = Math.max(hi, upper[ij] ?? hi);
  }
  lower[ij] = lower[ji] = lo;
  upper[ij] = upper[ji] = hi;
  relation[ij] = relation[ji] = kind;
}

/** The ideal length of bond i-j (NaN in `pairLength` where they are not bonded, which reads as 1.5 Å). */
function pairBondLength(pairLength: Float64Array, n: number, i: number, j: number): number {
  const length = pairLength[i * n + j]!;
  return Number.isNaN(length) ? 1.5 : length;
}
