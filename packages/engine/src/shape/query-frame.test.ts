import { score } from '@molsearch/chem';
import { describe, expect, it } from 'vitest';
import { queryConformerMolblock, queryInOneFrame, superposed } from './query-frame.ts';
import { shapeQuery } from './shape-query.ts';

/** Heavy-atom RMSD of two conformers as they lie, without moving either. */
function rmsdInPlace(a: Float64Array, b: Float64Array, atoms: number): number {
  let sum = 0;
  for (let i = 0; i < 3 * atoms; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum / atoms);
}

describe('the query in one frame', () => {
  it('recovers a rotated and shifted copy exactly', () => {
    const fixed = Float64Array.from([0, 0, 0, 1.5, 0, 0, 1.5, 1.4, 0, 0.2, 2.1, 1.1, -0.9, 0.4, -1.2]);
    const [c, s] = [Math.cos(1.1), Math.sin(1.1)];
    const moving = new Float64Array(fixed.length);
    for (let p = 0; p < fixed.length / 3; p++) {
      const [x, y, z] = [fixed[3 * p]!, fixed[3 * p + 1]!, fixed[3 * p + 2]!];
      moving.set([c * x - s * z + 4, y - 2, s * x + c * z + 7], 3 * p);
    }
    expect(rmsdInPlace(superposed(moving, fixed, 5), fixed, 5)).toBeLessThan(1e-9);
  });

  it('moves every conformer onto the first without changing a score, and writes the first as a molblock', async () => {
    const query = await shapeQuery('CC(=O)Nc1ccc(OCCN)cc1');
    const moved = queryInOneFrame(query);
    const heavy = query.model.atomicNumbers.length;
    const first = moved.model.conformers[0]!;
    for (const [k, conformer] of moved.model.conformers.entries()) {
      expect(rmsdInPlace(conformer, first, heavy)).toBeLessThanOrEqual(rmsdInPlace(query.model.conformers[k]!, first, heavy) + 1e-9);
    }
    for (const smiles of ['CC(=O)Nc1ccc(O)cc1', 'OC(=O)c1ccccc1O']) {
      const candidate = (await shapeQuery(smiles)).model;
      expect(score(moved.model, candidate, 'espsim_shape').similarity).toBeCloseTo(score(query.model, candidate, 'espsim_shape').similarity, 4);
    }
    const molblock = await queryConformerMolblock(moved, 'query');
    expect(molblock.split('\n')[0]).toBe('query');
    expect(molblock).toContain('M  END');
  });
});
