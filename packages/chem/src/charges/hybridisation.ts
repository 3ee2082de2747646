import type { MolGraph } from '../mol-graph.ts';
import { defaultValence, outerElectrons } from './element-data.ts';

export type Hybridisation = 'S' | 'SP' | 'SP2' | 'SP3' | 'SP3D' | 'SP3D2' | 'UNSPECIFIED';

/**
 * What Gasteiger charges and the pharmacophore rules need to know about each atom, perceived the way
 * RDKit does when it sanitises a molecule (its conjugation and hybridisation rules), so our charges
 * match RDKit's. Works on graphs with hydrogens as atoms or as counts alike: every count below adds
 * hydrogen atoms and implicit hydrogens together, as RDKit's "total degree" does.
 */
export interface AtomPerception {
  /** Bond indices incident to each atom. */
  atomBonds: number[][];
  /** Neighbours in the graph plus implicit hydrogens. */
  totalDegree: Int32Array;
  /** Sum of Kekulé bond orders plus implicit hydrogens. */
  totalValence: Int32Array;
  /** Hydrogens on each atom, as atoms of the graph or as counts. */
  hydrogenCount: Int32Array;
  conjugatedBonds: boolean[];
  hybridisation: Hybridisation[];
}

export function perceiveAtoms(graph: MolGraph): AtomPerception {
  const n = graph.atoms.length;
  const atomBonds: number[][] = Array.from({ length: n }, () => []);
  const totalDegree = new Int32Array(n);
  const totalValence = new Int32Array(n);
  const hydrogenCount = new Int32Array(n);
  graph.atoms.forEach((atom, i) => {
    totalDegree[i] = atom.implicitHs;
    totalValence[i] = atom.implicitHs;
    hydrogenCount[i] = atom.implicitHs;
  });
  graph.bonds.forEach((bond, index) => {
    for (const [self, other] of [[bond.a, bond.b], [bond.b, bond.a]] as const) {
      atomBonds[self]?.push(index);
      totalDegree[self] = (totalDegree[self] ?? 0) + 1;
      totalValence[self] = (totalValence[self] ?? 0) + bond.order;
      if (graph.atoms[other]?.atomicNumber === 1) hydrogenCount[self] = (hydrogenCount[self] ?? 0) + 1;
    }
  });
  const partial = { atomBonds, totalDegree, totalValence, hydrogenCount };
  const conjugatedBonds = perceiveConjugation(graph, partial);
  const hybridisation = graph.atoms.map((_, i) => atomHybridisation(graph, partial, conjugatedBonds, i));
  return { ...partial, conjugatedBonds, hybridisation };
}

type Counts = Pick<AtomPerception, 'atomBonds' | 'totalDegree' | 'totalValence'>;

const otherAtom = (graph: MolGraph, bondIndex: number, atom: number): number => {
  const bond = graph.bonds[bondIndex];
  if (!bond) return -1;
  return bond.a === atom ? bond.b : bond.a;
};

/**
 * Electrons an atom can give to a π system (RDKit's rule for aromaticity and conjugation); only its
 * sign matters here. Univalent elements and atoms with more than three connections give none.
 */
function donatableElectrons(graph: MolGraph, counts: Counts, atom: number): number {
  const z = graph.atoms[atom]?.atomicNumber ?? 0;
  const valence = defaultValence(z);
  if (valence <= 1) return -1;
  const degree = counts.totalDegree[atom] ?? 0;
  if (degree > 3) return -1;
  const lonePairElectrons = Math.max(outerElectrons(z) - valence - (graph.atoms[atom]?.formalCharge ?? 0), 0);
  return valence - degree + lonePairElectrons;
}

function conjugationCandidate(graph: MolGraph, counts: Counts, atom: number): boolean {
  const z = graph.atoms[atom]?.atomicNumber ?? 0;
  const outer = outerElectrons(z);
  // Below the first row only atoms of groups other than 15/16 qualify (so the C-P bonds of a
  // phenylphosphine stay unconjugated), except a singly bonded chalcogen such as thiocarbonyl S.
  const rowAllows = z <= 10 || (outer !== 5 && outer !== 6) || (outer === 6 && (counts.totalDegree[atom] ?? 0) < 2);
  return rowAllows && donatableElectrons(graph, counts, atom) > 0;
}

/** Aromatic bonds, plus single bonds next to a multiple bond between atoms that can take part in a π system. */
function perceiveConjugation(graph: MolGraph, counts: Counts): boolean[] {
  const conjugated = graph.bonds.map((bond) => bond.aromatic);
  graph.atoms.forEach((_, atom) => {
    if (!conjugationCandidate(graph, counts, atom)) return;
    const substituents = counts.totalDegree[atom] ?? 0;
    if (substituents < 2 || substituents > 3) return;
    const bonds = counts.atomBonds[atom] ?? [];
    for (const multiple of bonds) {
      const bond = graph.bonds[multiple];
      if (!bond || (!bond.aromatic && bond.order < 2)) continue;
      for (const other of bonds) {
        if (other === multiple) continue;
        const neighbour = otherAtom(graph, other, atom);
        if ((counts.totalDegree[neighbour] ?? 0) > 3) continue;
        if (conjugationCandidate(graph, counts, neighbour)) {
          conjugated[multiple] = true;
          conjugated[other] = true;
        }
      }
    }
  });
  return conjugated;
}

/** Bonds plus lone pairs around the atom (RDKit's count of occupied orbitals; radicals are not in our graph). */
function orbitalCount(graph: MolGraph, counts: Counts, atom: number): number {
  const degree = counts.totalDegree[atom] ?? 0;
  const z = graph.atoms[atom]?.atomicNumber ?? 0;
  if (z <= 1) return degree;
  const outer = outerElectrons(z);
  const valence = counts.totalValence[atom] ?? 0;
  const charge = graph.atoms[atom]?.formalCharge ?? 0;
  const freeElectrons = outer - (valence + charge);
  return degree + Math.trunc(freeElectrons / 2);
}

function atomHybridisation(graph: MolGraph, counts: Counts, conjugated: boolean[], atom: number): Hybridisation {
  const info = graph.atoms[atom];
  if (!info || info.atomicNumber === 0) return 'UNSPECIFIED';
  const degree = counts.totalDegree[atom] ?? 0;
  // A tetrahedral stereo centre with four substituents is sp3 whatever the electron count says.
  if ((info.stereo === 'cw' || info.stereo === 'ccw') && degree === 4) return 'SP3';
  const orbitals = info.atomicNumber < 89 ? orbitalCount(graph, counts, atom) : degree;
  switch (orbitals) {
    case 0:
    case 1:
      return 'S';
    case 2:
      return 'SP';
    case 3:
      return 'SP2';
    case 4: {
      // A lone pair next to a π system (the OH oxygen of an acid, an amide N) is sp2, unless the atom
      // has four substituents.
      const nextToPi = (counts.atomBonds[atom] ?? []).some((b) => conjugated[b]);
      return degree <= 3 && nextToPi ? 'SP2' : 'SP3';
    }
    case 5:
      return 'SP3D';
    case 6:
      return 'SP3D2';
    default:
      return 'UNSPECIFIED';
  }
}
