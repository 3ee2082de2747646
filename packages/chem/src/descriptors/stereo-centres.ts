import { SINGLE } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';

/**
 * RDKit's NumAtomStereoCenters for a molecule as RDKit parsed it: atoms its legacy stereo perception (the
 * default in RDKit 2026) flags as possible tetrahedral centres, assigned or not. An atom is flagged when it may
 * be a centre at all (four neighbours, or three and a hydrogen; three-connected N only in a three-membered
 * ring or at a bridgehead and not conjugated; three-connected P, As, and S or Se as sulfoxides and sulfonium
 * ions) and its neighbours have distinct CIP ranks. The ranks are RDKit's own, written into its JSON after the
 * perception has refined them with the centres it assigned (`MolGraph.cipRanks`); ring stereo (cis/trans
 * 1,4-disubstituted rings) is never flagged, as in RDKit.
 *
 * Undefined when the graph cannot settle it (a possible centre without ranks, a charged or unusually bonded
 * three-connected ring N): the caller asks RDKit then.
 */
export function atomStereoCentres(t: DescriptorTopology, cipRanks: readonly number[] | undefined): number | undefined {
  let count = 0;
  for (let i = 0; i < t.graph.atoms.length; i++) {
    const legal = possibleCentre(t, i);
    if (legal === undefined) return undefined;
    if (!legal) continue;
    if (!cipRanks || cipRanks.length !== t.graph.atoms.length) return undefined;
    if (distinctRanks(t.neighbours[i]!, cipRanks)) count++;
  }
  return count;
}

function distinctRanks(neighbours: readonly number[], ranks: readonly number[]): boolean {
  for (let a = 0; a < neighbours.length; a++) {
    for (let b = a + 1; b < neighbours.length; b++) if (ranks[neighbours[a]!] === ranks[neighbours[b]!]) return false;
  }
  return true;
}

function possibleCentre(t: DescriptorTopology, i: number): boolean | undefined {
  const atom = t.graph.atoms[i]!;
  const neighbours = t.neighbours[i]!.length;
  const hydrogens = t.ownHydrogens[i]!;
  const z = atom.atomicNumber;
  const withHydrogens = neighbours + hydrogens;
  if (withHydrogens > 4 || withHydrogens < 3) return false;
  if (neighbours < 3 && z !== 15 && z !== 33) return false;
  if (neighbours !== 3) return true;
  // Two hydrogens, one of them an atom of the graph, make no centre; a deuterium does.
  if (hydrogens === 1) return !t.neighbours[i]!.some((j) => t.graph.atoms[j]!.atomicNumber === 1 && t.graph.atoms[j]!.isotope === 0);
  if (z === 15 || z === 33) return true;
  if (z === 16 || z === 34) return t.valence[i] === 4 || (t.valence[i] === 3 && atom.formalCharge === 1);
  if (z !== 7) return false;
  if (!t.graph.rings.some((ring) => ring.length === 3 && ring.includes(i)) && !isBridgehead(t, i)) return false;
  if (atom.formalCharge !== 0) return undefined;
  const conjugated = hasConjugatedBond(t, i);
  return conjugated === undefined ? undefined : !conjugated;
}

/**
 * RDKit's bridgehead test: at least three ring bonds, and each smallest ring through the atom shares at least
 * two bonds with another ring through it.
 */
function isBridgehead(t: DescriptorTopology, i: number): boolean {
  if (t.bondsOf[i]!.filter((bond) => t.ringBond[bond]).length < 3) return false;
  const ringBonds = t.graph.rings.filter((ring) => ring.includes(i)).map((ring) => ringBondSet(t, ring));
  return ringBonds.every((bonds, r) =>
    ringBonds.some((other, s) => s !== r && [...bonds].filter((bond) => other.has(bond)).length >= 2),
  );
}

function ringBondSet(t: DescriptorTopology, ring: readonly number[]): Set<number> {
  const bonds = new Set<number>();
  ring.forEach((atom, k) => {
    const next = ring[(k + 1) % ring.length]!;
    bonds.add(t.bondsOf[atom]![t.neighbours[atom]!.indexOf(next)]!);
  });
  return bonds;
}

/**
 * Whether a neutral three-connected N's lone pair is conjugated as RDKit marks it: a bond to an atom with two or
 * three connections that has a double, triple or aromatic bond on to another atom (enamines, amides, anilines,
 * hydrazones, thioamides), both ends being atoms RDKit lets conjugate. Undefined where that is not plain.
 */
function hasConjugatedBond(t: DescriptorTopology, n: number): boolean | undefined {
  let unsure = false;
  for (let k = 0; k < t.neighbours[n]!.length; k++) {
    if (t.bondKind[t.bondsOf[n]![k]!] !== SINGLE) return true;
    const x = t.neighbours[n]![k]!;
    const connections = t.neighbours[x]!.length + t.ownHydrogens[x]!;
    for (let m = 0; m < t.neighbours[x]!.length; m++) {
      const y = t.neighbours[x]![m]!;
      if (y === n || t.bondKind[t.bondsOf[x]![m]!] === SINGLE) continue;
      const ends = [conjugationCandidate(t, x), conjugationCandidate(t, y)];
      if (ends.includes(false)) continue;
      if (ends.includes(undefined)) unsure = true;
      else if (connections === 2 || connections === 3) return true;
    }
  }
  return unsure ? undefined : false;
}

/**
 * RDKit lets first-row atoms conjugate, but not P and its group below row 2, nor S and its group unless
 * terminal (a thione's S); other heavy elements are left undecided.
 */
function conjugationCandidate(t: DescriptorTopology, i: number): boolean | undefined {
  const z = t.graph.atoms[i]!.atomicNumber;
  if (z <= 10) return true;
  if (z === 15 || z === 33 || z === 51 || z === 83) return false;
  if (z === 16 || z === 34 || z === 52 || z === 84) return t.neighbours[i]!.length + t.ownHydrogens[i]! < 2;
  return undefined;
}
