import { DOUBLE, SINGLE, TRIPLE, singleOrAromatic } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';

/**
 * RDKit's default (strict) rotatable bonds, NumRotatableBonds as RDKit 2026 defines it: chain single bonds
 * between two atoms that are neither terminal, nor in a triple bond, nor CF3, CCl3, CBr3, tert-butyl-like
 * C(CH3)3 or methyl carbons; and not the C-N, C-O or C-S bond of an amide, ester, thioamide or amidinium
 * (one end a three-connected C doubly bonded to N, O or S, the other a heteroatom). Methyl is tested by its
 * hydrogens, so CD3 counts as a methyl group as CH3 does.
 */
export function strictRotatableBonds(t: DescriptorTopology): number {
  const ends = t.graph.atoms.map((_, i) => rotorEnd(t, i));
  let count = 0;
  t.graph.bonds.forEach(({ a, b }, bond) => {
    if (t.ringBond[bond] || !singleOrAromatic(t.bondKind[bond]!) || !ends[a] || !ends[b]) return;
    if (!amideLike(t, a) || !amideLike(t, b)) count++;
  });
  return count;
}

/** The conditions both ends of a rotor share. */
function rotorEnd(t: DescriptorTopology, i: number): boolean {
  if (t.neighbours[i]!.length === 1) return false;
  if (t.bondsOf[i]!.some((bond) => t.bondKind[bond] === TRIPLE)) return false;
  const atom = t.graph.atoms[i]!;
  if (atom.atomicNumber !== 6 || atom.aromatic) return true;
  if (t.hydrogens[i] === 3) return false;
  return !(hasNeighbours(t, i, 9, 3) || hasNeighbours(t, i, 17, 3) || hasNeighbours(t, i, 35, 3) || methylCount(t, i) >= 3);
}

/** Whether aliphatic C `i` has at least `count` neighbours of element `z` by single or aromatic bonds. */
function hasNeighbours(t: DescriptorTopology, i: number, z: number, count: number): boolean {
  let found = 0;
  t.neighbours[i]!.forEach((other, k) => {
    if (t.graph.atoms[other]!.atomicNumber === z && singleOrAromatic(t.bondKind[t.bondsOf[i]![k]!]!)) found++;
  });
  return found >= count;
}

function methylCount(t: DescriptorTopology, i: number): number {
  let found = 0;
  t.neighbours[i]!.forEach((other, k) => {
    const atom = t.graph.atoms[other]!;
    if (atom.atomicNumber === 6 && !atom.aromatic && t.hydrogens[other] === 3 && singleOrAromatic(t.bondKind[t.bondsOf[i]![k]!]!)) found++;
  });
  return found;
}

/**
 * The exclusions only the first end of RDKit's strict pattern carries, each reaching one bond further out:
 * the atom is the carbonyl-like C, or the heteroatom on one, of an amide-like group across a chain bond.
 */
function amideLike(t: DescriptorTopology, i: number): boolean {
  return (
    (carbonylLike(t, i, false) && chainSingleTo(t, i, (j) => heteroEnd(t, j))) ||
    (heteroEnd(t, i) && chainSingleTo(t, i, (j) => carbonylLike(t, j, false))) ||
    (carbonylLike(t, i, true) && chainSingleTo(t, i, (j) => nonTerminalNitrogen(t, j))) ||
    (nonTerminalNitrogen(t, i) && chainSingleTo(t, i, (j) => carbonylLike(t, j, true)))
  );
}

/**
 * [CD3](=[N,O,S]) or, with `iminium`, [CD3](=[N+]): an aliphatic C with three neighbours and a double bond to
 * an aliphatic N, O or S (a cationic N).
 */
function carbonylLike(t: DescriptorTopology, i: number, iminium: boolean): boolean {
  const atom = t.graph.atoms[i]!;
  if (atom.atomicNumber !== 6 || atom.aromatic || t.neighbours[i]!.length !== 3) return false;
  return t.neighbours[i]!.some((other, k) => {
    if (t.bondKind[t.bondsOf[i]![k]!] !== DOUBLE) return false;
    const partner = t.graph.atoms[other]!;
    if (partner.aromatic) return false;
    return iminium ? partner.atomicNumber === 7 && partner.formalCharge === 1 : [7, 8, 16].includes(partner.atomicNumber);
  });
}

/** [#7,O,S!D1]: any N, an aliphatic O, or an aliphatic S that is not terminal. */
function heteroEnd(t: DescriptorTopology, i: number): boolean {
  const atom = t.graph.atoms[i]!;
  if (atom.atomicNumber === 7) return true;
  if (atom.aromatic) return false;
  return atom.atomicNumber === 8 || (atom.atomicNumber === 16 && t.neighbours[i]!.length !== 1);
}

function nonTerminalNitrogen(t: DescriptorTopology, i: number): boolean {
  return t.graph.atoms[i]!.atomicNumber === 7 && t.neighbours[i]!.length !== 1;
}

/** Whether `i` has a chain single bond (not aromatic) to a neighbour for which `test` holds. */
function chainSingleTo(t: DescriptorTopology, i: number, test: (j: number) => boolean): boolean {
  return t.neighbours[i]!.some((other, k) => {
    const bond = t.bondsOf[i]![k]!;
    return t.bondKind[bond] === SINGLE && !t.ringBond[bond] && test(other);
  });
}
