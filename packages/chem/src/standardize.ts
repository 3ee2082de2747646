import { withMol } from './rdkit.ts';
import type { RDKitMol } from './rdkit.ts';
import { neutralizeCharges } from './neutralize-charges.ts';

export interface StandardizedSmiles {
  /** RDKit canonical SMILES of the standardised molecule. */
  smiles: string;
  /** True when standardisation altered the structure (a fragment dropped or a charge neutralised). */
  changed: boolean;
}

/** RDKit's canonical (isomeric) SMILES of `smiles`, or undefined when RDKit cannot parse it or it has no atoms. */
export function canonicalSmiles(smiles: string): string | undefined {
  return withMol(smiles, (mol) => (mol.get_num_atoms() === 0 ? undefined : mol.get_smiles()));
}

/**
 * The parent structure a compound is searched and shown as: the largest organic fragment (salts,
 * counter-ions and solvents dropped), with charges neutralised where an H can be added or removed,
 * as RDKit canonical SMILES. Returns undefined when RDKit cannot parse the input or it has no atoms.
 */
export function standardizeSmiles(smiles: string): StandardizedSmiles | undefined {
  return withMol(smiles, (mol) => standardOf(mol));
}

/**
 * `use` of the standard form and an RDKit molecule read from its SMILES (atoms in that SMILES's order), or
 * undefined when either cannot be read. An input already in its standard form is read once: the molecule
 * read to standardise it is the one `use` gets.
 */
export function withStandardMol<T>(smiles: string, use: (standard: StandardizedSmiles, mol: RDKitMol) => T): T | undefined {
  let later: StandardizedSmiles | undefined;
  const done = withMol(smiles, (mol) => {
    const standard = standardOf(mol);
    if (!standard) return undefined;
    if (standard.smiles === smiles) return { value: use(standard, mol) };
    later = standard;
    return undefined;
  });
  if (done) return done.value;
  const standard = later;
  return standard && withMol(standard.smiles, (mol) => use(standard, mol));
}

function standardOf(mol: RDKitMol): StandardizedSmiles | undefined {
  // RDKit reads an empty string as a molecule without atoms, on which fragmenting throws.
  if (mol.get_num_atoms() === 0) return undefined;
  const canonical = mol.get_smiles();
  // Most catalogue molecules are single neutral fragments: the SMILES says so without more parsing.
  const parent = (canonical.includes('.') ? parentFragmentSmiles(mol) : undefined) ?? canonical;
  const neutral = (CHARGED_ATOM.test(parent) ? neutralizedSmiles(parent) : undefined) ?? parent;
  return { smiles: neutral, changed: neutral !== canonical };
}

/** A bracket atom with a charge; outside brackets '-' is a bond. */
const CHARGED_ATOM = /\[[^\]]*[+-][^\]]*\]/;

interface Fragment {
  smiles: string;
  heavyAtoms: number;
  organic: boolean;
}

/**
 * Canonical SMILES of the fragment to keep, or undefined for a single-fragment molecule.
 * Organic fragments (with carbon) win over inorganic ones, then more heavy atoms; ties go to the
 * canonical SMILES that sorts first, so the choice never depends on the input's fragment order.
 */
function parentFragmentSmiles(mol: RDKitMol): string | undefined {
  const { molList } = mol.get_frags() as { molList: FragmentList };
  const fragments: Fragment[] = [];
  try {
    for (let i = 0; i < molList.size(); i++) {
      const fragment = molList.at(i);
      if (!fragment) continue;
      try {
        fragments.push({ smiles: fragment.get_smiles(), heavyAtoms: fragment.get_num_atoms(true), organic: hasCarbon(fragment) });
      } finally {
        fragment.delete();
      }
    }
  } finally {
    molList.delete();
  }
  if (fragments.length <= 1) return undefined;
  fragments.sort(compareFragments);
  return fragments[0]?.smiles;
}

interface FragmentList {
  size(): number;
  at(index: number): RDKitMol | null;
  delete(): void;
}

function compareFragments(a: Fragment, b: Fragment): number {
  if (a.organic !== b.organic) return a.organic ? -1 : 1;
  if (a.heavyAtoms !== b.heavyAtoms) return b.heavyAtoms - a.heavyAtoms;
  return a.smiles < b.smiles ? -1 : a.smiles > b.smiles ? 1 : 0;
}

function hasCarbon(fragment: RDKitMol): boolean {
  const doc = JSON.parse(fragment.get_json()) as { defaults: { atom: { z: number } }; molecules: { atoms: { z?: number }[] }[] };
  // RDKit's JSON leaves out fields equal to the defaults, and carbon is the default element.
  const defaultZ = doc.defaults.atom.z;
  return (doc.molecules[0]?.atoms ?? []).some((atom) => (atom.z ?? defaultZ) === 6);
}

/** Canonical SMILES of `smiles` neutralised, or undefined when there is nothing to neutralise. */
function neutralizedSmiles(smiles: string): string | undefined {
  const neutral = neutralizeCharges(smiles);
  // A neutral form RDKit rejects (an unusual valence) means the charge was not safe to remove.
  return neutral === undefined ? undefined : withMol(neutral, (mol) => mol.get_smiles());
}
