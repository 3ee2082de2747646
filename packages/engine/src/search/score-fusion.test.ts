import { describe, expect, it } from 'vitest';
import { FUSION_MIN_TAIL_SCALE, chargeScore, consensusReference, consensusScore, fusedRarity, rarity, rarityModel } from './score-fusion.ts';

/** 1,000 scores spread like a random sample's: most low, a few high. */
const sample = Array.from({ length: 1000 }, (_, i) => 0.1 + 0.5 * (i / 1000) ** 3);

describe('rarity of a score in the reference sample', () => {
  const model = rarityModel(sample);

  it('is the smoothed share of the sample at or above the score, up to the top tenth', () => {
    expect(rarity(model, 0)).toBe(1);
    // 0.1 + 0.5 * 0.5^3 = 0.1625 is reached by the top 500 samples (i >= 500).
    expect(rarity(model, 0.1 + 0.5 * 0.5 ** 3)).toBeCloseTo(501 / 1001, 12);
    expect(model.threshold).toBe(model.descending[100]);
  });

  it('falls on past the top of the sample, so scores above every sampled one still differ', () => {
    const top = model.descending[0]!;
    expect(rarity(model, top + 0.05)).toBeLessThan(rarity(model, top));
    expect(rarity(model, 1)).toBeLessThan(rarity(model, top + 0.05));
    expect(rarity(model, 1)).toBeGreaterThan(0);
    let last = 1;
    for (let score = 0; score <= 1; score += 0.001) {
      const p = rarity(model, score);
      expect(p).toBeLessThanOrEqual(last);
      last = p;
    }
  });

  it('keeps a smallest tail scale when the top of a tiny sample ties', () => {
    const tiny = rarityModel([0.5, 0.5, 0.5]);
    expect(tiny.scale).toBe(FUSION_MIN_TAIL_SCALE);
    expect(rarity(tiny, 0.6)).toBeCloseTo((4 / 4) * Math.exp(-0.1 / FUSION_MIN_TAIL_SCALE), 12);
  });
});

describe('consensus score', () => {
  const reference = consensusReference('shape_tanimoto', { morgan: sample.map((s) => s / 2), shape: sample, electrostatic: sample });

  it('is L / (1 + L) of the weighted mean −log10 rarity, Morgan half, shape and the charges a quarter each, on 0..1', () => {
    const scores = { morgan: 0.3, shape: 0.5, electrostatic: 0.2 };
    // The electrostatic score is the mean of shape and the charges' own score: the charges scored −0.1.
    const charges = 2 * 0.2 - 0.5;
    const mean = -(2 * Math.log10(rarity(reference.morgan, 0.3)) + Math.log10(rarity(reference.shape, 0.5)) + Math.log10(rarity(reference.charges, charges))) / 4;
    expect(consensusScore(reference, scores)).toBeCloseTo(mean / (1 + mean), 12);
    expect(consensusScore(reference, { morgan: 0, shape: 0, electrostatic: 0 })).toBe(0);
    expect(consensusScore(reference, { morgan: 1, shape: 1, electrostatic: 1 })).toBeLessThan(1);
  });

  it('takes the charges as they are from a catalogue scored by ESP alone', () => {
    expect(chargeScore('carbo', 0.5, 0.2)).toBe(0.2);
    expect(chargeScore('shape_carbo', 0.5, 0.4)).toBeCloseTo(0.3, 12);
    const legacy = consensusReference('carbo', { morgan: sample, shape: sample, electrostatic: sample });
    expect(legacy.charges.descending).toEqual(legacy.shape.descending);
  });

  it('ranks a molecule rare by one score above one that is middling by all three', () => {
    const analogue = consensusScore(reference, { morgan: 0.9, shape: 0.2, electrostatic: 0.2 });
    const middling = consensusScore(reference, { morgan: 0.15, shape: 0.25, electrostatic: 0.25 });
    expect(analogue).toBeGreaterThan(middling);
  });

  it('has no score for a molecule without a 3D score', () => {
    expect(consensusScore(reference, { morgan: 0.9, shape: Number.NaN, electrostatic: Number.NaN })).toBeNaN();
  });
});

describe('fused rarity of any components', () => {
  const morgan = rarityModel(sample.map((s) => s / 2));
  const shape = rarityModel(sample);

  it('fuses two components as the consensus score fuses three', () => {
    const mean = -(Math.log10(rarity(morgan, 0.3)) + Math.log10(rarity(shape, 0.5))) / 2;
    expect(fusedRarity([morgan, shape], [0.3, 0.5])).toBeCloseTo(mean / (1 + mean), 12);
    expect(fusedRarity([morgan, shape], [0, 0])).toBe(0);
  });

  it('weighs each component as told', () => {
    const mean = -(3 * Math.log10(rarity(morgan, 0.3)) + Math.log10(rarity(shape, 0.5))) / 4;
    expect(fusedRarity([morgan, shape], [0.3, 0.5], [3, 1])).toBeCloseTo(mean / (1 + mean), 12);
    expect(fusedRarity([morgan, morgan, shape], [0.3, 0.3, 0.5])).toBeCloseTo(fusedRarity([morgan, shape], [0.3, 0.5], [2, 1]), 12);
  });

  it('refuses scores without a model or weight each', () => {
    expect(() => fusedRarity([morgan, shape], [0.3])).toThrow(RangeError);
    expect(() => fusedRarity([morgan, shape], [0.3, 0.5], [1])).toThrow(RangeError);
  });
});
