import { beforeAll, describe, expect, it } from 'vitest';
import { elementOverlapTable } from './gaussian-shape.ts';
import type { Model3D } from './model-3d.ts';
import { readShapeReference, referenceModel } from './reference-fixture.ts';
import { overlapEvaluations, score } from './scorer.ts';
import { shapeConformer } from './shape-alignment.ts';
import type { ShapeConformer } from './shape-alignment.ts';
import { START_LATTICE, chosenStarts, startGrids } from './start-grids.ts';

const reference = readShapeReference();
let models: Model3D[] = [];

beforeAll(() => {
  const bySmiles = new Map(reference.molecules.map((m) => [m.smiles, m]));
  models = reference.conformerSets.slice(0, 12).map((set) => referenceModel(bySmiles.get(set.smiles)!, set.conformers));
});

function conformersOf(model: Model3D): ShapeConformer[] {
  const table = elementOverlapTable(model.atomicNumbers, model.atomicNumbers);
  return model.conformers.map((coords) => shapeConformer(coords, model.atomicNumbers.length, table));
}

function bits(grid: Uint8Array): number {
  let count = 0;
  for (const byte of grid) for (let rest = byte; rest > 0; rest >>= 1) count += rest & 1;
  return count;
}

describe('start grids', () => {
  it('give a query conformer under the identity flip the grid it has as a candidate, and count their voxels', () => {
    const conformers = conformersOf(models[0]!);
    const query = startGrids(conformers, 'query');
    const candidate = startGrids(conformers, 'candidate');
    const bytes = START_LATTICE.bytes;
    expect(query.grids.length).toBe(4 * conformers.length * bytes);
    for (let k = 0; k < conformers.length; k++) {
      expect(query.grids.subarray(4 * k * bytes, (4 * k + 1) * bytes)).toEqual(candidate.grids.subarray(k * bytes, (k + 1) * bytes));
      for (let f = 0; f < 4; f++) expect(query.counts[4 * k + f]).toBe(bits(query.grids.subarray((4 * k + f) * bytes, (4 * k + f + 1) * bytes)));
      expect(candidate.counts[k]).toBeGreaterThan(20);
    }
  });

  it('choose the wanted starts of best grid Tanimoto, ties to the earlier start', () => {
    const bytes = START_LATTICE.bytes;
    for (let i = 0; i + 1 < 6; i++) {
      const query = startGrids(conformersOf(models[i]!), 'query');
      const candidate = startGrids(conformersOf(models[i + 1]!), 'candidate');
      const kc = candidate.counts.length;
      const values: { start: number; value: number }[] = [];
      for (let q = 0; q < query.counts.length; q++) {
        for (let cc = 0; cc < kc; cc++) {
          const both = bits(query.grids.subarray(q * bytes, (q + 1) * bytes).map((byte, b) => byte & candidate.grids[cc * bytes + b]!));
          values.push({ start: 4 * ((q >> 2) * kc + cc) + (q & 3), value: both / (query.counts[q]! + candidate.counts[cc]! - both) });
        }
      }
      values.sort((a, b) => b.value - a.value || a.start - b.start);
      for (const wanted of [1, 8, 32]) {
        const chosen = chosenStarts(query, candidate, wanted)!;
        expect(chosen.reduce((sum, flag) => sum + flag, 0)).toBe(wanted);
        for (const { start } of values.slice(0, wanted)) expect(chosen[start]).toBe(1);
      }
      expect(chosenStarts(query, candidate, values.length)).toBeUndefined();
    }
  });

  it('let the scorer score far fewer starts, finding a molecule on itself and about the shape every start finds', () => {
    const differences: number[] = [];
    for (let i = 0; i + 1 < models.length; i++) {
      const before = overlapEvaluations();
      const every = score(models[i]!, models[i + 1]!, 'espsim_shape', { gridStarts: Infinity }).shape;
      const middle = overlapEvaluations();
      const chosen = score(models[i]!, models[i + 1]!, 'espsim_shape').shape;
      // 6 x 6 conformers: 144 starts, of which 32 are chosen.
      expect(overlapEvaluations() - middle).toBeLessThan(middle - before - 80);
      differences.push(Math.abs(every - chosen));
      expect(score(models[i]!, models[i]!, 'espsim_shape').shape).toBeGreaterThan(0.999);
    }
    expect(differences.reduce((sum, d) => sum + d, 0) / differences.length).toBeLessThan(0.01);
  });
});
