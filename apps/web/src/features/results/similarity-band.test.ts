import { describe, expect, it } from 'vitest';
import { similarityBand } from './similarity-band.ts';

describe('similarityBand', () => {
  it.each([
    [1, 'Very high similarity'],
    [0.9, 'Very high similarity'],
    [0.8999, 'Highly similar'],
    [0.7, 'Highly similar'],
    [0.6999, 'Moderate similarity'],
    [0.5, 'Moderate similarity'],
    [0.4999, 'Low similarity'],
    [0, 'Low similarity'],
  ])('puts %f in "%s"', (score, label) => {
    expect(similarityBand(score).label).toBe(label);
  });
});
