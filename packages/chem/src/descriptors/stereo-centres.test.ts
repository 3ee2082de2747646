import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from '../rdkit.ts';
import { atomStereoCentres } from './stereo-centres.ts';
import { differencesFromRDKit, referenceMolecule } from './rdkit-descriptors.fixture.ts';

const count = (smiles: string): number | undefined => {
  const m = referenceMolecule(smiles);
  return atomStereoCentres(m.topology, m.graph.cipRanks);
};

const MOLECULES = [
  'CC(N)C(=O)O', 'C[C@H](N)C(=O)O', 'CC(F)(Cl)Br', 'CC(C)C', 'CC1CCC(C)CC1', 'C[C@H]1CC[C@@H](C)CC1', 'CC[C@H](C)C(C)CC',
  'CC[C@@H](C)C(C)[C@H](C)CC', 'CC[C@@H](C)C(C)[C@@H](C)CC', 'OC1C(O)C(O)C(O)C(O)C1O', 'O[C@H]1[C@@H](O)[C@H](O)[C@@H](O)[C@H](O)[C@@H]1O',
  'C1CN2CCC1CC2', 'CC1CN2CCC1CC2', 'CC12CCN(CC1)C2', 'O=C1N2CCC1CC2', 'CN1CC1', 'CC1CN1C', 'CC1CN1c1ccccc1', 'CC1CN1C(C)=O', 'CN1C2CCC1CC2',
  'CS(=O)CC', 'C[S@@](=O)c1ccccc1', 'C[S+](C)CC', 'CC[Se](=O)C', 'CP(CC)c1ccccc1', 'C[As](CC)c1ccccc1', 'CC[N+](C)(CC)CCC', 'C[C@@H]([2H])O',
  'C[C@@H](O)[H]', '[2H]C(C)(N)C', 'C[Si](F)(Cl)c1ccccc1', 'S=P(N1CC1)(N1CC1)N1CC1',
];

describe('atomStereoCentres', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it("is RDKit's NumAtomStereoCenters, assigned centres and possible ones", () => {
    expect(differencesFromRDKit(MOLECULES, 'NumAtomStereoCenters', (m) => atomStereoCentres(m.topology, m.graph.cipRanks))).toEqual([]);
  });

  it('counts a centre whose arms differ only in their own configuration once it is assigned', () => {
    expect(count('CC[C@H](C)C(C)CC')).toBe(2);
    expect(count('CCC(C)C(C)CC')).toBe(2);
    expect(count('CC[C@@H](C)C(C)[C@H](C)CC')).toBe(2);
  });

  it('counts no ring cis/trans centres, and a bridgehead N only when its lone pair is free', () => {
    expect(count('C[C@H]1CC[C@@H](C)CC1')).toBe(0);
    expect(count('CC1CN2CCC1CC2')).toBe(1);
    expect(count('CC1CN1C')).toBe(2);
    expect(count('CC1CN1C(C)=O')).toBe(1);
  });

  it('leaves a charged three-connected ring N to RDKit', () => {
    expect(count('C[N+]1=CC1')).toBeUndefined();
  });
});
