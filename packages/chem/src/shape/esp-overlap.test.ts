import { describe, expect, it } from 'vitest';
import { ESP_GAUSSIAN_A, ESP_GAUSSIAN_B, ESP_TABLE_END, espKernel, espKernelExact, espOverlap, espSelfOverlap, espSimilarity, renormalizeEsp } from './esp-overlap.ts';
import { readShapeReference, referenceModel } from './reference-fixture.ts';
import { electrostaticSimilarity } from './scorer.ts';
import type { Pose } from './scorer.ts';

const reference = readShapeReference();
const identity: Pose = { queryConformer: 0, candidateConformer: 0, rotation: [1, 0, 0, 0], translation: [0, 0, 0] };

describe('ESPsim electrostatic overlap', () => {
  it('sums the nine published Gaussians', () => {
    for (const r2 of [0, 0.7, 2.5, 9, 40, 400]) {
      const nine = ESP_GAUSSIAN_A.reduce((sum, a, k) => sum + a * Math.exp(ESP_GAUSSIAN_B[k]! * r2), 0);
      expect(espKernel(r2)).toBeCloseTo(nine, 8);
    }
  });

  it('reproduces the six-exponential sum from its table within 1e-9 everywhere, and beyond the table exactly', () => {
    let worst = 0;
    for (let r2 = 0; r2 < ESP_TABLE_END + 50; r2 += 0.00377) worst = Math.max(worst, Math.abs(espKernel(r2) - espKernelExact(r2)));
    expect(worst).toBeLessThan(1e-9);
    expect(espKernel(ESP_TABLE_END + 10)).toBe(espKernelExact(ESP_TABLE_END + 10));
  });

  it('matches the Python reference on identical coordinates and charges within 1e-6', () => {
    expect(reference.pairs.length).toBeGreaterThanOrEqual(200);
    for (const pair of reference.pairs) {
      const query = reference.molecules[pair.query]!;
      const candidate = reference.molecules[pair.candidate]!;
      const xa = Float64Array.from(query.coords);
      const xb = Float64Array.from(pair.candidateCoords);
      const na = query.charges.length, nb = candidate.charges.length;
      const aa = espSelfOverlap(xa, query.charges, na);
      const bb = espOverlap(xb, candidate.charges, nb, xb, candidate.charges, nb);
      const ab = espOverlap(xa, query.charges, na, xb, candidate.charges, nb);
      expect(Math.abs(aa - pair.espOverlap.aa)).toBeLessThan(1e-6);
      expect(Math.abs(bb - pair.espOverlap.bb)).toBeLessThan(1e-6);
      expect(Math.abs(ab - pair.espOverlap.ab)).toBeLessThan(1e-6);
      expect(Math.abs(espSimilarity(aa, bb, ab, 'carbo') - pair.espCarbo)).toBeLessThan(1e-6);
      expect(Math.abs(espSimilarity(aa, bb, ab, 'tanimoto') - pair.espTanimoto)).toBeLessThan(1e-6);
    }
  });

  it('gives the same renormalised scores through the all-hydrogen 3D model', () => {
    for (const pair of reference.pairs.slice(0, 60)) {
      const query = referenceModel(reference.molecules[pair.query]!, undefined, 'all');
      const candidate = referenceModel(reference.molecules[pair.candidate]!, [pair.candidateCoords], 'all');
      expect(Math.abs(electrostaticSimilarity(query, candidate, identity, 'carbo') - (pair.espCarbo + 1) / 2)).toBeLessThan(1e-6);
      expect(Math.abs(electrostaticSimilarity(query, candidate, identity, 'tanimoto') - (pair.espTanimoto + 1 / 3) / (4 / 3))).toBeLessThan(1e-6);
    }
  });

  it('renormalises Carbó from −1..1 and Tanimoto from −1/3..1 to 0..1', () => {
    expect(renormalizeEsp(-1, 'carbo')).toBe(0);
    expect(renormalizeEsp(1, 'carbo')).toBe(1);
    expect(renormalizeEsp(-1 / 3, 'tanimoto')).toBeCloseTo(0, 15);
    expect(renormalizeEsp(1, 'tanimoto')).toBeCloseTo(1, 15);
    expect(espSimilarity(0, 4, 0, 'carbo')).toBe(0);
  });
});
