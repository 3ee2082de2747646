import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from '../rdkit.ts';
import { strictRotatableBonds } from './rotatable-bonds.ts';
import { differencesFromRDKit, referenceMolecule } from './rdkit-descriptors.fixture.ts';

const MOLECULES = [
  'CCCC', 'CCO', 'CCOC', 'c1ccccc1-c1ccccc1', 'c1ccccc1Cc1ccccc1', 'CC(=O)NC', 'CC(=O)N(C)C', 'CC(=O)OC', 'CC(=O)SC', 'CC(=S)NC',
  'CNC(=[NH2+])N', 'CC(=[NH2+])NC', 'CS(=O)(=O)NC', 'CC#CC', 'CC#N', 'CC(F)(F)F', 'FC(F)(F)c1ccccc1', 'CC(C)(C)c1ccccc1',
  'ClC(Cl)(Cl)CC', 'CC(C)(C)C(C)(C)C', 'CCC(=O)OCC', 'OC(=O)CCC(=O)O', 'NC(=O)c1ccccc1', 'C1CCCCC1C1CCCCC1', 'CC1CCCCC1',
  'COc1ccccc1', '[2H]C([2H])([2H])Oc1ccccc1', '[2H]C([2H])([2H])CC', 'CCN(CC)CC', 'O=C(Nc1ccccc1)c1ccccc1', 'CCCCCCCCCCCCCCCC',
];

describe('strictRotatableBonds', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it("is RDKit's default NumRotatableBonds", () => {
    expect(differencesFromRDKit(MOLECULES, 'NumRotatableBonds', (m) => strictRotatableBonds(m.topology))).toEqual([]);
  });

  it('counts neither amide C-N bonds nor bonds to CD3, as to CH3', () => {
    expect(strictRotatableBonds(referenceMolecule('CC(=O)NC').topology)).toBe(0);
    expect(strictRotatableBonds(referenceMolecule('[2H]C([2H])([2H])Oc1ccccc1').topology)).toBe(1);
  });
});
