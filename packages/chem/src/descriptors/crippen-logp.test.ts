import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from '../rdkit.ts';
import { crippenLogP } from './crippen-logp.ts';
import { differencesFromRDKit } from './rdkit-descriptors.fixture.ts';

/** Molecules that between them hold every atom type of the scheme, most in more than one setting. */
const BY_TYPE: Record<string, string[]> = {
  'sp3 carbon (C1-C4, C27)': ['C', 'CC', 'CC(C)C', 'CC(C)(C)C', 'CN', 'COC', 'CC(O)C', 'CC(C)(O)C', 'CC(F)(F)F', 'C[Si](C)(C)C', 'CC[Se]C', 'CB(O)O', 'NCCl'],
  'sp2 and sp carbon (C5-C7, C26)': ['CC=O', 'C=C', 'CC=CC', 'CC(C)=C(C)C', 'C=C=C', 'CC#C', 'CC#N', 'C=Cc1ccccc1', 'CC(=C)c1ccccc1', 'C(=C)(c1ccccc1)c1ccccc1', 'C=C1C=CC=C1', 'O=C1C=CC(=O)C=C1'],
  'carbons on aromatic rings (C8-C12)': ['Cc1ccccc1', 'Cn1cccc1', 'CCc1ccccc1', 'CC(C)c1ccccc1', 'CC(C)(C)c1ccccc1', 'Cc1ccncc1'],
  'aromatic carbon (C13-C25)': ['[SiH3]c1ccccc1', 'Bc1ccccc1', 'Fc1ccccc1', 'Clc1ccccc1', 'Brc1ccccc1', 'Ic1ccccc1', 'c1ccc2ccccc2c1', 'c1ccc(cc1)-c1ccccc1', 'Cc1ccccc1', 'Nc1ccccc1', 'Oc1ccccc1', 'Sc1ccccc1', 'O=c1cccc[nH]1', 'C=c1cccc[nH]1', 'Pc1ccccc1'],
  'hydrogens (H1-H4, HS)': ['CO', 'Oc1ccccc1', 'OB(O)c1ccccc1', 'O', 'OP(=O)(O)O', 'S', 'N', 'ON', 'CC(=O)O', 'OC=C', 'OS(=O)(=O)c1ccccc1', 'OO', 'OC#N', '[OH-]', '[H][H]', '[2H]OC(C)=O', '[SiH4]'],
  'nitrogen (N1-N14, NS)': ['CN', 'CNC', 'Nc1ccccc1', 'CNc1ccccc1', 'CC=N', 'CC=NC', 'CN(C)C', 'CN(C)c1ccccc1', 'c1ccc(cc1)N(c1ccccc1)c1ccccc1', 'CC#N', 'C[NH3+]', 'c1ccncc1', 'C[n+]1ccccc1', 'C[N+](C)(C)C', 'C[N+](=O)[O-]', 'C=[N+]=[N-]', 'C[N+]#[C-]', 'CN=[N+]=[N-]', 'C[N-]S(C)(=O)=O', 'c1cc[n-]c1', 'C[N+](C)=CC'],
  'oxygen (O1-O12, OS)': ['c1ccoc1', 'CO', 'COC', 'COc1ccccc1', 'C[N+](=O)[O-]', 'C[N+](C)(C)[O-]', 'CS(C)=O', 'C[S+](C)[O-]', 'CC(=O)[O-]', 'C[O-]', 'O=c1ccocc1', 'CC=O', 'CC(C)=O', 'C=O', 'O=C=O', 'O=Cc1ccccc1', 'CC(=O)c1ccccc1', 'NC(N)=O', 'COC(=O)OC', 'OC(=O)c1ccccc1', 'C[OH2+]'],
  'halogens, P, S, metals (Hal, P, S1-S3, Me1, Me2)': ['CF', 'CCl', 'CBr', 'CI', '[F-]', '[Cl-]', '[I+](c1ccccc1)c1ccccc1', '[Na+]', '[Na]', 'CP(C)C', 'CS', 'CSC', 'C[S+](C)C', 'CS(C)(=O)=O', 'CC(=S)N', 'c1ccsc1', '[Mg+2]', 'C[Se]C', 'c1cc[se]c1', '[Fe+2]', '[Zn]', '[Cu+]', '[He]', '[Ar]'],
};

describe('crippenLogP', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  for (const [types, molecules] of Object.entries(BY_TYPE)) {
    it(`is RDKit's Crippen logP to the last bit for ${types}`, () => {
      expect(differencesFromRDKit(molecules, 'CrippenClogP', (m) => crippenLogP(m.topology))).toEqual([]);
    });
  }

  it('sums hydrogens after the atoms they sit on, as RDKit does after adding them', () => {
    // Three hydrogens of 0.123 after a carbon of 0.1441 round differently from the same terms summed otherwise.
    expect(differencesFromRDKit(['CCCCCCCCCCCCCCCCCCCC', 'OCC(O)C(O)C(O)C(O)CO', 'c1ccc2cc3ccccc3cc2c1'], 'CrippenClogP', (m) => crippenLogP(m.topology))).toEqual([]);
  });
});
