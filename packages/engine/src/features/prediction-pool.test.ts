import { afterAll, describe, expect, it } from 'vitest';
import { createPredictionPool, predictMolecule } from './prediction-pool.ts';

const pool = createPredictionPool(1);

afterAll(async () => {
  await pool.close();
});

describe("OpenChemLib's predictions on a worker thread", () => {
  it('gives logS, drug-likeness and the four toxicity risks of a molecule, and nothing for an unreadable one', async () => {
    const aspirin = await predictMolecule(pool, 'CC(=O)Oc1ccccc1C(=O)O');
    expect(aspirin!.logS).toBeLessThan(0);
    expect(typeof aspirin!.druglikeness).toBe('number');
    for (const risk of [aspirin!.mutagenic, aspirin!.tumorigenic, aspirin!.irritant, aspirin!.reproductiveEffective]) expect(['none', 'low', 'high', 'unknown']).toContain(risk);
    expect(await predictMolecule(pool, 'not a molecule')).toBeUndefined();
  }, 60_000);
});
