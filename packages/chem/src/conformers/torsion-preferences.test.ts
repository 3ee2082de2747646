import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { generateConformers } from './generate-conformers.ts';
import { buildTopology } from './topology.ts';

/** Dihedral a-b-c-d in degrees, 0..180 (sign dropped). */
function dihedral(x: Float64Array, a: number, b: number, c: number, d: number): number {
  const p = (i: number) => [x[3 * i]!, x[3 * i + 1]!, x[3 * i + 2]!] as const;
  const sub = (u: readonly number[], w: readonly number[]) => [u[0]! - w[0]!, u[1]! - w[1]!, u[2]! - w[2]!];
  const cross = (u: number[], w: number[]) => [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
  const b1 = sub(p(b), p(a));
  const b2 = sub(p(c), p(b));
  const b3 = sub(p(d), p(c));
  const n1 = cross(b1, b2);
  const n2 = cross(b2, b3);
  const cosine = (n1[0]! * n2[0]! + n1[1]! * n2[1]! + n1[2]! * n2[2]!) / (Math.hypot(...n1) * Math.hypot(...n2));
  return (Math.acos(Math.max(-1, Math.min(1, cosine))) * 180) / Math.PI;
}

function conformersOf(smiles: string, count = 6) {
  const graph = hydrogenatedGraph(smiles)!;
  return generateConformers(graph, { count, seed: 3, timeBudgetMs: 10_000 }).conformers;
}

describe('torsion preferences in generated conformers', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  it('puts the chain of a secondary amide anti to the carbonyl carbon', () => {
    // CC(=O)NCCc1ccccc1: atoms 1 (C=O carbon), 3 (N), 4 (CH2), 5 (CH2).
    for (const x of conformersOf('CC(=O)NCCc1ccccc1')) expect(dihedral(x, 1, 3, 4, 5)).toBeGreaterThan(140);
  });

  it('twists biphenyl out of plane without making it perpendicular', () => {
    // c1ccc(-c2ccccc2)cc1: the inter-ring bond is 3-4; 2 and 5 are ring neighbours on each side.
    for (const x of conformersOf('c1ccc(-c2ccccc2)cc1', 3)) {
      const twist = dihedral(x, 2, 3, 4, 5);
      expect(Math.min(twist, 180 - twist)).toBeGreaterThan(20);
      expect(Math.min(twist, 180 - twist)).toBeLessThan(70);
    }
  });

  it('treats a sulfonanilide N as pyramidal, so the aryl ring may leave the S-N-C plane', () => {
    const topology = buildTopology(hydrogenatedGraph('CS(=O)(=O)Nc1ccccc1')!);
    const nitrogen = topology.atomicNumbers.indexOf(7);
    expect(topology.hybridisation[nitrogen]).toBe('sp3');
    // An anilide N next to a carbonyl stays trigonal.
    const amide = buildTopology(hydrogenatedGraph('CC(=O)Nc1ccccc1')!);
    expect(amide.hybridisation[amide.atomicNumbers.indexOf(7)]).toBe('sp2');
  });
});
