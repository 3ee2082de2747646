import type { ChiralCentre, SkeletonBond, StereoDoubleBond, Topology } from './topology.ts';

/**
 * The part of a skeleton made of `atoms` (skeleton indices), renumbered in that order, for embedding a
 * ring system on its own. Every atom keeps what it is in the whole molecule (hybridisation, total degree,
 * carbonyl flag, hydrogens), so angles and bond lengths come out as they would in the molecule; bonds,
 * rings and stereo elements are kept when all their atoms are inside.
 */
export function subTopology(topology: Topology, atoms: readonly number[]): Topology {
  const index = new Int32Array(topology.size).fill(-1);
  atoms.forEach((atom, i) => {
    index[atom] = i;
  });
  const inside = (atom: number) => (index[atom] as number) >= 0;
  const at = (atom: number) => index[atom] as number;
  const toGraph = Int32Array.from(atoms, (atom) => topology.toGraph[atom] as number);
  const toSkeleton = new Int32Array(topology.graph.atoms.length).fill(-1);
  toGraph.forEach((g, i) => {
    toSkeleton[g] = i;
  });
  const bonds: SkeletonBond[] = topology.bonds.filter((bond) => inside(bond.a) && inside(bond.b)).map((bond) => ({ ...bond, a: at(bond.a), b: at(bond.b) }));
  const rings = topology.rings.filter((ring) => ring.every(inside)).map((ring) => ring.map(at));
  const atomRings = atoms.map((): number[] => []);
  rings.forEach((ring, r) => ring.forEach((atom) => atomRings[atom]?.push(r)));
  const chiral: ChiralCentre[] = topology.chiral
    .filter(({ centre, neighbours }) => inside(centre) && neighbours.every(inside))
    .map(({ centre, neighbours: [n0, n1, n2], sign }) => ({ centre: at(centre), neighbours: [at(n0), at(n1), at(n2)], sign }));
  const doubleBonds: StereoDoubleBond[] = topology.doubleBonds
    .filter(({ a, b, c, d }) => [a, b, c, d].every(inside))
    .map(({ a, b, c, d, cis }) => ({ a: at(a), b: at(b), c: at(c), d: at(d), cis }));
  return {
    graph: topology.graph,
    size: atoms.length,
    toGraph,
    toSkeleton,
    atomicNumbers: Int32Array.from(atoms, (atom) => topology.atomicNumbers[atom] as number),
    neighbours: atoms.map((atom) => (topology.neighbours[atom] ?? []).filter(inside).map(at)),
    bonds,
    hydrogens: atoms.map((atom) => topology.hydrogens[atom] ?? []),
    degree: Int32Array.from(atoms, (atom) => topology.degree[atom] as number),
    hybridisation: atoms.map((atom) => topology.hybridisation[atom] ?? 'other'),
    carbonyl: Uint8Array.from(atoms, (atom) => topology.carbonyl[atom] as number),
    rings,
    atomRings,
    chiral,
    doubleBonds,
  };
}
