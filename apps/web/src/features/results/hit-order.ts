import type { MoleculeRow } from './results.types.ts';

/** What the loaded hits can be ordered by: the search's rank, any of the three scores, or a main property. */
export type HitOrderKey = 'rank' | 'morgan' | 'shape' | 'electrostatic' | 'mw' | 'clogp' | 'tpsa' | 'qed';

export interface HitOrderOption {
  key: HitOrderKey;
  label: string;
  /** Properties need the property columns loaded. */
  property: boolean;
}

export const HIT_ORDER_OPTIONS: readonly HitOrderOption[] = [
  { key: 'rank', label: 'Rank', property: false },
  { key: 'morgan', label: 'Morgan score', property: false },
  { key: 'shape', label: 'Shape score', property: false },
  { key: 'electrostatic', label: 'Electrostatic score', property: false },
  { key: 'mw', label: 'Molecular weight', property: true },
  { key: 'clogp', label: 'Crippen logP', property: true },
  { key: 'tpsa', label: 'Polar surface area', property: true },
  { key: 'qed', label: 'Drug-likeness (QED)', property: true },
];

export interface HitOrder {
  key: HitOrderKey;
  descending: boolean;
}

function valueOf(row: MoleculeRow, key: Exclude<HitOrderKey, 'rank'>): number | null {
  if (key === 'morgan' || key === 'shape' || key === 'electrostatic') return row.scores?.[key] ?? null;
  const value = row.properties[key];
  return typeof value === 'number' ? value : null;
}

/**
 * The rows in `order`: by rank they stay as loaded (best first, or reversed); otherwise by the value, hits
 * without one (no 3D score, no property) last either way, ties in rank order. The query's row stays first.
 */
export function orderHits(rows: readonly MoleculeRow[], order: HitOrder): MoleculeRow[] {
  const query = rows.filter((row) => row.isQueryMolecule);
  const hits = rows.filter((row) => !row.isQueryMolecule).map((row, rank) => ({ row, rank }));
  const sign = order.descending ? -1 : 1;
  const key = order.key;
  hits.sort((a, b) => {
    if (key === 'rank') return order.descending ? a.rank - b.rank : b.rank - a.rank;
    const [x, y] = [valueOf(a.row, key), valueOf(b.row, key)];
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    return sign * (x - y) || a.rank - b.rank;
  });
  return [...query, ...hits.map((hit) => hit.row)];
}
