import { describe, expect, it } from 'vitest';
import { formatShare, scoreRarity } from './similarity-band.ts';
import type { ScoreDistribution } from './similarity-band.ts';

const edges = Array.from({ length: 51 }, (_, i) => i / 50);

/** 1,000 molecules whose scores are spread evenly over `low`..`high`, binned like a job's histogram. */
function spread(low: number, high: number, size = 1000): ScoreDistribution {
  const counts = new Array<number>(50).fill(0);
  for (let i = 0; i < size; i++) {
    const score = low + ((high - low) * (i + 0.5)) / size;
    counts[Math.min(49, Math.floor(score * 50))]! += 1;
  }
  return { binEdges: edges, counts, size };
}

describe('similarity bands by rarity', () => {
  // Electrostatic scores of random compounds sit around 0.5, Morgan Tanimoto around 0.1.
  const electrostatic = spread(0.4, 0.9);
  const morgan = spread(0.02, 0.42);

  it('give the same band to equally rare scores of different methods', () => {
    expect(scoreRarity(electrostatic, 0.8998).band.key).toBe('very-high');
    expect(scoreRarity(morgan, 0.4198).band.key).toBe('very-high');
    expect(scoreRarity(electrostatic, 0.896).band.key).toBe('high');
    expect(scoreRarity(morgan, 0.417).band.key).toBe('high');
    expect(scoreRarity(electrostatic, 0.86).band.key).toBe('moderate');
    expect(scoreRarity(morgan, 0.39).band.key).toBe('moderate');
    expect(scoreRarity(electrostatic, 0.6).band.key).toBe('low');
    expect(scoreRarity(morgan, 0.2).band.key).toBe('low');
  });

  it('reads a score of 0.5 as common for electrostatics and as rare for Morgan', () => {
    expect(scoreRarity(electrostatic, 0.5).share).toBeCloseTo(0.8, 2);
    expect(scoreRarity(morgan, 0.5).band.key).toBe('very-high');
  });

  it('counts molecules the histogram does not hold as scoring lower', () => {
    // A 3D search re-scores a few thousand candidates of a 100,000-molecule catalogue.
    const candidates = { ...spread(0.5, 0.8, 3000), size: 100_000 };
    expect(scoreRarity(candidates, 0.5).share).toBeCloseTo(0.03, 3);
    expect(scoreRarity(candidates, 0.79).band.key).toBe('very-high');
  });

  it('never counts fewer molecules than the hit itself', () => {
    expect(scoreRarity(spread(0.1, 0.3, 60), 0.3).share).toBeCloseTo(1 / 60, 6);
  });

  it.each([
    [0.00002, 'top 0.1 %'],
    [0.001, 'top 0.1 %'],
    [0.0013, 'top 0.2 %'],
    [0.0167, 'top 2 %'],
    [0.034, 'top 4 %'],
    [0.31, 'top 40 %'],
    [1, 'top 100 %'],
  ])('writes the share %f as "%s"', (share, text) => {
    expect(formatShare(share)).toBe(text);
  });
});
