import { describe, expect, it } from 'vitest';
import { orderHits } from './hit-order.ts';
import { queryMoleculeRow } from './page-rows.ts';
import type { MoleculeRow } from './results.types.ts';

const hit = (id: string, shape: number | null, mw: number | null): MoleculeRow => ({
  id,
  originalId: id,
  smiles: 'C',
  database: 'MOLPORT',
  similarity: 0.5,
  scores: { morgan: 0.2, shape, electrostatic: null },
  properties: mw === null ? {} : { mw },
  isQueryMolecule: false,
});

const rows = [queryMoleculeRow('CCO'), hit('a', 0.4, 300), hit('b', 0.9, null), hit('c', null, 120), hit('d', 0.9, 250)];
const ids = (ordered: MoleculeRow[]) => ordered.map((row) => row.id);

describe('ordering the loaded hits', () => {
  it('keeps the rank order, or reverses it, with the query first', () => {
    expect(ids(orderHits(rows, { key: 'rank', descending: true }))).toEqual(['Query Molecule', 'a', 'b', 'c', 'd']);
    expect(ids(orderHits(rows, { key: 'rank', descending: false }))).toEqual(['Query Molecule', 'd', 'c', 'b', 'a']);
  });

  it('orders by a score or a property, ties by rank and hits without a value last', () => {
    expect(ids(orderHits(rows, { key: 'shape', descending: true }))).toEqual(['Query Molecule', 'b', 'd', 'a', 'c']);
    expect(ids(orderHits(rows, { key: 'shape', descending: false }))).toEqual(['Query Molecule', 'a', 'b', 'd', 'c']);
    expect(ids(orderHits(rows, { key: 'mw', descending: false }))).toEqual(['Query Molecule', 'c', 'd', 'a', 'b']);
  });
});
