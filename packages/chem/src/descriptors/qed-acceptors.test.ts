import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, rdkit, withMol } from '../rdkit.ts';
import { QED_ACCEPTOR_SMARTS } from '../qed.ts';
import { qedAcceptorCount } from './qed-acceptors.ts';
import { referenceMolecule } from './rdkit-descriptors.fixture.ts';

const MOLECULES = [
  'c1ccoc1', 'CO', 'COC', 'CC=O', 'CC(=O)[O-]', 'CSC', 'CC(=S)C', 'C[S-]', 'c1ccncc1', 'Cn1cccc1', 'CC#N', 'CN(C)C', 'CN(C)C(C)=O',
  'CN(C)S(C)=O', 'CN(C)S(C)(=O)=O', 'CNC', 'CN', 'C[N+](C)(C)C', 'c1ccc(cc1)N(C)C', 'OC(=O)c1ccccc1', 'O', '[2H]OC(C)=O',
  'CC(=O)Nc1ccc(O)cc1', 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C',
];

/** QED's acceptor count as RDKit's patterns give it: the sum of each pattern's matches. */
function patternCount(smiles: string): number {
  const module = rdkit();
  return withMol(smiles, (mol) =>
    QED_ACCEPTOR_SMARTS.reduce((sum, smarts) => {
      const query = module.get_qmol(smarts)!;
      try {
        const matches = JSON.parse(mol.get_substruct_matches(query)) as unknown;
        return sum + (Array.isArray(matches) ? matches.length : 0);
      } finally {
        query.delete();
      }
    }, 0),
  ) ?? -1;
}

describe('qedAcceptorCount', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it("is the count of QED's acceptor patterns", () => {
    const differing = MOLECULES.filter((smiles) => qedAcceptorCount(referenceMolecule(smiles).topology) !== patternCount(smiles));
    expect(differing).toEqual([]);
  });
});
