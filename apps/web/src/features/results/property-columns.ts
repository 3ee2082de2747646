import type { PropertyValue } from './results.types.ts';

interface PropertyLabel {
  label: string;
  /** The full name, for tooltips and table headers. */
  title?: string;
  unit?: string;
  decimals?: number;
}

/** Display names of the property columns the server computes (same order as its downloads). */
const LABELS: Record<string, PropertyLabel> = {
  mw: { label: 'MW', title: 'Molecular weight', unit: 'g/mol', decimals: 2 },
  exact_mass: { label: 'Exact mass', unit: 'Da', decimals: 4 },
  formula: { label: 'Formula' },
  clogp: { label: 'cLogP', title: 'Wildman–Crippen logP', decimals: 2 },
  tpsa: { label: 'TPSA', title: 'Topological polar surface area', unit: 'Å²', decimals: 1 },
  hbd: { label: 'HBD', title: 'Hydrogen-bond donors' },
  hba: { label: 'HBA', title: 'Hydrogen-bond acceptors' },
  rotatable_bonds: { label: 'Rot. bonds', title: 'Rotatable bonds' },
  heavy_atoms: { label: 'Heavy atoms' },
  aromatic_rings: { label: 'Arom. rings', title: 'Aromatic rings' },
  fraction_sp3: { label: 'Fsp3', title: 'Fraction of sp3 carbons', decimals: 2 },
  stereo_centres: { label: 'Stereocentres' },
  lipinski_violations: { label: 'Ro5 viol.', title: 'Lipinski rule-of-five violations' },
  veber_pass: { label: 'Veber', title: 'Veber oral bioavailability rule' },
  qed: { label: 'QED', title: 'Quantitative estimate of drug-likeness', decimals: 3 },
};

export interface PropertyColumn {
  key: string;
  label: string;
  /** Full name with unit, e.g. "Molecular weight (g/mol)". */
  title: string;
}

/** Columns present on the rows, known ones in their usual order, unknown ones after them by name. */
export function propertyColumns(keys: Iterable<string>): PropertyColumn[] {
  const present = new Set(keys);
  const known = Object.keys(LABELS).filter((key) => present.has(key));
  const other = [...present].filter((key) => !(key in LABELS)).sort();
  return [...known, ...other].map((key) => {
    const info = LABELS[key];
    const label = info?.label ?? humanise(key);
    const name = info?.title ?? label;
    return { key, label, title: info?.unit ? `${name} (${info.unit})` : name };
  });
}

export function formatProperty(key: string, value: PropertyValue): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'boolean') return key === 'veber_pass' ? (value ? 'Pass' : 'Fail') : value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    const decimals = LABELS[key]?.decimals;
    if (decimals !== undefined) return value.toFixed(decimals);
    return Number.isInteger(value) ? String(value) : value.toFixed(3);
  }
  return value;
}

function humanise(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
