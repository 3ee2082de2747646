import { describe, expect, it } from 'vitest';
import { IdSet, idHash } from './id-set.ts';

/** Adds every id in turn as the next kept row; returns the ids kept. */
function keepFirst(ids: string[], hash?: (id: string) => number): string[] {
  const kept: string[] = [];
  const set = new IdSet((row) => kept[row]!, hash);
  for (const id of ids) if (set.addIfNew(id, kept.length)) kept.push(id);
  return kept;
}

describe('the ids an import has kept', () => {
  it('keeps the first row of each id, across the table growing', () => {
    const ids = Array.from({ length: 20_000 }, (_, k) => `Z${(k * 7919) % 15_000}`);
    expect(keepFirst(ids)).toEqual([...new Set(ids)]);
  });

  it('never takes two ids for one when their hashes collide', () => {
    // Three hash values for every id: nearly every id collides with kept ones.
    const ids = Array.from({ length: 3_000 }, (_, k) => `MCULE-${k % 1_000}`).concat(['MCULE-1000', 'mcule-1', 'MCULE-1']);
    expect(keepFirst(ids, (id) => id.length % 3)).toEqual([...new Set(ids)]);
  });

  it('hashes to at most 52 bits, the same each run, and tells close ids apart', () => {
    const hashes = ['', 'a', 'b', 'ab', 'ba', 'Z1234567890', 'Z1234567891', 'Ž'].map(idHash);
    for (const hash of hashes) expect(Number.isSafeInteger(hash) && hash >= 0 && hash < 2 ** 52).toBe(true);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(idHash('Z1234567890')).toBe(hashes[5]);
  });
});
