import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from '../rdkit.ts';
import { graphFromRDKitJson } from '../mol-graph.ts';
import { averageMolecularWeight, exactMolecularWeight } from './molecular-weight.ts';
import { differencesFromRDKit } from './rdkit-descriptors.fixture.ts';

const MOLECULES = [
  'CCO', 'CC(=O)Oc1ccccc1C(=O)O', 'C[N+](C)(C)C', 'CC(=O)[O-]', '[O-][N+](=O)c1ccccc1', 'OC(=O)CC[N+](C)(C)C',
  '[2H]C([2H])([2H])Oc1ccccc1', '[2H]OC(C)=O', '[13CH3]C(N)=O', '[18F]c1ccc(cc1)C(=O)O', '[125I]c1ccc(O)cc1',
  'FC(F)(F)c1ccc(Cl)c(Br)c1I', 'OB(O)c1ccccc1', 'C[Si](C)(C)C#C', 'C[Se]c1ccccc1', 'CS(=O)(=O)[O-].[Na+]', '[Mg+2]',
  'ClCCl', '[H][H]', 'O', '[NH4+]', 'C1CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC1',
];

describe('molecular weights', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it("are RDKit's average weights to the last bit", () => {
    expect(differencesFromRDKit(MOLECULES, 'amw', (m) => averageMolecularWeight(m.graph))).toEqual([]);
  });

  it("are RDKit's exact masses to the last bit, with the electrons of charged atoms", () => {
    expect(differencesFromRDKit(MOLECULES, 'exactmw', (m) => exactMolecularWeight(m.graph))).toEqual([]);
  });

  it('are unknown for an isotope the table lacks and for a dummy atom', () => {
    for (const smiles of ['[1CH4]', '*C']) {
      const graph = withMol(smiles, (mol) => graphFromRDKitJson(mol.get_json()))!;
      expect(averageMolecularWeight(graph)).toBeUndefined();
      expect(exactMolecularWeight(graph)).toBeUndefined();
    }
  });
});
