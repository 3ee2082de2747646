import type { MolGraph } from '../mol-graph.ts';

/**
 * The embedding works on a "skeleton": every heavy atom, plus the few hydrogens whose position is not
 * implied by a single heavy neighbour (H2, bridging H, H on a stereocentre that needs it as a reference).
 * Other hydrogens are placed afterwards from ideal geometry, which keeps the O(n²) distance-geometry work
 * on a quarter of the atoms.
 */
export type Hybridisation = 'sp' | 'sp2' | 'sp3' | 'other';

export interface SkeletonBond {
  a: number;
  b: number;
  order: number;
  aromatic: boolean;
  /** Smallest ring (skeleton indices) containing the bond, when it is in one. */
  ringSize: number;
}

/** A tetrahedral centre: the signed volume of (n0-c, n1-c, n2-c) must have `sign`. */
export interface ChiralCentre {
  centre: number;
  neighbours: [number, number, number];
  sign: 1 | -1;
}

/** A specified double bond a-b=c-d: `cis` tells whether a and d lie on the same side. */
export interface StereoDoubleBond {
  a: number;
  b: number;
  c: number;
  d: number;
  cis: boolean;
}

export interface Topology {
  graph: MolGraph;
  size: number;
  /** Skeleton index -> graph index, and graph index -> skeleton index (-1 for placed hydrogens). */
  toGraph: Int32Array;
  toSkeleton: Int32Array;
  atomicNumbers: Int32Array;
  neighbours: number[][];
  bonds: SkeletonBond[];
  /** Graph indices of the hydrogens placed on each skeleton atom. */
  hydrogens: number[][];
  /** Total coordination: skeleton neighbours + placed hydrogens + implicit hydrogens. */
  degree: Int32Array;
  hybridisation: Hybridisation[];
  /** 1 for atoms with a double bond to O, N or S outside aromatic rings (carbonyl-like centres). */
  carbonyl: Uint8Array;
  rings: number[][];
  /** Ring indices each skeleton atom belongs to. */
  atomRings: number[][];
  chiral: ChiralCentre[];
  doubleBonds: StereoDoubleBond[];
}

const ORGANIC = new Set([1, 5, 6, 7, 8, 9, 14, 15, 16, 17, 33, 34, 35, 53]);

function graphNeighbours(graph: MolGraph): number[][] {
  const neighbours = graph.atoms.map((): number[] => []);
  // Bond order matters: RDKit's chiral tags refer to neighbours in the order of the atom's bonds.
  for (const bond of graph.bonds) {
    neighbours[bond.a]?.push(bond.b);
    neighbours[bond.b]?.push(bond.a);
  }
  return neighbours;
}

function skeletonMembership(graph: MolGraph, neighbours: number[][]): boolean[] {
  const heavy = (i: number) => graph.atoms[i]?.atomicNumber !== 1;
  const inSkeleton = graph.atoms.map((atom, i) => {
    if (atom.atomicNumber !== 1) return true;
    const around = neighbours[i] ?? [];
    return !(around.length === 1 && heavy(around[0] ?? -1));
  });
  graph.atoms.forEach((atom, i) => {
    if (atom.stereo !== 'cw' && atom.stereo !== 'ccw') return;
    const around = neighbours[i] ?? [];
    if (around.filter((j) => inSkeleton[j]).length >= 3) return;
    for (const j of around) inSkeleton[j] = true;
  });
  return inSkeleton;
}

function hybridisationOf(graph: MolGraph, atom: number, neighbours: number[][], orders: number[][]): Hybridisation {
  const a = graph.atoms[atom];
  if (!a) return 'other';
  const z = a.atomicNumber;
  const degree = (neighbours[atom]?.length ?? 0) + a.implicitHs;
  const own = orders[atom] ?? [];
  const doubles = own.filter((o) => o === 2).length;
  const triples = own.filter((o) => o === 3).length;
  if (!ORGANIC.has(z) || degree > 4) return 'other';
  if ((triples > 0 || doubles >= 2) && degree <= 2) return 'sp';
  if ((z === 15 || z === 16 || z === 33 || z === 34) && degree >= 3 && !a.aromatic) return 'sp3';
  if (a.aromatic || doubles > 0) return 'sp2';
  // Lone pairs next to a pi system conjugate: amide and aniline N, ester and aryl-ether O are planar.
  // Sulfonamide N stays pyramidal-ish and lets an N-aryl group turn out of its plane (force fields and
  // crystal structures agree); treating it as a conjugated trigonal centre would flatten sulfonanilides.
  const sulfonylNeighbour = (neighbours[atom] ?? []).some((j) => graph.atoms[j]?.atomicNumber === 16 && (orders[j] ?? []).filter((o) => o === 2).length >= 2);
  if (z === 7 && sulfonylNeighbour) return 'sp3';
  if ((z === 7 && degree <= 3) || (z === 8 && degree <= 2)) {
    const conjugated = (neighbours[atom] ?? []).some((j) => {
      const other = graph.atoms[j];
      return !!other && other.atomicNumber !== 16 && other.atomicNumber !== 15 && (other.aromatic || (orders[j] ?? []).some((o) => o === 2 || o === 3));
    });
    if (conjugated) return 'sp2';
  }
  return 'sp3';
}

function parity(order: number[]): number {
  let inversions = 0;
  for (let i = 0; i < order.length; i++) for (let j = i + 1; j < order.length; j++) if ((order[i] ?? 0) > (order[j] ?? 0)) inversions++;
  return inversions % 2 === 0 ? 1 : -1;
}

function chiralCentre(graph: MolGraph, atom: number, around: number[], toSkeleton: Int32Array): ChiralCentre | undefined {
  const tag = graph.atoms[atom]?.stereo;
  if ((tag !== 'cw' && tag !== 'ccw') || around.length < 3 || around.length > 4) return undefined;
  // RDKit: looking from the first neighbour, ccw means the others turn counter-clockwise, which makes the
  // triple product of the first three bond vectors positive. Another triple differs by the permutation parity.
  const base = tag === 'ccw' ? 1 : -1;
  const positions = around.map((_, i) => i);
  const usable = positions.filter((i) => (toSkeleton[around[i] ?? -1] ?? -1) >= 0);
  if (usable.length < 3) return undefined;
  const chosen = usable.slice(0, 3);
  const omitted = positions.filter((i) => !chosen.includes(i));
  const sign = (base * parity([...chosen, ...omitted])) as 1 | -1;
  const [n0, n1, n2] = chosen.map((i) => toSkeleton[around[i] ?? -1] ?? -1) as [number, number, number];
  return { centre: toSkeleton[atom] ?? -1, neighbours: [n0, n1, n2], sign };
}

function stereoDoubleBonds(graph: MolGraph, neighbours: number[][], toSkeleton: Int32Array): StereoDoubleBond[] {
  const result: StereoDoubleBond[] = [];
  for (const bond of graph.bonds) {
    if (bond.order !== 2 || (bond.stereo !== 'cis' && bond.stereo !== 'trans') || bond.stereoAtoms.length !== 2) continue;
    let [x, y] = bond.stereoAtoms as [number, number];
    let cis = bond.stereo === 'cis';
    let [b, c] = [bond.a, bond.b];
    if (!(neighbours[b] ?? []).includes(x)) [b, c] = [c, b];
    // Hydrogens are placed after embedding, so refer to the other substituent on that side instead.
    const swap = (end: number, ref: number, far: number): number => {
      if ((toSkeleton[ref] ?? -1) >= 0) return ref;
      const other = (neighbours[end] ?? []).find((j) => j !== ref && j !== far && (toSkeleton[j] ?? -1) >= 0);
      if (other === undefined) return -1;
      cis = !cis;
      return other;
    };
    x = swap(b, x, c);
    y = swap(c, y, b);
    if (x < 0 || y < 0) continue;
    result.push({ a: toSkeleton[x] ?? -1, b: toSkeleton[b] ?? -1, c: toSkeleton[c] ?? -1, d: toSkeleton[y] ?? -1, cis });
  }
  return result;
}

export function buildTopology(graph: MolGraph): Topology {
  const neighbours = graphNeighbours(graph);
  const orders = graph.atoms.map((): number[] => []);
  for (const bond of graph.bonds) {
    orders[bond.a]?.push(bond.order);
    orders[bond.b]?.push(bond.order);
  }
  const inSkeleton = skeletonMembership(graph, neighbours);
  const toSkeleton = new Int32Array(graph.atoms.length).fill(-1);
  const members: number[] = [];
  inSkeleton.forEach((keep, i) => {
    if (!keep) return;
    toSkeleton[i] = members.length;
    members.push(i);
  });
  const size = members.length;
  const toGraph = Int32Array.from(members);
  const atomicNumbers = Int32Array.from(members, (i) => graph.atoms[i]?.atomicNumber ?? 0);
  const skeletonNeighbours = members.map((): number[] => []);
  const hydrogens = members.map((): number[] => []);
  const degree = new Int32Array(size);
  members.forEach((g, s) => {
    for (const j of neighbours[g] ?? []) {
      const sj = toSkeleton[j] ?? -1;
      if (sj >= 0) skeletonNeighbours[s]?.push(sj);
      else hydrogens[s]?.push(j);
    }
    degree[s] = (neighbours[g]?.length ?? 0) + (graph.atoms[g]?.implicitHs ?? 0);
  });
  const rings = graph.rings.map((ring) => ring.map((g) => toSkeleton[g] ?? -1)).filter((ring) => ring.every((s) => s >= 0));
  const atomRings = members.map((): number[] => []);
  rings.forEach((ring, r) => ring.forEach((s) => atomRings[s]?.push(r)));
  const bonds: SkeletonBond[] = [];
  for (const bond of graph.bonds) {
    const a = toSkeleton[bond.a] ?? -1;
    const b = toSkeleton[bond.b] ?? -1;
    if (a < 0 || b < 0) continue;
    let ringSize = 0;
    for (const ring of rings) {
      const ia = ring.indexOf(a);
      if (ia < 0) continue;
      const next = ring[(ia + 1) % ring.length];
      const previous = ring[(ia + ring.length - 1) % ring.length];
      if ((next === b || previous === b) && (ringSize === 0 || ring.length < ringSize)) ringSize = ring.length;
    }
    bonds.push({ a, b, order: bond.order, aromatic: bond.aromatic, ringSize });
  }
  const hybridisation = members.map((g) => hybridisationOf(graph, g, neighbours, orders));
  const carbonyl = new Uint8Array(size);
  for (const bond of bonds) {
    if (bond.order !== 2 || bond.aromatic) continue;
    const za = atomicNumbers[bond.a] ?? 0;
    const zb = atomicNumbers[bond.b] ?? 0;
    if (zb === 7 || zb === 8 || zb === 16) carbonyl[bond.a] = 1;
    if (za === 7 || za === 8 || za === 16) carbonyl[bond.b] = 1;
  }
  const chiral: ChiralCentre[] = [];
  for (const g of members) {
    const centre = chiralCentre(graph, g, neighbours[g] ?? [], toSkeleton);
    if (centre) chiral.push(centre);
  }
  return {
    graph, size, toGraph, toSkeleton, atomicNumbers, neighbours: skeletonNeighbours, bonds, hydrogens, degree,
    hybridisation, carbonyl, rings, atomRings, chiral, doubleBonds: stereoDoubleBonds(graph, neighbours, toSkeleton),
  };
}
