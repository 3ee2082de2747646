import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { angleTargets, bondLength } from './ideal-geometry.ts';
import { signedVolume } from './stereo-check.ts';
import { starGeometry } from './star-geometry.ts';
import { buildTopology, type Topology } from './topology.ts';

function star(topology: Topology, centre: number): { atoms: number[]; x: Float64Array } {
  const atoms = [centre, ...topology.neighbours[centre]!];
  return { atoms, x: starGeometry(topology, atoms) };
}

const angle = (x: Float64Array, i: number, j: number) => {
  const dot = x[3 * i]! * x[3 * j]! + x[3 * i + 1]! * x[3 * j + 1]! + x[3 * i + 2]! * x[3 * j + 2]!;
  return Math.acos(dot / (Math.hypot(x[3 * i]!, x[3 * i + 1]!, x[3 * i + 2]!) * Math.hypot(x[3 * j]!, x[3 * j + 1]!, x[3 * j + 2]!)));
};

describe('starGeometry', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('puts a chain atom\'s neighbours at their ideal bond lengths and angles', () => {
    // An amide carbon (flat), a sulfonyl S (four unequal angles) and an ether O (bent).
    const topology = buildTopology(hydrogenatedGraph('CC(=O)NCS(=O)(=O)OC')!);
    for (const centre of [1, 5, 8]) {
      const { atoms, x } = star(topology, centre);
      const targets = angleTargets(topology, centre);
      atoms.slice(1).forEach((atom, k) => {
        const bond = topology.bonds.find((b) => (b.a === centre && b.b === atom) || (b.b === centre && b.a === atom))!;
        expect(Math.hypot(x[3 * k + 3]!, x[3 * k + 4]!, x[3 * k + 5]!)).toBeCloseTo(bondLength(topology, bond), 9);
      });
      // The first three angles at the centre are met exactly; a fourth neighbour takes what is left.
      for (const [p, q] of [[1, 2], [1, 3], [2, 3]] as const) {
        if (q >= atoms.length) continue;
        const key = Math.min(atoms[p]!, atoms[q]!) * topology.size + Math.max(atoms[p]!, atoms[q]!);
        expect(angle(x, p, q), `centre ${centre}`).toBeCloseTo(targets.get(key)!.angle, 6);
      }
    }
    const amide = star(topology, 1).x;
    expect(Math.abs(amide[11]!)).toBeLessThan(1e-6);
  });

  it('gives a specified tetrahedral centre its hand, either way round', () => {
    for (const smiles of ['C[C@H](N)C(=O)O', 'C[C@@H](N)C(=O)O']) {
      const topology = buildTopology(hydrogenatedGraph(smiles)!);
      const chiral = topology.chiral[0]!;
      const { atoms, x } = star(topology, chiral.centre);
      const local = (atom: number) => atoms.indexOf(atom);
      const [a, b, d] = chiral.neighbours.map(local) as [number, number, number];
      expect(Math.sign(signedVolume(x, local(chiral.centre), a, b, d))).toBe(chiral.sign);
    }
  });
});
