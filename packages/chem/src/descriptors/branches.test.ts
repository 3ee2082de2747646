import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from '../rdkit.ts';
import { graphFromRDKitJson } from '../mol-graph.ts';
import { AROMATIC, DOUBLE, SINGLE, descriptorTopology } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';
import { bondKinds, hasBranches } from './branches.ts';
import type { Branch } from './branches.ts';

const element = (z: number) => (t: DescriptorTopology, j: number): boolean => t.graph.atoms[j]!.atomicNumber === z;
const byDefaultBond = (atom: Branch['atom']): Branch => ({ bonds: bondKinds(SINGLE, AROMATIC), atom });

describe('hasBranches', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('maps each branch to a different neighbour, as a SMARTS match does', () => {
    const t = withMol('CC(O)=O', (mol) => descriptorTopology(graphFromRDKitJson(mol.get_json())))!;
    const oxygen = byDefaultBond(element(8));
    const carbon = byDefaultBond(element(6));
    // The carboxyl C has one O by a single bond: C(O)O needs two.
    expect(hasBranches(t, 1, [oxygen])).toBe(true);
    expect(hasBranches(t, 1, [oxygen, oxygen])).toBe(false);
    expect(hasBranches(t, 1, [{ bonds: bondKinds(DOUBLE), atom: element(8) }, oxygen, carbon])).toBe(true);
    expect(hasBranches(t, 1, [carbon, carbon])).toBe(false);
  });

  it('tries other assignments when the first neighbour fits two branches', () => {
    const t = withMol('NC(C)O', (mol) => descriptorTopology(graphFromRDKitJson(mol.get_json())))!;
    const heavy = byDefaultBond((tt, j) => tt.graph.atoms[j]!.atomicNumber > 1);
    const nitrogen = byDefaultBond(element(7));
    expect(hasBranches(t, 1, [heavy, heavy, nitrogen])).toBe(true);
    expect(hasBranches(t, 1, [nitrogen, heavy, heavy, heavy])).toBe(false);
  });
});
