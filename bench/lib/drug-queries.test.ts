import { describe, expect, it } from 'vitest';
import { drugQueries, queryDrugs } from './drug-queries.ts';
import { median, spread } from './statistics.ts';

describe('benchmark queries and summaries', () => {
  it('draws evenly spaced drugs, and a second set half a step on that shares none of them', () => {
    const drugs = queryDrugs();
    expect(drugs.length).toBeGreaterThan(1000);
    expect(drugs.every((smiles) => smiles.length > 0 && smiles.length < 60)).toBe(true);
    const step = Math.floor(drugs.length / 20);
    const setA = drugQueries(20);
    const setB = drugQueries(20, 0.5);
    expect(setA).toHaveLength(20);
    expect(setA[1]).toBe(drugs[step]);
    expect(setB[1]).toBe(drugs[step + Math.floor(step / 2)]);
    expect(setA.filter((smiles) => setB.includes(smiles))).toEqual([]);
  });

  it('takes the median of an even count as the mean of its two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(spread([1.234, 0.5, 2], 2)).toBe('1.23 [0.50–2.00]');
  });
});
