import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from '../rdkit.ts';
import { elementSymbol } from '../molecular-formula.ts';
import { atomMass, monoisotopicMass } from './element-masses.ts';

/** RDKit's average and exact mass of one bare atom: its table's values themselves. */
function rdkitMasses(atom: string): { amw: number; exactmw: number } | undefined {
  return withMol(`[${atom}]`, (mol) => JSON.parse(mol.get_descriptors()) as { amw: number; exactmw: number });
}

describe('element masses', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it("are RDKit's for every element", () => {
    const differing: string[] = [];
    for (let z = 1; z <= 118; z++) {
      const rdkit = rdkitMasses(elementSymbol(z));
      if (rdkit?.amw !== atomMass(z, 0) || rdkit?.exactmw !== monoisotopicMass(z, 0)) differing.push(elementSymbol(z));
    }
    expect(differing).toEqual([]);
  });

  it("are RDKit's for the labelled isotopes known, and unknown for others", () => {
    for (const [z, isotope, label] of [[1, 2, '2H'], [6, 13, '13C'], [6, 11, '11C'], [9, 18, '18F'], [53, 125, '125I'], [31, 68, '68Ga']] as const) {
      expect(atomMass(z, isotope)).toBe(rdkitMasses(label)?.amw);
      expect(monoisotopicMass(z, isotope)).toBe(rdkitMasses(label)?.exactmw);
    }
    // RDKit gives an isotope it does not know its mass number as mass; the table leaves such atoms to RDKit.
    expect(atomMass(6, 1)).toBeUndefined();
    expect(monoisotopicMass(6, 1)).toBeUndefined();
  });
});
