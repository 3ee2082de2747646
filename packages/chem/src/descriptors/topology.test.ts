import { beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit, withMol } from '../rdkit.ts';
import { graphFromRDKitJson } from '../mol-graph.ts';
import { AROMATIC, DOUBLE, SINGLE, descriptorTopology } from './topology.ts';
import type { DescriptorTopology } from './topology.ts';

function topologyOf(smiles: string): DescriptorTopology | undefined {
  return withMol(smiles, (mol) => descriptorTopology(graphFromRDKitJson(mol.get_json())));
}

describe('descriptorTopology', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it("counts a deuterium atom among its neighbour's hydrogens but not among those it carries", () => {
    const t = topologyOf('[2H]C([2H])([2H])O');
    expect(t?.graph.atoms[1]?.atomicNumber).toBe(6);
    expect(t?.hydrogens[1]).toBe(3);
    expect(t?.ownHydrogens[1]).toBe(0);
    expect(t?.hydrogens[4]).toBe(1);
  });

  it('gives valences from Kekulé bond orders, aromatic or not', () => {
    const t = topologyOf('c1cc[nH]c1.c1ccncc1.O=C1C=CC=CN1C');
    const valences = t?.graph.atoms.map((atom, i) => (atom.atomicNumber === 7 ? t.valence[i] : undefined)).filter((v) => v !== undefined);
    expect(valences).toEqual([3, 3, 3]);
    expect(t?.bondKind.includes(AROMATIC)).toBe(true);
    expect([...(t?.bondKind ?? [])].filter((kind) => kind === DOUBLE)).toHaveLength(1);
  });

  it('marks ring bonds of fused and bridged rings, and chain bonds not', () => {
    const t = topologyOf('C1CC2CCC1C2CC');
    const ringBonds = t?.graph.bonds.filter((_, b) => t.ringBond[b]).length;
    expect(ringBonds).toBe(8);
    expect(t?.bondKind.every((kind) => kind === SINGLE)).toBe(true);
    expect([...(t?.ringAtom ?? [])]).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0]);
  });

  it('leaves a dative bond to RDKit', () => {
    expect(topologyOf('C[NH2]->[Cu]')).toBeUndefined();
  });
});
