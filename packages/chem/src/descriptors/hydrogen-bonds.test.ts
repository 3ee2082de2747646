import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from '../rdkit.ts';
import { hydrogenBondAcceptors, hydrogenBondDonors, lipinskiAcceptors, lipinskiDonors } from './hydrogen-bonds.ts';
import { differencesFromRDKit, referenceMolecule } from './rdkit-descriptors.fixture.ts';

const MOLECULES = [
  'CO', 'CC(=O)O', 'CS(=O)(=O)O', 'OP(=O)(O)O', 'CS', 'CSC', 'CC(=S)N', 'COC', 'CC=O', 'CC(=O)[O-]', 'C[S-]', 'CN', 'CNC',
  'CN(C)C', 'CC(=O)N', 'CC(=O)N(C)C', 'CS(=O)(=O)N', 'CN=O', 'N1CC(=O)NC1=O', 'C1CC(=O)N1', 'CC(=N)N', 'c1ccncc1', 'c1cc[nH]c1',
  'Cn1cccc1', 'O=c1cccc[nH]1', 'Cn1ccccc1=O', 'c1ccoc1', 'c1ccsc1', 'c1cc[nH+]cc1', 'C[NH3+]', 'C[NH+](C)C', 'C[N+](C)(C)C',
  'Nc1ccccc1', 'CC#N', 'C[N+](=O)[O-]', 'ON=C(C)C', 'NNc1ccccc1', '[2H]OC(C)=O', '[2H]N([2H])C', 'O', '[OH-]',
];

describe('hydrogen-bond counts', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it("are RDKit's NumHBD", () => {
    expect(differencesFromRDKit(MOLECULES, 'NumHBD', (m) => hydrogenBondDonors(m.topology))).toEqual([]);
  });

  it("are RDKit's NumHBA", () => {
    expect(differencesFromRDKit(MOLECULES, 'NumHBA', (m) => hydrogenBondAcceptors(m.topology))).toEqual([]);
  });

  it('no longer count three-connected aromatic N as acceptors (RDKit 2026, issue #8997)', () => {
    expect(hydrogenBondAcceptors(referenceMolecule('Cn1cccc1').topology)).toBe(0);
    expect(hydrogenBondAcceptors(referenceMolecule('Cn1ccccc1=O').topology)).toBe(1);
    expect(hydrogenBondAcceptors(referenceMolecule('c1ccncc1').topology)).toBe(1);
  });

  it("are RDKit's Lipinski counts of N and O and of their hydrogens", () => {
    expect(differencesFromRDKit(MOLECULES, 'lipinskiHBA', (m) => lipinskiAcceptors(m.topology))).toEqual([]);
    expect(differencesFromRDKit(MOLECULES, 'lipinskiHBD', (m) => lipinskiDonors(m.topology))).toEqual([]);
  });
});
