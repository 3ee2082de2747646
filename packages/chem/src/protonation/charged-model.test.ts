import { beforeAll, describe, expect, it } from 'vitest';
import { partialCharges } from '../charges/partial-charges.ts';
import { generateConformers } from '../conformers/generate-conformers.ts';
import { hydrogenatedGraph } from '../mol-graph.ts';
import type { MolGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { buildModel3D } from '../shape/model-3d.ts';
import type { Model3D } from '../shape/model-3d.ts';
import { score } from '../shape/scorer.ts';
import { protonatedGraph } from './protonate.ts';

const IBUPROFEN = 'CC(C)Cc1ccc(C(C)C(=O)O)cc1';

function model(graph: MolGraph): Model3D {
  const { conformers } = generateConformers(graph, { count: 3, seed: 42, timeBudgetMs: 5000 });
  return buildModel3D(graph, conformers, partialCharges(graph, 'mmff94').charges);
}

const total = (m: Model3D): number => m.charges.reduce((sum, q) => sum + q, 0);

describe('the 3D model of a charged query', () => {
  let neutral: Model3D;
  let charged: Model3D;
  beforeAll(async () => {
    await loadRDKit();
    neutral = model(hydrogenatedGraph(IBUPROFEN)!);
    charged = model(protonatedGraph(IBUPROFEN)!.graph);
  });

  it('carries the carboxylate charge of the pH 7.4 form', () => {
    expect(total(neutral)).toBeCloseTo(0, 6);
    expect(total(charged)).toBeCloseTo(-1, 6);
    // The two carboxylate oxygens share the charge; the neutral acid's OH oxygen and C=O oxygen do not.
    const oxygenCharges = (m: Model3D): number[] => [...m.atomicNumbers].flatMap((z, i) => (z === 8 ? [m.charges[i]!] : []));
    const [a, b] = oxygenCharges(charged);
    expect(a).toBeCloseTo(b!, 2);
    expect(Math.min(...oxygenCharges(charged))).toBeLessThan(Math.min(...oxygenCharges(neutral)) - 0.15);
  });

  it('scores its neutral form lower electrostatically while the shape stays alike', () => {
    const self = score(charged, charged, 'espsim_electrostatic');
    const across = score(charged, neutral, 'espsim_electrostatic');
    expect(self.similarity).toBeCloseTo(1, 6);
    expect(across.shape).toBeGreaterThan(0.9);
    expect(across.similarity).toBeLessThan(0.95);
    expect(score(neutral, neutral, 'espsim_electrostatic').similarity).toBeCloseTo(1, 6);
  });
});
