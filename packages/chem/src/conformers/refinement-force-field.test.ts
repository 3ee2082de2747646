import { beforeAll, describe, expect, it } from 'vitest';
import { hydrogenatedGraph } from '../mol-graph.ts';
import { loadRDKit } from '../rdkit.ts';
import { buildBoundsMatrix } from './bounds-matrix.ts';
import { distanceGeometryError, volumeTerms } from './distance-geometry-error.ts';
import type { Objective } from './lbfgs.ts';
import { refinementForceField, torsionEnergy } from './refinement-force-field.ts';
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

  it('of torsion terms by the multiple-angle recurrence agree with the trigonometric functions', () => {
    // Phases 2π and -π are the same terms as 0 and π but take atan2, cos and sin.
    const pairs = [[0, 2 * Math.PI], [Math.PI, -Math.PI]] as const;
    let worst = 0;
    for (let trial = 0; trial < 200; trial++) {
      const x = Float64Array.from({ length: 12 }, (_, i) => 1.7 * Math.sin(trial * 7.31 + i * 12.9898));
      for (const n of [1, 2, 3, 4]) {
        for (const [phase, trigPhase] of pairs) {
          const recurrence = new Float64Array(12);
          const trig = new Float64Array(12);
          const energy = torsionEnergy({ a: 0, b: 1, c: 2, d: 3, k: 1.3, n, phase }, x, recurrence);
          const reference = torsionEnergy({ a: 0, b: 1, c: 2, d: 3, k: 1.3, n, phase: trigPhase }, x, trig);
          worst = Math.max(worst, Math.abs(energy - reference), ...recurrence.map((g, i) => Math.abs(g - trig[i]!)));
        }
      }
    }
    expect(worst).toBeLessThan(1e-9);
    // A wrong sign or periodicity would differ by the size of the terms themselves.
    const x = Float64Array.from({ length: 12 }, (_, i) => Math.sin(i * 12.9898));
    expect(Math.abs(torsionEnergy({ a: 0, b: 1, c: 2, d: 3, k: 1, n: 3, phase: 0 }, x, new Float64Array(12)) -
      torsionEnergy({ a: 0, b: 1, c: 2, d: 3, k: 1, n: 3, phase: Math.PI }, x, new Float64Array(12)))).toBeGreaterThan(1e-3);
  });

  it('match finite differences for the 4D distance-geometry error', () => {
    const t = topology();
    const error = distanceGeometryError(buildBoundsMatrix(t, 0.75), t.chiral, 4);
    error.fourthDimensionWeight = 0.3;
    expect(gradientError(error.evaluate, spread(4 * t.size))).toBeLessThan(1e-5);
  });
});
