import { manifestStamp } from '../catalogue/catalogue-damage.ts';
import { CatalogueFiles } from '../catalogue/catalogue-files.ts';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { numericColumn } from '../format/property-columns.ts';
import { EngineError } from '../format/engine-error.ts';
import { LIPINSKI_MAX_VIOLATIONS, RANGE_FILTERS } from '../format/search-types.ts';
import type { SearchFilters } from '../format/search-types.ts';

/**
 * The rows of one catalogue that pass a search's property filters: one byte a row, 1 when it passes, in
 * shared memory so the scan workers read it without a copy. `passing` counts the ones.
 */
export interface PropertyMask {
  rows: Uint8Array;
  passing: number;
}

/** One bound a property column must meet: min <= value <= max, either side open. */
interface ColumnBound {
  key: string;
  min: number;
  max: number;
}

/** Masks kept per catalogue build, the most recent few filter sets each: a user refining a search repeats them. */
const MASKS_PER_CATALOGUE = 4;
const cache = new WeakMap<Catalogue, Map<string, Promise<PropertyMask>>>();

/** The column bounds `filters` ask for (PAINS is a structure check, not a column); none when it asks for none. */
export function columnBounds(filters: SearchFilters | undefined): ColumnBound[] {
  const bounds: ColumnBound[] = [];
  for (const key of RANGE_FILTERS) {
    const range = filters?.ranges?.[key];
    if (range && (range.min !== undefined || range.max !== undefined)) bounds.push({ key, min: range.min ?? -Infinity, max: range.max ?? Infinity });
  }
  if (filters?.lipinski) bounds.push({ key: 'lipinski_violations', min: -Infinity, max: LIPINSKI_MAX_VIOLATIONS });
  if (filters?.veber) bounds.push({ key: 'veber_pass', min: 1, max: 1 });
  return bounds;
}

/**
 * The mask of `catalogue`'s rows passing `filters`' property bounds, or undefined when they set none.
 * Each property column is read from its file (checked against its checksum) and compared as stored,
 * so a hit's shown value and the filter agree.
 */
export function propertyMask(catalogue: Catalogue, filters: SearchFilters | undefined): Promise<PropertyMask> | undefined {
  const bounds = columnBounds(filters);
  if (bounds.length === 0) return undefined;
  const key = JSON.stringify(bounds.map((bound) => [bound.key, bound.min, bound.max]));
  let masks = cache.get(catalogue);
  if (!masks) cache.set(catalogue, (masks = new Map()));
  let mask = masks.get(key);
  if (mask) {
    masks.delete(key);
  } else {
    mask = buildMask(catalogue, bounds);
    mask.catch(() => masks.delete(key));
  }
  masks.set(key, mask);
  if (masks.size > MASKS_PER_CATALOGUE) masks.delete(masks.keys().next().value!);
  return mask;
}

async function buildMask(catalogue: Catalogue, bounds: ColumnBound[]): Promise<PropertyMask> {
  const files = new CatalogueFiles(catalogue.dir, catalogue.manifest, await manifestStamp(catalogue.dir));
  const rows = new Uint8Array(new SharedArrayBuffer(catalogue.count)).fill(1);
  for (const bound of bounds) {
    const stored = catalogue.manifest.properties.find((property) => property.key === bound.key);
    if (!stored || stored.kind === 'text') {
      throw new EngineError('INVALID_REQUEST', `Catalogue ${catalogue.id} has no ${bound.key} column to filter on: re-import it with this version of molsearch.`);
    }
    const column = numericColumn(stored, (name) => files.has(name));
    const values = await files.read(column.name);
    for (let row = 0; row < catalogue.count; row++) {
      const value = column.value(values, row);
      // NaN (a value that could not be computed) passes no bound.
      if (!(value >= bound.min && value <= bound.max)) rows[row] = 0;
    }
  }
  let passing = 0;
  for (let row = 0; row < catalogue.count; row++) passing += rows[row]!;
  return { rows, passing };
}
