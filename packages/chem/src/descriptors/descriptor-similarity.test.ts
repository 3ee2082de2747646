import { describe, expect, it } from 'vitest';
import { descriptorSimilarity } from './descriptor-similarity.ts';

describe('descriptorSimilarity', () => {
  it('is 1 for identical descriptors and 1 / (1 + mean absolute difference) otherwise', () => {
    const a = Float32Array.of(1, 2, 3, 4);
    expect(descriptorSimilarity(a, a)).toBe(1);
    // Differences 0.5, 1, 0, 2.5: mean 1, so 1 / (1 + 1).
    expect(descriptorSimilarity(a, Float32Array.of(1.5, 1, 3, 6.5))).toBeCloseTo(0.5, 12);
  });

  it('is symmetric and decreases as descriptors move apart', () => {
    const a = [0.3, -1, 2];
    const near = [0.35, -1, 2];
    const far = [3, 4, -5];
    expect(descriptorSimilarity(a, far)).toBe(descriptorSimilarity(far, a));
    expect(descriptorSimilarity(a, near)).toBeGreaterThan(descriptorSimilarity(a, far));
  });

  it('refuses descriptors of different lengths', () => {
    expect(() => descriptorSimilarity(new Float32Array(60), new Float32Array(15))).toThrow(/different kinds/);
  });
});
