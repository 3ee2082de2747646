import { describe, expect, it } from 'vitest';
import { idHash, repeatedIdRows } from './repeated-ids.ts';

/** The ids kept when the rows `repeatedIdRows` names are dropped. */
function keptIds(ids: string[], hash: (id: string) => number = idHash): string[] {
  const dropped = new Set(repeatedIdRows(Float64Array.from(ids, hash), (row) => ids[row]!));
  return ids.filter((_, row) => !dropped.has(row));
}

describe('the rows of an import whose id an earlier row has', () => {
  it('keeps the first row of each id', () => {
    const ids = Array.from({ length: 20_000 }, (_, k) => `Z${(k * 7919) % 15_000}`);
    expect(keptIds(ids)).toEqual([...new Set(ids)]);
    expect(repeatedIdRows(Float64Array.from(['A', 'B', 'C'], idHash), () => 'never read')).toEqual(new Uint32Array(0));
  });

  it('never takes two ids for one when their hashes collide', () => {
    // Three hash values for every id: nearly every id collides with another.
    const ids = Array.from({ length: 3_000 }, (_, k) => `MCULE-${k % 1_000}`).concat(['MCULE-1000', 'mcule-1', 'MCULE-1']);
    expect(keptIds(ids, (id) => id.length % 3)).toEqual([...new Set(ids)]);
  });

  it('reads ids only of rows whose hash repeats', () => {
    const ids = ['A', 'B', 'A', 'C', 'D', 'C', 'A'];
    const read: number[] = [];
    const repeats = repeatedIdRows(Float64Array.from(ids, idHash), (row) => {
      read.push(row);
      return ids[row]!;
    });
    expect([...repeats]).toEqual([2, 5, 6]);
    expect(read).toEqual([0, 2, 3, 5, 6]);
  });

  it('hashes to at most 52 bits, the same each run, and tells close ids apart', () => {
    const hashes = ['', 'a', 'b', 'ab', 'ba', 'Z1234567890', 'Z1234567891', 'Ž'].map(idHash);
    for (const hash of hashes) expect(Number.isSafeInteger(hash) && hash >= 0 && hash < 2 ** 52).toBe(true);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(idHash('Z1234567890')).toBe(hashes[5]);
  });
});
