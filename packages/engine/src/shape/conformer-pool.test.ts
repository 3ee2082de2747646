import { afterAll, describe, expect, it } from 'vitest';
import { createConformerPool } from './conformer-pool.ts';
import { shapeQuery } from './shape-query.ts';

describe('query conformers on worker threads', () => {
  const pool = createConformerPool(2);
  afterAll(() => pool.close());

  it('embeds the same conformers as one thread does, in the same order', async () => {
    // Flexible, rigid, and with stereocentres: different numbers of attempts and duplicates.
    for (const smiles of ['CC(C)NC[C@H](O)COC1=CC=C(CCOC)C=C1', 'c1ccc2ccccc2c1', 'N[C@@H]1C[C@H]1C1=CC=CC=C1']) {
      const here = await shapeQuery(smiles);
      const threaded = await shapeQuery(smiles, pool);
      expect(threaded.smiles).toBe(here.smiles);
      expect(threaded.model.conformers.length).toBe(here.model.conformers.length);
      expect(threaded.model.conformers.length).toBeGreaterThan(0);
      threaded.model.conformers.forEach((coords, k) => expect(coords).toEqual(here.model.conformers[k]));
      expect(threaded.model.charges).toEqual(here.model.charges);
    }
  }, 120_000);
});
