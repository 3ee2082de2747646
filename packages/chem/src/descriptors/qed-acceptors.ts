import { singleOrAromatic, DOUBLE } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';

/**
 * QED's hydrogen-bond acceptors (Bickerton et al. 2012, as RDKit's QED defines them, not Lipinski's N + O):
 * two-connected aromatic o and n; ethers, hydroxyls, carbonyl and anionic O; thioethers, thiones and anionic
 * S; nitrile N; and neutral trivalent amine N not on a C or S doubly bonded to O (amides and sulfinamides are
 * not acceptors). An atom counts once, as each of RDKit's eleven patterns names different atoms.
 */
export function qedAcceptorCount(t: DescriptorTopology): number {
  let count = 0;
  t.graph.atoms.forEach((atom, i) => {
    const h = t.hydrogens[i]!;
    const x = t.neighbours[i]!.length + t.ownHydrogens[i]!;
    const v = t.valence[i]!;
    const anion = atom.formalCharge === -1;
    switch (atom.aromatic ? -atom.atomicNumber : atom.atomicNumber) {
      case -8: // [oH0;X2]
      case -7: // [nH0;X2]
        count += Number(h === 0 && x === 2);
        break;
      case 8: // [OH1;X2;v2], [OH0;X2;v2], [OH0;X1;v2], [O-;X1]
        count += Number(h === 1 && x === 2 && v === 2) + Number(h === 0 && x === 2 && v === 2) + Number(h === 0 && x === 1 && v === 2) + Number(anion && x === 1);
        break;
      case 16: // [SH0;X2;v2], [SH0;X1;v2], [S-;X1]
        count += Number(h === 0 && x === 2 && v === 2) + Number(h === 0 && x === 1 && v === 2) + Number(anion && x === 1);
        break;
      case 7: // [NH0;X1;v3], [$([N;+0;X3;v3]);!$(N[C,S]=O)]
        count += Number(h === 0 && x === 1 && v === 3) + Number(atom.formalCharge === 0 && x === 3 && v === 3 && !onCarbonylLike(t, i));
        break;
    }
  });
  return count;
}

/** N[C,S]=O: bonded to an aliphatic C or S that has a double bond to an aliphatic O. */
function onCarbonylLike(t: DescriptorTopology, n: number): boolean {
  return t.neighbours[n]!.some((x, k) => {
    const atom = t.graph.atoms[x]!;
    if (atom.aromatic || (atom.atomicNumber !== 6 && atom.atomicNumber !== 16) || !singleOrAromatic(t.bondKind[t.bondsOf[n]![k]!]!)) return false;
    return t.neighbours[x]!.some((o, m) => t.bondKind[t.bondsOf[x]![m]!] === DOUBLE && t.graph.atoms[o]!.atomicNumber === 8 && !t.graph.atoms[o]!.aromatic);
  });
}
