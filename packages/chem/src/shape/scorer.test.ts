import { beforeAll, describe, expect, it } from 'vitest';
import { shapeTanimotoInPlace } from './gaussian-shape.ts';
import { readShapeReference, referenceModel, rigidlyMoved } from './reference-fixture.ts';
import type { Model3D } from './model-3d.ts';
import { applyPose, electrostaticOverlaps, electrostaticSimilarity, score } from './scorer.ts';

const reference = readShapeReference();
let multiConformer: Model3D[] = [];
let single: Model3D[] = [];

beforeAll(() => {
  const bySmiles = new Map(reference.molecules.map((m) => [m.smiles, m]));
  multiConformer = reference.conformerSets.slice(0, 6).map((set) => referenceModel(bySmiles.get(set.smiles)!, set.conformers));
  single = reference.molecules.slice(0, 12).map((m) => referenceModel(m));
});

describe('score', () => {
  it('gives 1 for a molecule against itself, moved anywhere, by shape and by electrostatics', () => {
    for (const [index, model] of [...single.slice(0, 4), ...multiConformer.slice(0, 2)].entries()) {
      const moved = rigidlyMoved(model, 100 + index);
      const result = score(model, moved, 'espsim_electrostatic');
      expect(result.shape).toBeCloseTo(1, 6);
      expect(result.electrostatic).toBeCloseTo(1, 6);
      expect(result.similarity).toBe(result.electrostatic);
    }
  });

  it('does not depend on where either molecule lies (random rigid transforms, within 0.01)', () => {
    const models = [...multiConformer, ...single.slice(0, 6)];
    for (let i = 0; i + 1 < models.length; i += 2) {
      const query = models[i]!;
      const candidate = models[i + 1]!;
      const base = score(query, candidate, 'espsim_electrostatic');
      for (const seed of [1, 2]) {
        const movedCandidate = score(query, rigidlyMoved(candidate, 10 * i + seed), 'espsim_electrostatic');
        const movedQuery = score(rigidlyMoved(query, 10 * i + seed + 5), candidate, 'espsim_electrostatic');
        for (const other of [movedCandidate, movedQuery]) {
          expect(Math.abs(other.shape - base.shape)).toBeLessThan(0.01);
          expect(Math.abs(other.electrostatic! - base.electrostatic!)).toBeLessThan(0.01);
        }
      }
    }
  });

  it('returns a pose that reproduces its scores when applied to the candidate', () => {
    for (let i = 0; i + 1 < multiConformer.length; i++) {
      const query = multiConformer[i]!;
      const candidate = rigidlyMoved(multiConformer[i + 1]!, i);
      const result = score(query, candidate, 'espsim_shape', { withElectrostatic: true });
      const n = candidate.atomicNumbers.length;
      const placed = applyPose(candidate, result.pose).slice(0, 3 * n);
      const queryCoords = query.conformers[result.pose.queryConformer]!.slice(0, 3 * query.atomicNumbers.length);
      expect(shapeTanimotoInPlace(query.atomicNumbers, queryCoords, candidate.atomicNumbers, placed)).toBeCloseTo(result.shape, 9);
      expect(electrostaticSimilarity(query, candidate, result.pose)).toBeCloseTo(result.electrostatic!, 12);
      expect(result.similarity).toBe(result.shape);
      expect(Math.hypot(...result.pose.rotation)).toBeCloseTo(1, 12);
    }
  });

  it('finds at least the overlap of RDKit’s O3A alignment on most pairs', () => {
    // Our search starts from principal axes, not from RDKit's pose; it should rarely end below it.
    let belowBy = 0;
    const pairs = reference.pairs.slice(0, 25);
    for (const pair of pairs) {
      const query = referenceModel(reference.molecules[pair.query]!);
      const candidate = referenceModel(reference.molecules[pair.candidate]!, [pair.candidateCoords]);
      const atO3A = shapeTanimotoInPlace(
        query.atomicNumbers, query.conformers[0]!.slice(0, 3 * query.atomicNumbers.length),
        candidate.atomicNumbers, candidate.conformers[0]!.slice(0, 3 * candidate.atomicNumbers.length),
      );
      if (score(query, rigidlyMoved(candidate, 3), 'espsim_shape').shape < atO3A - 0.02) belowBy++;
    }
    expect(belowBy / pairs.length).toBeLessThan(0.2);
  });

  it('finds the same best shape with the JavaScript and the WebAssembly SIMD kernels (within 0.01)', () => {
    for (let i = 0; i + 1 < multiConformer.length; i++) {
      const js = score(multiConformer[i]!, multiConformer[i + 1]!, 'espsim_shape', { kernel: 'js' });
      const simd = score(multiConformer[i]!, multiConformer[i + 1]!, 'espsim_shape', { kernel: 'wasm-simd' });
      expect(Math.abs(js.shape - simd.shape)).toBeLessThan(0.01);
    }
  });

  it('scores shape only unless asked, and rejects a model without conformers', () => {
    const result = score(single[0]!, single[1]!, 'espsim_shape');
    expect(result.electrostatic).toBeUndefined();
    expect(result.similarity).toBeGreaterThan(0);
    expect(result.similarity).toBeLessThanOrEqual(1);
    expect(() => score(single[0]!, { ...single[1]!, conformers: [] }, 'espsim_shape')).toThrow(/no conformers/);
  });

  it('forms the electrostatic score as asked: Carbó, Tanimoto, or either averaged with the shape Tanimoto', () => {
    const [query, candidate] = [multiConformer[0]!, multiConformer[1]!];
    const carbo = score(query, candidate, 'espsim_electrostatic');
    const overlaps = electrostaticOverlaps(query, candidate, carbo.pose);
    const tanimotoRaw = overlaps.between / (overlaps.query + overlaps.candidate - overlaps.between);
    const tanimoto = (tanimotoRaw + 1 / 3) / (4 / 3);
    expect(score(query, candidate, 'espsim_electrostatic', { electrostaticForm: 'tanimoto' }).similarity).toBeCloseTo(tanimoto, 12);
    const combined = score(query, candidate, 'espsim_electrostatic', { electrostaticForm: 'shape_tanimoto' });
    expect(combined.similarity).toBeCloseTo((combined.shape + tanimoto) / 2, 12);
    expect(score(query, candidate, 'espsim_electrostatic', { electrostaticForm: 'shape_carbo' }).similarity)
      .toBeCloseTo((carbo.shape + carbo.electrostatic!) / 2, 12);
  });

  it('scores a much smaller candidate lower in the Tanimoto form than in the Carbó form', () => {
    const sizes = single.map((m) => m.atomicNumbers.length);
    const large = single[sizes.indexOf(Math.max(...sizes))]!;
    const small = single[sizes.indexOf(Math.min(...sizes))]!;
    const carbo = score(large, small, 'espsim_electrostatic');
    const tanimoto = score(large, small, 'espsim_electrostatic', { electrostaticForm: 'tanimoto' });
    expect(tanimoto.similarity).toBeLessThan(carbo.similarity);
  });
});
