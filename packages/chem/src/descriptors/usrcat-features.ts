import type { AtomPerception } from '../charges/hybridisation.ts';
import { perceiveAtoms } from '../charges/hybridisation.ts';
import type { MolGraph } from '../mol-graph.ts';

/** Graph indices of the heavy atoms in each USRCAT pharmacophore class (an atom may be in several). */
export interface UsrcatFeatureAtoms {
  hydrophobic: number[];
  aromatic: number[];
  acceptor: number[];
  donor: number[];
}

/**
 * USRCAT's atom classes (Schreyer & Blundell, J. Cheminf. 2012, 4:27), as the SMARTS of the usrcat
 * package that RDKit's GetUSRCAT uses, written as graph rules ("aliphatic" = not aromatic,
 * "H" = attached hydrogens, "valence" = total valence):
 * - hydrophobic: neutral C not bonded to N, O or F; neutral aliphatic S with no H and valence 2;
 *   neutral aromatic S; sp3 aliphatic S; neutral Cl, Br, I.
 * - aromatic: aromatic atoms.
 * - acceptor: aliphatic O/S with one H and valence 2, singly bonded to an atom that has no double bond to
 *   an aliphatic O, N, P or S; aliphatic O/S with no H and valence 2; aliphatic O/S with charge -1;
 *   aliphatic N of valence 3 with one or two H, singly bonded to such an atom; aliphatic N of valence 3
 *   with no H; neutral aromatic N, O, S; F.
 * - donor: aliphatic N with H and valence 3; aliphatic N+ with H and valence 4; neutral aliphatic O or S
 *   with exactly one H; neutral aromatic N with exactly one H.
 */
export function usrcatFeatureAtoms(graph: MolGraph, perception: AtomPerception = perceiveAtoms(graph)): UsrcatFeatureAtoms {
  const features: UsrcatFeatureAtoms = { hydrophobic: [], aromatic: [], acceptor: [], donor: [] };
  const rules = atomRules(graph, perception);
  graph.atoms.forEach((atom, i) => {
    if (atom.atomicNumber === 1) return;
    if (rules.hydrophobic(i)) features.hydrophobic.push(i);
    if (atom.aromatic) features.aromatic.push(i);
    if (rules.acceptor(i)) features.acceptor.push(i);
    if (rules.donor(i)) features.donor.push(i);
  });
  return features;
}

const N = 7;
const O = 8;
const F = 9;
const P = 15;
const S = 16;

function atomRules(graph: MolGraph, perception: AtomPerception) {
  const z = (i: number): number => graph.atoms[i]?.atomicNumber ?? 0;
  const charge = (i: number): number => graph.atoms[i]?.formalCharge ?? 0;
  const aromatic = (i: number): boolean => graph.atoms[i]?.aromatic ?? false;
  const hydrogens = (i: number): number => perception.hydrogenCount[i] ?? 0;
  const valence = (i: number): number => perception.totalValence[i] ?? 0;
  const aliphatic = (i: number, ...elements: number[]): boolean => !aromatic(i) && elements.includes(z(i));
  const heavyNeighbours = (i: number): { atom: number; single: boolean; double: boolean }[] =>
    (perception.atomBonds[i] ?? []).flatMap((b) => {
      const bond = graph.bonds[b];
      if (!bond) return [];
      const atom = bond.a === i ? bond.b : bond.a;
      if (z(atom) === 1) return [];
      return [{ atom, single: !bond.aromatic && bond.order === 1, double: !bond.aromatic && bond.order === 2 }];
    });
  // "-[!$(*=[O,N,P,S])]": a single bond to an atom without a double bond to an aliphatic O, N, P or S.
  const singlyBondedToNonCarbonylLike = (i: number): boolean =>
    heavyNeighbours(i).some(
      (n) => n.single && !heavyNeighbours(n.atom).some((m) => m.double && aliphatic(m.atom, O, N, P, S)),
    );

  return {
    hydrophobic(i: number): boolean {
      const element = z(i);
      if (element === 6) return charge(i) === 0 && !heavyNeighbours(i).some((n) => [N, O, F].includes(z(n.atom)));
      if (element === S) {
        if (aromatic(i)) return charge(i) === 0;
        return (hydrogens(i) === 0 && charge(i) === 0 && valence(i) === 2) || perception.hybridisation[i] === 'SP3';
      }
      return (element === 17 || element === 35 || element === 53) && charge(i) === 0;
    },
    acceptor(i: number): boolean {
      if (aliphatic(i, O, S)) {
        if (hydrogens(i) === 1 && valence(i) === 2 && singlyBondedToNonCarbonylLike(i)) return true;
        return (hydrogens(i) === 0 && valence(i) === 2) || charge(i) === -1;
      }
      if (aliphatic(i, N)) {
        if (valence(i) !== 3) return false;
        const h = hydrogens(i);
        return h === 0 || ((h === 1 || h === 2) && singlyBondedToNonCarbonylLike(i));
      }
      if (aromatic(i) && [N, O, S].includes(z(i))) return charge(i) === 0;
      return z(i) === F;
    },
    donor(i: number): boolean {
      const h = hydrogens(i);
      if (aliphatic(i, N)) return h > 0 && (valence(i) === 3 || (charge(i) === 1 && valence(i) === 4));
      if (aliphatic(i, O, S)) return h === 1 && charge(i) === 0;
      return aromatic(i) && z(i) === N && h === 1 && charge(i) === 0;
    },
  };
}
