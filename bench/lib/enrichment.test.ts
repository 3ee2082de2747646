import { describe, expect, it } from 'vitest';
import { bedroc, enrichmentFactor, rocAuc } from './enrichment.ts';
import type { Scored } from './enrichment.ts';

/** A ranking given best first as active flags; scores fall with the position. */
function ranked(flags: number[]): Scored[] {
  return flags.map((flag, i) => ({ score: flags.length - i, active: flag === 1 }));
}

describe('bedroc', () => {
  // Reference values from RDKit's rdkit.ML.Scoring.Scoring.CalcBEDROC(ranking, 1, 20.0).
  it('matches RDKit on a mixed ranking', () => {
    const flags = [1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
    expect(bedroc(ranked(flags), 20)).toBeCloseTo(0.7354011653543595, 10);
  });

  it('is 1 with every active first and about 0 with every active last', () => {
    const first = [...Array<number>(5).fill(1), ...Array<number>(95).fill(0)];
    expect(bedroc(ranked(first), 20)).toBeCloseTo(1, 10);
    expect(bedroc(ranked([...first].reverse()), 20)).toBeCloseTo(0, 10);
  });

  it('does not depend on the order of tied rows', () => {
    const tied: Scored[] = [
      { score: 2, active: true },
      { score: 1, active: false },
      { score: 1, active: true },
      { score: 1, active: false },
      { score: 0, active: false },
    ];
    const swapped = [tied[0]!, tied[2]!, tied[1]!, tied[3]!, tied[4]!];
    expect(bedroc(tied)).toBeCloseTo(bedroc(swapped), 12);
    // The tied active sits between the best and worst placements its block allows.
    const best = bedroc([tied[0]!, { score: 1.5, active: true }, tied[1]!, tied[3]!, tied[4]!]);
    const worst = bedroc([tied[0]!, tied[1]!, tied[3]!, { score: 0.5, active: true }, tied[4]!]);
    expect(bedroc(tied)).toBeLessThan(best);
    expect(bedroc(tied)).toBeGreaterThan(worst);
  });
});

describe('rocAuc and enrichmentFactor', () => {
  it('give 1 and the full enrichment for a perfect ranking', () => {
    const rows = ranked([1, 1, ...Array<number>(198).fill(0)]);
    expect(rocAuc(rows)).toBe(1);
    expect(enrichmentFactor(rows, 0.01)).toBeCloseTo(100, 10);
  });
});
