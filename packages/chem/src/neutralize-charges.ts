import { withMol } from './rdkit.ts';

/**
 * Neutralises the charges of a molecule that an acid or a base would: a charged atom gains or loses
 * hydrogens. Charges that cannot be removed that way stay: quaternary N+ (with the anion that balances
 * it, so a betaine stays a zwitterion), charge-separated groups drawn with adjacent + and - atoms
 * (nitro, N-oxides, azides, ylides) and anions of elements that cannot take a proton (borates).
 *
 * RDKit's JSON tells which atoms to change; the change itself is written into the SMILES, because a
 * molecule read back from edited JSON loses its double-bond stereo.
 */
export function neutralizeCharges(smiles: string): string | undefined {
  const found = withMol(smiles, (mol) => ({ edits: chargeEdits(mol.get_json()), atoms: mol.get_num_atoms() }));
  if (!found || found.edits.size === 0) return undefined;
  // Atom indices are SMILES token positions only if reading dropped no hydrogen atoms, which holds
  // for RDKit's own output; anything else is left alone rather than edited at the wrong atom.
  if ((smiles.match(ATOM_TOKEN) ?? []).length !== found.atoms) return undefined;
  return applyAtomEdits(smiles, found.edits);
}

interface AtomEdit { charge: number; hydrogens: number }

interface JsonAtom { z?: number; chg?: number; impHs?: number }
interface JsonBond { atoms: [number, number]; bo?: number }
interface JsonDocument {
  defaults: { atom: { z: number; chg: number; impHs: number }; bond: { bo: number } };
  molecules: { atoms: JsonAtom[]; bonds?: JsonBond[] }[];
}

/** Elements whose anions take a proton back; a neutral tetravalent boron, for one, does not exist. */
const PROTONATABLE_ANIONS = new Set([6, 7, 8, 9, 15, 16, 17, 34, 35, 52, 53]);
const ACID_CENTRES = new Set([6, 15, 16]);

/** New charge and hydrogen count per atom index, in the order RDKit read the atoms from the SMILES. */
function chargeEdits(json: string): Map<number, AtomEdit> {
  const doc = JSON.parse(json) as JsonDocument;
  const edits = new Map<number, AtomEdit>();
  const molecule = doc.molecules[0];
  if (!molecule) return edits;
  const atomDefaults = doc.defaults.atom;
  const atoms = molecule.atoms;
  const bonds = molecule.bonds ?? [];
  const charge = (i: number): number => atoms[i]?.chg ?? atomDefaults.chg;
  const hydrogens = (i: number): number => atoms[i]?.impHs ?? atomDefaults.impHs;
  const element = (i: number): number => atoms[i]?.z ?? atomDefaults.z;
  const neighbours: { atom: number; order: number }[][] = atoms.map(() => []);
  for (const bond of bonds) {
    const [a, b] = bond.atoms;
    const order = bond.bo ?? doc.defaults.bond.bo;
    neighbours[a]?.push({ atom: b, order });
    neighbours[b]?.push({ atom: a, order });
  }
  // An ion pair on bonded atoms is a way of drawing a neutral group: leave both.
  const besideOpposite = (i: number): boolean =>
    (neighbours[i] ?? []).some((n) => Math.sign(charge(n.atom)) === -Math.sign(charge(i)));
  // The anion of a carboxylic, sulfonic or phosphonic acid: O or N on a C, S or P that bears a C=O/S=O/P=O.
  const isStrongAcidAnion = (i: number): boolean =>
    (neighbours[i] ?? []).some(
      (n) => ACID_CENTRES.has(element(n.atom)) &&
        (neighbours[n.atom] ?? []).some((m) => m.atom !== i && m.order === 2 && element(m.atom) === 8),
    );

  let permanentCations = 0;
  const anions: number[] = [];
  atoms.forEach((_, i) => {
    const q = charge(i);
    if (q === 0 || besideOpposite(i)) return;
    if (q < 0) {
      anions.push(i);
      return;
    }
    const removable = Math.min(q, hydrogens(i));
    if (removable > 0) edits.set(i, { charge: q - removable, hydrogens: hydrogens(i) - removable });
    permanentCations += q - removable;
  });

  // Anions beyond those balancing permanent cations take a proton back, the weakest acids first,
  // so that a zwitterion keeps its carboxylate or sulfonate charged.
  let surplus = anions.reduce((sum, i) => sum - charge(i), 0) - permanentCations;
  const byAcidity = anions
    .filter((i) => PROTONATABLE_ANIONS.has(element(i)))
    .sort((a, b) => Number(isStrongAcidAnion(a)) - Number(isStrongAcidAnion(b)) || a - b);
  for (const i of byAcidity) {
    if (surplus <= 0) break;
    const added = Math.min(-charge(i), surplus);
    edits.set(i, { charge: charge(i) + added, hydrogens: hydrogens(i) + added });
    surplus -= added;
  }
  return edits;
}

// Atoms of a SMILES in the order a parser numbers them: bracket atoms, then the organic subset
// (two-letter symbols before one-letter ones) and the wildcard.
const ATOM_TOKEN = /\[[^\]]*\]|Br|Cl|[BCNOPSFI]|[bcnops]|\*/g;
const BRACKET_ATOM = /^\[(\d*)([A-Z][a-z]?|[a-z][a-z]?|\*)(@[^H+\-:\]]*)?(?:H(\d*))?((?:[+-]\d*)+)?(:\d+)?\]$/;

/** Rewrites the atoms at `edits` (atom indices) with their new charge and explicit hydrogen count. */
function applyAtomEdits(smiles: string, edits: Map<number, AtomEdit>): string | undefined {
  let index = -1;
  let failed = false;
  const edited = smiles.replace(ATOM_TOKEN, (token) => {
    index++;
    const edit = edits.get(index);
    if (!edit) return token;
    const parts = BRACKET_ATOM.exec(token);
    if (!parts) {
      failed = true;
      return token;
    }
    const [, isotope = '', symbol = '', chirality = '', , , atomClass = ''] = parts;
    const hydrogens = edit.hydrogens === 0 ? '' : edit.hydrogens === 1 ? 'H' : `H${edit.hydrogens}`;
    const charge = edit.charge === 0 ? '' : `${edit.charge > 0 ? '+' : '-'}${Math.abs(edit.charge) === 1 ? '' : Math.abs(edit.charge)}`;
    return `[${isotope}${symbol}${chirality}${hydrogens}${charge}${atomClass}]`;
  });
  return failed ? undefined : edited;
}
