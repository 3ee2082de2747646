import { beforeAll, describe, expect, it } from 'vitest';
import { loadOpenChemLib, predictOclProperties } from './ocl-predictions.ts';

beforeAll(async () => {
  await loadOpenChemLib();
});

const RISKS = ['none', 'low', 'high', 'unknown'];
const ASPIRIN = 'CC(=O)Oc1ccccc1C(=O)O';

describe('predictOclProperties', () => {
  it('predicts solubility, drug-likeness and the four toxicity risks', () => {
    const prediction = predictOclProperties(ASPIRIN);
    expect(prediction).toBeDefined();
    expect(Number.isFinite(prediction?.logS)).toBe(true);
    expect(Number.isFinite(prediction?.druglikeness)).toBe(true);
    for (const risk of [prediction?.mutagenic, prediction?.tumorigenic, prediction?.irritant, prediction?.reproductiveEffective]) {
      expect(RISKS).toContain(risk);
    }
  });

  it('computes only what is asked for, with the same values', () => {
    const full = predictOclProperties(ASPIRIN);
    const solubilityOnly = predictOclProperties(ASPIRIN, { druglikeness: false, toxicity: false });
    expect(solubilityOnly).toEqual({ logS: full?.logS });
  });

  it('flags the known mutagen 2-naphthylamine as a high mutagenic risk', () => {
    // OSIRIS lists 2-naphthylamine itself among its known mutagens.
    expect(predictOclProperties('Nc1ccc2ccccc2c1', { druglikeness: false })?.mutagenic).toBe('high');
  });

  it('returns undefined for a SMILES OpenChemLib cannot read', () => {
    expect(predictOclProperties('C1CC')).toBeUndefined();
  });
});
