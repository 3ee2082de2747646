import { RANGE_FILTERS } from '@molsearch/api';
import type { JobFilters } from '@molsearch/api';
import { propertyColumns } from './property-columns.ts';

/** One short phrase per filter of a job, in the panel's order: "MW 200–400", "cLogP ≤ 3.5", "Lipinski", ... */
export function filterPhrases(filters: JobFilters): string[] {
  const phrases: string[] = [];
  for (const key of RANGE_FILTERS) {
    const range = filters.ranges?.[key];
    if (!range) continue;
    const label = propertyColumns([key])[0]!.label;
    if (range.min !== undefined && range.max !== undefined) phrases.push(`${label} ${range.min}–${range.max}`);
    else if (range.min !== undefined) phrases.push(`${label} ≥ ${range.min}`);
    else if (range.max !== undefined) phrases.push(`${label} ≤ ${range.max}`);
  }
  if (filters.lipinski) phrases.push('Lipinski');
  if (filters.veber) phrases.push('Veber');
  if (filters.exclude_pains) phrases.push('no PAINS');
  if (filters.substructure !== undefined) phrases.push(`contains ${filters.substructure}`);
  return phrases;
}
