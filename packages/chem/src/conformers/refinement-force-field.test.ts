import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { buildBoundsMatrix } from './bounds-matrix.ts';
import { distanceGeometryError, volumeTerms } from './distance-geometry-error.ts';
import type { Objective } from './lbfgs.ts';
import { refinementForceField } from './refinement-force-field.ts';
import { buildTopology } from './topology.ts';
import { torsionPreferences } from './torsion-preferences.ts';

/** Largest relative difference between the analytic gradient and central finite differences. */
function gradientError(objective: Objective, x: Float64Array): number {
  const analytic = new Float64Array(x.length);
  objective(x, analytic);
  const scratch = new Float64Array(x.length);
  let worst = 0;
  for (let i = 0; i < x.length; i++) {
    const up = x.slice();
    const down = x.slice();
    up[i]! += 1e-6;
    down[i]! -= 1e-6;
    const numeric = (objective(up, scratch) - objective(down, scratch)) / 2e-6;
    worst = Math.max(worst, Math.abs(numeric - analytic[i]!) / Math.max(1, Math.abs(numeric)));
  }
  return worst;
}

describe('energy gradients used by the minimiser', () => {
  beforeAll(async () => {
    await loadRDKit();
  });

  // A chiral centre, an amide, an aromatic ring and rotatable bonds exercise every kind of term.
  const topology = () => buildTopology(hydrogenatedGraph('C[C@H](N)C(=O)Nc1ccc(CCOC)cc1')!);
  const spread = (n: number) => Float64Array.from({ length: n }, (_, i) => 3 * Math.sin(i * 12.9898));

  it('match finite differences for the refinement force field', () => {
    const t = topology();
    const bounds = buildBoundsMatrix(t, 0.75);
    const field = refinementForceField(t, bounds, torsionPreferences(t), volumeTerms(t.chiral, bounds));
    expect(gradientError(field.evaluate, spread(3 * t.size))).toBeLessThan(1e-5);
  });

  it('match finite differences for the 4D distance-geometry error', () => {
    const t = topology();
    const error = distanceGeometryError(buildBoundsMatrix(t, 0.75), t.chiral, 4);
    error.fourthDimensionWeight = 0.3;
    expect(gradientError(error.evaluate, spread(4 * t.size))).toBeLessThan(1e-5);
  });
});
