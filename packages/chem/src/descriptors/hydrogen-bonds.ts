import { DOUBLE, SINGLE } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';

/**
 * Hydrogen-bond donors and acceptors by RDKit's definitions (Lipinski.cpp, NumHBD 2.0.1 and NumHBA 2.0.2), atom
 * by atom as their SMARTS read; and Lipinski's own counts of N and O atoms and of their hydrogens.
 */

/** Atoms matching [N&!H0&v3,N&!H0&+1&v4,O&H1&+0,S&H1&+0,n&H1&+0]. */
export function hydrogenBondDonors(t: DescriptorTopology): number {
  let count = 0;
  t.graph.atoms.forEach((atom, i) => {
    const h = t.hydrogens[i]!;
    const charge = atom.formalCharge;
    switch (atom.atomicNumber) {
      case 7:
        if (atom.aromatic) count += Number(h === 1 && charge === 0);
        else count += Number(h > 0 && (t.valence[i] === 3 || (charge === 1 && t.valence[i] === 4)));
        break;
      case 8:
      case 16:
        count += Number(!atom.aromatic && h === 1 && charge === 0);
        break;
    }
  });
  return count;
}

/**
 * Atoms matching NumHBA's five alternatives: hydroxyl or thiol O/S not on an atom doubly bonded to O, N, P or
 * S; ether, carbonyl and thioether O/S; anionic O/S; trivalent N not bonded to a chain-doubly-bonded O, N, P or
 * S neighbour (amides, sulfonamides); and neutral two-connected aromatic n (RDKit 2026 dropped pyrrole- and
 * pyridone-type n, issue #8997), aromatic o and s.
 */
export function hydrogenBondAcceptors(t: DescriptorTopology): number {
  let count = 0;
  t.graph.atoms.forEach((atom, i) => {
    const z = atom.atomicNumber;
    if (atom.aromatic) {
      const twoConnected = t.hydrogens[i] === 0 && t.neighbours[i]!.length + t.ownHydrogens[i]! === 2;
      count += Number(atom.formalCharge === 0 && ((z === 7 && twoConnected) || z === 8 || z === 16));
    } else if (z === 8 || z === 16) {
      count += Number(chalcogenAcceptor(t, i));
    } else if (z === 7) {
      count += Number(t.valence[i] === 3 && !bondedToChainDoubleBondedHeteroatom(t, i));
    }
  });
  return count;
}

function chalcogenAcceptor(t: DescriptorTopology, i: number): boolean {
  const atom = t.graph.atoms[i]!;
  if (atom.formalCharge === -1) return true;
  if (t.valence[i] !== 2) return false;
  const h = t.hydrogens[i];
  if (h === 0) return true;
  if (h !== 1) return false;
  return t.neighbours[i]!.some((other, k) => t.bondKind[t.bondsOf[i]![k]!] === SINGLE && !doublyBondedToHeteroatom(t, other, false));
}

/** Whether `atom` has a double bond (outside rings only, when `chainOnly`) to an aliphatic O, N, P or S. */
function doublyBondedToHeteroatom(t: DescriptorTopology, atom: number, chainOnly: boolean): boolean {
  return t.neighbours[atom]!.some((other, k) => {
    const bond = t.bondsOf[atom]![k]!;
    if (t.bondKind[bond] !== DOUBLE || (chainOnly && t.ringBond[bond])) return false;
    const partner = t.graph.atoms[other]!;
    return !partner.aromatic && ACCEPTOR_PARTNERS.has(partner.atomicNumber);
  });
}

function bondedToChainDoubleBondedHeteroatom(t: DescriptorTopology, nitrogen: number): boolean {
  return t.neighbours[nitrogen]!.some((other, k) => t.bondKind[t.bondsOf[nitrogen]![k]!] === SINGLE && doublyBondedToHeteroatom(t, other, true));
}

const ACCEPTOR_PARTNERS: ReadonlySet<number> = new Set([7, 8, 15, 16]);

/** Lipinski's acceptors: N and O atoms. */
export function lipinskiAcceptors(t: DescriptorTopology): number {
  let count = 0;
  for (const atom of t.graph.atoms) if (atom.atomicNumber === 7 || atom.atomicNumber === 8) count++;
  return count;
}

/** Lipinski's donors: hydrogens on N and O, hydrogen atoms bonded to them included. */
export function lipinskiDonors(t: DescriptorTopology): number {
  let count = 0;
  t.graph.atoms.forEach((atom, i) => {
    if (atom.atomicNumber === 7 || atom.atomicNumber === 8) count += t.hydrogens[i]!;
  });
  return count;
}
