import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from '../rdkit.ts';
import { aromaticRingCount, fractionCsp3, heavyAtomCount } from './atom-counts.ts';
import { differencesFromRDKit, referenceMolecule } from './rdkit-descriptors.fixture.ts';

const MOLECULES = [
  'CCO', 'c1ccccc1', 'c1ccc2ccccc2c1', 'c1ccc2c(c1)Cc1ccccc1-2', 'C1=CC2=CC=CC2=C1', 'O=C1NC(=O)c2ccccc12', 'c1ccc2[nH]ccc2c1',
  'Cn1c(=O)c2c(ncn2C)n(C)c1=O', 'C1CC2CCC1C2', '[2H]C([2H])([2H])O', '[H][H]', 'O', 'C[N+](C)(C)C', 'FC(F)(F)C#N', 'C=C=C',
];

describe('atom and ring counts', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it("are RDKit's heavy atoms, aromatic rings and fraction of sp3 carbons", () => {
    expect(differencesFromRDKit(MOLECULES, 'NumHeavyAtoms', (m) => heavyAtomCount(m.topology))).toEqual([]);
    expect(differencesFromRDKit(MOLECULES, 'NumAromaticRings', (m) => aromaticRingCount(m.topology))).toEqual([]);
    expect(differencesFromRDKit(MOLECULES, 'FractionCSP3', (m) => fractionCsp3(m.topology))).toEqual([]);
  });

  it('count a fused ring with one non-aromatic bond as not aromatic, and no carbon as no sp3 fraction', () => {
    expect(aromaticRingCount(referenceMolecule('c1ccc2c(c1)Cc1ccccc1-2').topology)).toBe(2);
    expect(fractionCsp3(referenceMolecule('O').topology)).toBe(0);
    expect(heavyAtomCount(referenceMolecule('[2H]C([2H])([2H])O').topology)).toBe(2);
  });
});
