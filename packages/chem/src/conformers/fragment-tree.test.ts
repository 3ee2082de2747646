import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { fragmentTree } from './fragment-tree.ts';
import { buildTopology, type Topology } from './topology.ts';

const topologyOf = (smiles: string): Topology => buildTopology(hydrogenatedGraph(smiles)!);
const symbols = (topology: Topology, atoms: number[]) => atoms.map((atom) => topology.atomicNumbers[atom]).join(',');

describe('fragmentTree', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('cuts paracetamol into its ring with first shell, the amide N and the carbonyl C', () => {
    const topology = topologyOf('CC(=O)Nc1ccc(O)cc1');
    const tree = fragmentTree(topology)!;
    expect(tree.fragments.map((f) => f.kind)).toEqual(['rings', 'chain', 'chain']);
    const ring = tree.fragments[tree.root]!;
    expect(ring.members).toBe(6);
    // The first shell: the amide N and the phenol O.
    expect(symbols(topology, ring.atoms.slice(ring.members)).split(',').sort()).toEqual(['7', '8']);
    expect(tree.bridges).toHaveLength(2);
  });

  it.each([
    'CCCCOc1ccc(CC(=O)NCCN2CCOCC2)cc1',
    'O=C(Nc1ccc2c(c1)OCO2)c1cc(-c2ccccc2)on1',
    'C[C@H](N)C(=O)O',
    'CC(C)(C)c1ccc(cc1)S(=O)(=O)N1CCC2(CC1)OCCO2',
    'C#CCOc1ccccc1',
  ])('covers every atom of %s once as a member, joined in a tree along bonds outside rings', (smiles) => {
    const topology = topologyOf(smiles);
    const tree = fragmentTree(topology)!;
    const owners = new Map<number, number>();
    tree.fragments.forEach((fragment, f) => fragment.atoms.slice(0, fragment.members).forEach((atom) => {
      expect(owners.has(atom), `atom ${atom} a member twice`).toBe(false);
      owners.set(atom, f);
    }));
    // Atoms that are no member have one neighbour, and ride on its fragment.
    for (let atom = 0; atom < topology.size; atom++) {
      if (owners.has(atom)) continue;
      expect(topology.neighbours[atom]).toHaveLength(1);
      expect(tree.fragments[owners.get(topology.neighbours[atom]![0]!)!]!.atoms).toContain(atom);
    }
    expect(tree.bridges).toHaveLength(tree.fragments.length - 1);
    const reached = new Set([tree.root]);
    for (const { near, from, far, to } of tree.bridges) {
      expect(reached.has(from)).toBe(true);
      expect(reached.has(to)).toBe(false);
      reached.add(to);
      expect(owners.get(near)).toBe(from);
      expect(owners.get(far)).toBe(to);
      const bond = topology.bonds.find((b) => (b.a === near && b.b === far) || (b.a === far && b.b === near));
      expect(bond?.ringSize).toBe(0);
      // Both ends of the bridge are in both fragments: the far one places the near atom's direction.
      expect(tree.fragments[from]!.atoms).toContain(far);
      expect(tree.fragments[to]!.atoms).toContain(near);
    }
    expect(reached.size).toBe(tree.fragments.length);
  });

  it('leaves skeletons in several pieces, or without a fragment, to distance geometry', () => {
    expect(fragmentTree(topologyOf('CC(=O)[O-].[Na+]'))).toBeUndefined();
    expect(fragmentTree(topologyOf('CO'))).toBeUndefined();
  });
});
