import { describe, expect, it } from 'vitest';
import { suiteStore } from '../store/scratch-store.fixture.ts';
import { ClusterRowRepository } from './cluster-row.repository.ts';
import type { StoredRow } from './cluster-row.repository.ts';

const stored = (row: number, search: number): StoredRow => ({ row, smiles: `C${'C'.repeat(row % 7)}O`, id: `ID-${row}`, properties: { mw: row + search / 10 } });

describe.each(['sqlite', 'postgres'] as const)('rows of cluster hits on %s', (kind) => {
  const store = suiteStore(kind, 'molsearch-cluster-rows-');

  it('stores the hits of searches finishing at once, whatever order each found them in, and reads the last written', async () => {
    const rows = new ClusterRowRepository(store().db);
    const every = Array.from({ length: 1200 }, (_, row) => row);
    // Each round, three searches store the same rows: ascending, descending and interleaved, a row twice in one of them.
    for (let round = 0; round < 6; round++) {
      const orders = [every, [...every].reverse(), every.filter((row) => row % 2 === 1).concat(every.filter((row) => row % 2 === 0), [5, 7])];
      await Promise.all(orders.map((order) => rows.write('CS', order.map((row) => stored(row, round)))));
    }
    const read = await rows.read('CS', [1199, 3, 3, 5000], true);
    expect(read.smiles).toEqual([stored(1199, 0).smiles, stored(3, 0).smiles, stored(3, 0).smiles, '']);
    expect(read.ids).toEqual(['ID-1199', 'ID-3', 'ID-3', '']);
    expect(read.properties.mw).toEqual([1199.5, 3.5, 3.5, null]);
  });
});
