import { describe, expect, it } from 'vitest';
import { expNegative, FAST_EXP_LIMIT } from './fast-exp.ts';
import { elementOverlapTable, gaussianExponents, overlapTable, shapeTanimotoInPlace } from './gaussian-shape.ts';
import { heavyAtomCount, readShapeReference } from './reference-fixture.ts';

const reference = readShapeReference();

function pearson(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a), mb = mean(b);
  let ab = 0, aa = 0, bb = 0;
  a.forEach((x, i) => {
    ab += (x - ma) * (b[i]! - mb);
    aa += (x - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
}

describe('Gaussian shape overlap', () => {
  it('reproduces RDKit grid ShapeTanimotoDist on identical aligned coordinates', () => {
    const ours: number[] = [];
    const rdkit: number[] = [];
    for (const pair of reference.pairs) {
      const query = reference.molecules[pair.query]!;
      const candidate = reference.molecules[pair.candidate]!;
      const nq = heavyAtomCount(query);
      const nc = heavyAtomCount(candidate);
      ours.push(
        shapeTanimotoInPlace(
          query.atomicNumbers.slice(0, nq),
          Float64Array.from(query.coords.slice(0, 3 * nq)),
          candidate.atomicNumbers.slice(0, nc),
          Float64Array.from(pair.candidateCoords.slice(0, 3 * nc)),
        ),
      );
      rdkit.push(pair.rdkitShape);
    }
    expect(reference.pairs.length).toBeGreaterThanOrEqual(200);
    expect(pearson(ours, rdkit)).toBeGreaterThanOrEqual(0.9);
    const rmse = Math.sqrt(ours.reduce((s, x, i) => s + (x - rdkit[i]!) ** 2, 0) / ours.length);
    expect(rmse).toBeLessThan(0.05);
  });

  it('gives a molecule a Tanimoto of 1 with itself', () => {
    for (const molecule of reference.molecules.slice(0, 20)) {
      const n = heavyAtomCount(molecule);
      const coords = Float64Array.from(molecule.coords.slice(0, 3 * n));
      const z = molecule.atomicNumbers.slice(0, n);
      expect(shapeTanimotoInPlace(z, coords, z, coords)).toBeCloseTo(1, 12);
    }
  });

  it('makes each atom Gaussian integrate to the volume of its sphere', () => {
    // ∫ p·exp(−α r²) = p (π/α)^{3/2} must equal 4/3 π σ³ with σ = 0.78 × 1.7 Å for carbon.
    const [alpha] = gaussianExponents([6]);
    const sigma = 0.78 * 1.7;
    expect(2 * Math.SQRT2 * Math.pow(Math.PI / alpha!, 1.5)).toBeCloseTo((4 / 3) * Math.PI * sigma ** 3, 10);
  });

  it('builds the same pair constants from the element cache as from the exponents', () => {
    const z = [6, 7, 8, 16, 9, 17, 35, 53, 6];
    const cached = elementOverlapTable(z, z);
    const direct = overlapTable(gaussianExponents(z), gaussianExponents(z));
    cached.k.forEach((k, i) => expect(k).toBeCloseTo(direct.k[i]!, 12));
    cached.c.forEach((c, i) => expect(c).toBeCloseTo(direct.c[i]!, 12));
  });
});

describe('expNegative', () => {
  it('matches Math.exp(−x) to 1e-10 relative over its range and is 0 past it', () => {
    let worst = 0;
    for (let x = 0; x < FAST_EXP_LIMIT; x += 0.0137) worst = Math.max(worst, Math.abs(expNegative(x) / Math.exp(-x) - 1));
    expect(worst).toBeLessThan(1e-10);
    expect(expNegative(FAST_EXP_LIMIT + 1)).toBe(0);
  });
});
