import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { fragmentEmbedder } from './fragment-embedder.ts';
import { bondLength } from './ideal-geometry.ts';
import { dihedral } from './torsion-assembly.ts';
import { buildTopology } from './topology.ts';

const distance = (x: Float64Array, i: number, j: number) => Math.hypot(x[3 * i]! - x[3 * j]!, x[3 * i + 1]! - x[3 * j + 1]!, x[3 * i + 2]! - x[3 * j + 2]!);

describe('fragmentEmbedder', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('assembles bonds outside rings at their ideal lengths (ring templates within their polish), and sp3 chains staggered', () => {
    const topology = buildTopology(hydrogenatedGraph('CCCCCCOc1ccc(CCN)cc1')!);
    const embedder = fragmentEmbedder(topology, 3, 4)!;
    for (let attempt = 0; attempt < 6; attempt++) {
      const { coordinates: x, stereoOk } = embedder.assemble(attempt, Infinity);
      expect(stereoOk).toBe(true);
      for (const bond of topology.bonds) {
        if (bond.ringSize === 0) expect(distance(x, bond.a, bond.b)).toBeCloseTo(bondLength(topology, bond), 2);
      }
      // The hexyl chain's C-C-C-C dihedrals sit near a staggered minimum (60°, 180° or 300°).
      for (let a = 0; a + 3 <= 5; a++) {
        const phi = (dihedral(x, a, a + 1, a + 2, a + 3)! * 180) / Math.PI;
        const fromMinimum = (((phi - 60) % 120) + 120) % 120;
        expect(Math.min(fromMinimum, 120 - fromMinimum), `dihedral ${a}: ${phi.toFixed(1)}°`).toBeLessThan(20);
      }
    }
  });

  it('gives an attempt the same skeleton whatever was assembled before, and other attempts other skeletons', () => {
    const topology = buildTopology(hydrogenatedGraph('O=C(NC1CCN(Cc2ccccc2)CC1)c1ccc(F)cc1')!);
    const first = fragmentEmbedder(topology, 11, 4)!;
    const inOrder = [0, 1, 2, 3, 4].map((attempt) => first.assemble(attempt, Infinity).coordinates);
    const second = fragmentEmbedder(topology, 11, 4)!;
    for (const attempt of [4, 2, 0, 3, 1]) expect(second.assemble(attempt, Infinity).coordinates).toEqual(inOrder[attempt]);
    expect(inOrder[1]).not.toEqual(inOrder[0]);
    const otherSeed = fragmentEmbedder(topology, 12, 4)!;
    expect(otherSeed.assemble(0, Infinity).coordinates).not.toEqual(inOrder[0]);
  });

  it('polishes an assembly in place and keeps specified stereo', () => {
    const topology = buildTopology(hydrogenatedGraph('C[C@H](Cc1ccccc1)N[C@@H]1CCC[C@H]1O')!);
    const embedder = fragmentEmbedder(topology, 5, 2)!;
    const { coordinates, stereoOk } = embedder.assemble(0, Infinity);
    const before = coordinates.slice();
    expect(stereoOk).toBe(true);
    expect(embedder.polish(coordinates, Infinity)).toBe(true);
    expect(coordinates).not.toEqual(before);
  });

  it('leaves to distance geometry what it cannot cut into pieces', () => {
    expect(fragmentEmbedder(buildTopology(hydrogenatedGraph('[Na+].[Cl-]')!), 0, 4)).toBeUndefined();
    expect(fragmentEmbedder(buildTopology(hydrogenatedGraph('FS(F)(F)(F)(F)CCCC')!), 0, 4)).toBeUndefined();
  });
});
