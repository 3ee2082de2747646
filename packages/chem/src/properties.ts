import { withMol } from './rdkit.ts';
import type { RDKitMol } from './rdkit.ts';
import { graphFromRDKitJson } from './mol-graph.ts';
import type { MolGraph } from './mol-graph.ts';
import { molecularFormula } from './molecular-formula.ts';
import { qedFromInputs, qedInputs } from './qed.ts';
import { moleculeDescriptors } from './descriptors/molecule-descriptors.ts';
import { descriptorTopology } from './descriptors/topology.ts';

/** The ADMET panel's computed columns for one molecule. Keys are the column keys of `PROPERTY_COLUMNS`. */
export interface MoleculeProperties {
  /** Average molecular weight, g/mol. */
  mw: number;
  /** Monoisotopic mass, Da. */
  exact_mass: number;
  formula: string;
  /** Wildman–Crippen logP. */
  clogp: number;
  /** Topological polar surface area (N and O contributions), Å². */
  tpsa: number;
  hbd: number;
  hba: number;
  rotatable_bonds: number;
  heavy_atoms: number;
  aromatic_rings: number;
  fraction_sp3: number;
  /** Tetrahedral stereocentres, assigned or not. */
  stereo_centres: number;
  /** Rule-of-five violations: MW > 500, cLogP > 5, NH+OH > 5, N+O > 10. */
  lipinski_violations: number;
  /** Veber's oral bioavailability rule: rotatable bonds <= 10 and TPSA <= 140. */
  veber_pass: boolean;
  qed: number;
}

export type PropertyKey = keyof MoleculeProperties;

export interface PropertyColumn {
  key: PropertyKey;
  /** Column header for TSV/CSV and the results grid. */
  label: string;
  /** Unit for display next to the label; empty when dimensionless. */
  unit: string;
  kind: 'number' | 'integer' | 'text' | 'boolean';
  /** Decimals when shown or written as text (numbers only). */
  decimals?: number;
}

/** The columns in display order. */
export const PROPERTY_COLUMNS: readonly PropertyColumn[] = [
  { key: 'mw', label: 'MW', unit: 'g/mol', kind: 'number', decimals: 2 },
  { key: 'exact_mass', label: 'Exact mass', unit: 'Da', kind: 'number', decimals: 4 },
  { key: 'formula', label: 'Formula', unit: '', kind: 'text' },
  { key: 'clogp', label: 'cLogP', unit: '', kind: 'number', decimals: 2 },
  { key: 'tpsa', label: 'TPSA', unit: 'Å²', kind: 'number', decimals: 1 },
  { key: 'hbd', label: 'HBD', unit: '', kind: 'integer' },
  { key: 'hba', label: 'HBA', unit: '', kind: 'integer' },
  { key: 'rotatable_bonds', label: 'Rotatable bonds', unit: '', kind: 'integer' },
  { key: 'heavy_atoms', label: 'Heavy atoms', unit: '', kind: 'integer' },
  { key: 'aromatic_rings', label: 'Aromatic rings', unit: '', kind: 'integer' },
  { key: 'fraction_sp3', label: 'Fraction sp3', unit: '', kind: 'number', decimals: 2 },
  { key: 'stereo_centres', label: 'Stereo centres', unit: '', kind: 'integer' },
  { key: 'lipinski_violations', label: 'Lipinski violations', unit: '', kind: 'integer' },
  { key: 'veber_pass', label: 'Veber pass', unit: '', kind: 'boolean' },
  { key: 'qed', label: 'QED', unit: '', kind: 'number', decimals: 3 },
];

/** A property value as text for TSV/CSV and the grid, with the column's decimals. */
export function formatPropertyValue(properties: MoleculeProperties, column: PropertyColumn): string {
  const value = properties[column.key];
  if (typeof value === 'number') return column.decimals === undefined ? String(value) : value.toFixed(column.decimals);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

/** Properties of the molecule as written (standardise first if salts should not count). */
export function computeProperties(smiles: string): MoleculeProperties | undefined {
  return withMol(smiles, (mol) => (mol.get_num_atoms() === 0 ? undefined : moleculeProperties(mol)));
}

/**
 * Properties of an already parsed molecule, computed from its graph (one JSON read) to the values RDKit's
 * descriptors give. A caller that has read the molecule's graph (`graphFromRDKitJson(mol.get_json())`)
 * passes it to save the read.
 */
export function moleculeProperties(mol: RDKitMol, graph: MolGraph = graphFromRDKitJson(mol.get_json())): MoleculeProperties {
  // Read once for the descriptors and QED alike.
  const topology = descriptorTopology(graph);
  const d = moleculeDescriptors(mol, graph, topology);
  const lipinskiViolations =
    Number(d.amw > 500) + Number(d.CrippenClogP > 5) + Number(d.lipinskiHBD > 5) + Number(d.lipinskiHBA > 10);
  return {
    mw: d.amw,
    exact_mass: d.exactmw,
    formula: molecularFormula(graph.atoms),
    clogp: d.CrippenClogP,
    tpsa: d.tpsa,
    hbd: d.NumHBD,
    hba: d.NumHBA,
    rotatable_bonds: d.NumRotatableBonds,
    heavy_atoms: d.NumHeavyAtoms,
    aromatic_rings: d.NumAromaticRings,
    fraction_sp3: d.FractionCSP3,
    stereo_centres: d.NumAtomStereoCenters,
    lipinski_violations: lipinskiViolations,
    veber_pass: d.NumRotatableBonds <= 10 && d.tpsa <= 140,
    qed: qedFromInputs(qedInputs(mol, d, graph, topology)),
  };
}
