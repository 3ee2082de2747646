import type { MolGraph } from '../mol-graph.ts';
import { atomMass, monoisotopicMass } from './element-masses.ts';

const HYDROGEN_WEIGHT = atomMass(1, 0)!;
const HYDROGEN_MASS = monoisotopicMass(1, 0)!;
/** The electron mass RDKit takes off a cation's exact mass (and adds to an anion's), in Da. */
const ELECTRON_MASS = 0.00054857991;

/**
 * Average molecular weight as RDKit sums it: atom by atom, each atom's weight and then its own hydrogens' in
 * one product, so that the rounding is RDKit's. Undefined for a dummy atom or an isotope the table lacks.
 */
export function averageMolecularWeight(graph: MolGraph): number | undefined {
  let weight = 0;
  for (const atom of graph.atoms) {
    const mass = atom.atomicNumber > 0 ? atomMass(atom.atomicNumber, atom.isotope) : undefined;
    if (mass === undefined) return undefined;
    weight += mass;
    weight += atom.implicitHs * HYDROGEN_WEIGHT;
  }
  return weight;
}

/**
 * Monoisotopic mass as RDKit sums it: atom by atom with the electron mass of each formal charge, then all
 * hydrogens carried by atoms in one product at the end. Undefined for a dummy atom or an unknown isotope.
 */
export function exactMolecularWeight(graph: MolGraph): number | undefined {
  let mass = 0;
  let hydrogens = 0;
  for (const atom of graph.atoms) {
    const atomic = atom.atomicNumber > 0 ? monoisotopicMass(atom.atomicNumber, atom.isotope) : undefined;
    if (atomic === undefined) return undefined;
    mass += atomic;
    mass -= ELECTRON_MASS * atom.formalCharge;
    hydrogens += atom.implicitHs;
  }
  return mass + hydrogens * HYDROGEN_MASS;
}
