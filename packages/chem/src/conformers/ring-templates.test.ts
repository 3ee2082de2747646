import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { fragmentTree, type Fragment } from './fragment-tree.ts';
import { canonicalRingSystem, RingTemplates } from './ring-templates.ts';
import { buildTopology, type Topology } from './topology.ts';

/** The largest ring system of a molecule, with its topology. */
function ringSystem(smiles: string): { topology: Topology; fragment: Fragment } {
  const topology = buildTopology(hydrogenatedGraph(smiles)!);
  const tree = fragmentTree(topology)!;
  const rings = tree.fragments.filter((f) => f.kind === 'rings').sort((p, q) => q.atoms.length - p.atoms.length);
  return { topology, fragment: rings[0]! };
}

const distance = (x: Float64Array, i: number, j: number) => Math.hypot(x[3 * i]! - x[3 * j]!, x[3 * i + 1]! - x[3 * j + 1]!, x[3 * i + 2]! - x[3 * j + 2]!);

describe('ring templates', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('names a ring system with its first shell the same whatever order the molecule lists its atoms in', () => {
    const key = (smiles: string) => {
      const { topology, fragment } = ringSystem(smiles);
      return canonicalRingSystem(topology, fragment)!.key;
    };
    expect(key('NCCc1ccc(Cl)c2ncccc12')).toBe(key('Clc1ccc(CCN)c2cccnc21'));
    expect(key('O=C1CCN(C)CC1')).toBe(key('CN1CCC(=O)CC1'));
    // Another substituent atom, or another place on the ring, is another template.
    expect(key('NCCc1ccc(Cl)c2ncccc12')).not.toBe(key('NCCc1ccc(Br)c2ncccc12'));
    expect(key('Cc1ccccc1C')).not.toBe(key('Cc1cccc(C)c1'));
  });

  it('leaves ring systems with specified stereo to their molecule', () => {
    const { topology, fragment } = ringSystem('C[C@H]1CCCC[C@@H]1N');
    expect(canonicalRingSystem(topology, fragment)).toBeUndefined();
  });

  it('gives a molecule the same ring shapes whether another molecule filled the cache or not', () => {
    const first = ringSystem('OCc1ccc2c(c1)CCN(C)C2');
    const second = ringSystem('CN1CCc2cc(CO)ccc2C1');
    const warm = new RingTemplates();
    const canonicalFirst = canonicalRingSystem(first.topology, first.fragment)!;
    const canonicalSecond = canonicalRingSystem(second.topology, second.fragment)!;
    expect(canonicalSecond.key).toBe(canonicalFirst.key);
    for (let k = 0; k < 3; k++) warm.shape(first.topology, first.fragment, canonicalFirst, 42, k);
    for (let k = 0; k < 3; k++) {
      const fromWarm = warm.shape(second.topology, second.fragment, canonicalSecond, 42, k).coordinates;
      const fromCold = new RingTemplates().shape(second.topology, second.fragment, canonicalSecond, 42, k).coordinates;
      expect(fromWarm).toEqual(fromCold);
      // Mapped onto the second molecule's atoms, its bonds have bond lengths.
      const local = new Map(second.fragment.atoms.map((atom, i) => [atom, i]));
      for (const bond of second.topology.bonds) {
        if (!local.has(bond.a) || !local.has(bond.b)) continue;
        const length = distance(fromWarm, local.get(bond.a)!, local.get(bond.b)!);
        expect(length).toBeGreaterThan(1.2);
        expect(length).toBeLessThan(1.6);
      }
    }
    // A saturated ring puckers differently in different shapes.
    expect(warm.shape(first.topology, first.fragment, canonicalFirst, 42, 0).coordinates)
      .not.toEqual(warm.shape(first.topology, first.fragment, canonicalFirst, 42, 1).coordinates);
  });
});
