import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from '../rdkit.ts';
import { topologicalPolarSurfaceArea } from './tpsa.ts';
import { differencesFromRDKit, referenceMolecule } from './rdkit-descriptors.fixture.ts';

/** Molecules that hold each N and O class of Ertl's table, and some the table lacks. */
const MOLECULES = [
  'CC#N', 'CC=N', 'CN', 'CC=[NH2+]', 'C[NH3+]', 'CN=CC', 'CN=C=O', 'C1CN1', 'CNC', 'C[N+]#[C-]', 'CC=[NH+]C', 'C[NH2+]C', 'c1ccncc1',
  'c1cc[nH]c1', 'c1cc[nH+]cc1', 'CN1CC1', 'CN(C)C', 'C[N+](=O)[O-]', 'C[N+](C)=CC', 'C[NH+](C)C', 'Cn1cccc1', 'O=c1cccc[nH]1',
  'Cn1ccccc1=O', 'C[n+]1ccccc1', 'c1cc[n+]([O-])cc1', 'C[N+](C)(C)C', 'CN=[N+]=[N-]', 'C[N-]C', 'CC=O', 'CO', 'C[O-]', 'C1CO1', 'COC',
  'c1ccoc1', 'C[OH2+]', 'O', '[OH-]', 'C[O+](C)C', 'CS(=O)(=O)O', 'OP(=O)(O)O', '[2H]OC', '[2H]N([2H])C',
];

describe('topologicalPolarSurfaceArea', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it("is RDKit's TPSA to the last bit across the table's classes", () => {
    expect(differencesFromRDKit(MOLECULES, 'tpsa', (m) => topologicalPolarSurfaceArea(m.topology))).toEqual([]);
  });

  it('counts N and O only, as RDKit does by default', () => {
    expect(topologicalPolarSurfaceArea(referenceMolecule('CSc1ccsc1P(C)C').topology)).toBe(0);
    expect(topologicalPolarSurfaceArea(referenceMolecule('CC(=O)Nc1ccc(O)cc1').topology)).toBeCloseTo(49.33, 10);
  });
});
