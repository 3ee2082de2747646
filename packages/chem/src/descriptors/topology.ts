import type { MolGraph } from '../mol-graph.ts';

/** Bond kinds as SMARTS tells them apart: an aromatic bond is neither single nor double. */
export const SINGLE = 1;
export const DOUBLE = 2;
export const TRIPLE = 3;
export const AROMATIC = 4;

/**
 * What the descriptors ask of each atom and bond, read once from a molecule graph: the quantities SMARTS
 * primitives test (degree D, hydrogen count H, valence v, ring membership @ and R) with RDKit's meaning, so
 * each descriptor can state its definition as RDKit's SMARTS does without a substructure search.
 */
export interface DescriptorTopology {
  graph: MolGraph;
  /** Atomic numbers and aromatic flags of the atoms, as arrays for the inner loops. */
  element: Int32Array;
  aromatic: Uint8Array;
  /** Neighbouring atoms of each atom, and the bonds to them in the same order. */
  neighbours: number[][];
  bondsOf: number[][];
  bondKind: Uint8Array;
  ringBond: Uint8Array;
  ringAtom: Uint8Array;
  /** Hydrogens carried by the atom, hydrogen atoms bonded to it not included (RDKit's getTotalNumHs()). */
  ownHydrogens: Int32Array;
  /** All hydrogens of the atom, hydrogen atoms bonded to it included (SMARTS H). */
  hydrogens: Int32Array;
  /** Sum of Kekulé bond orders plus carried hydrogens (SMARTS v). */
  valence: Int32Array;
}

/**
 * The topology of `graph`, or undefined when a bond is not single, double, triple or aromatic (zero-order and
 * dative bonds are left to RDKit) or a ring's atoms are not bonded in the order given.
 */
export function descriptorTopology(graph: MolGraph): DescriptorTopology | undefined {
  const atomCount = graph.atoms.length;
  const neighbours: number[][] = Array.from({ length: atomCount }, () => []);
  const bondsOf: number[][] = Array.from({ length: atomCount }, () => []);
  const bondKind = new Uint8Array(graph.bonds.length);
  const ownHydrogens = new Int32Array(atomCount);
  const hydrogens = new Int32Array(atomCount);
  const valence = new Int32Array(atomCount);
  const element = new Int32Array(atomCount);
  const aromatic = new Uint8Array(atomCount);
  graph.atoms.forEach((atom, i) => {
    element[i] = atom.atomicNumber;
    aromatic[i] = atom.aromatic ? 1 : 0;
    ownHydrogens[i] = atom.implicitHs;
    hydrogens[i] = atom.implicitHs;
    valence[i] = atom.implicitHs;
  });
  for (let index = 0; index < graph.bonds.length; index++) {
    const { a, b, order, aromatic } = graph.bonds[index]!;
    if (order < 1 || order > 3) return undefined;
    bondKind[index] = aromatic ? AROMATIC : order;
    neighbours[a]!.push(b);
    neighbours[b]!.push(a);
    bondsOf[a]!.push(index);
    bondsOf[b]!.push(index);
    valence[a]! += order;
    valence[b]! += order;
    if (element[b] === 1) hydrogens[a]!++;
    if (element[a] === 1) hydrogens[b]!++;
  }
  const ringBond = new Uint8Array(graph.bonds.length);
  const ringAtom = new Uint8Array(atomCount);
  for (const ring of graph.rings) {
    for (let k = 0; k < ring.length; k++) {
      const atom = ring[k]!;
      const bond = bondBetween(neighbours, bondsOf, atom, ring[(k + 1) % ring.length]!);
      if (bond === undefined) return undefined;
      ringAtom[atom] = 1;
      ringBond[bond] = 1;
    }
  }
  return { graph, element, aromatic, neighbours, bondsOf, bondKind, ringBond, ringAtom, ownHydrogens, hydrogens, valence };
}

export function bondBetween(neighbours: readonly number[][], bondsOf: readonly number[][], a: number, b: number): number | undefined {
  const k = neighbours[a]?.indexOf(b) ?? -1;
  return k < 0 ? undefined : bondsOf[a]![k];
}

/** SMARTS's bond without a symbol: single or aromatic. */
export function singleOrAromatic(kind: number): boolean {
  return kind === SINGLE || kind === AROMATIC;
}
