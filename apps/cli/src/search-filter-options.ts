import { LIPINSKI_MAX_VIOLATIONS, RANGE_FILTERS, STRUCTURE_MAX_CANDIDATES } from '@molsearch/engine';
import type { DatabaseHits, RangeFilterKey, SearchFilters } from '@molsearch/engine';
import type { OptionSpec } from './command.ts';
import type { ParsedOptions } from './parsed-options.ts';

/** `rotatable_bonds` -> `rotatable-bonds`: flags are kebab-case, the engine's keys snake_case. */
const flagName = (key: RangeFilterKey, side: 'min' | 'max'): string => `${key.replaceAll('_', '-')}-${side}`;

/** The filter flags of `molsearch search`, one pair per filterable property (from the engine's list). */
export const FILTER_OPTIONS: Record<string, OptionSpec> = {
  ...Object.fromEntries(
    RANGE_FILTERS.flatMap((key) => [
      [flagName(key, 'min'), { type: 'string', valueName: 'X', description: `only hits with ${key} >= X` } satisfies OptionSpec],
      [flagName(key, 'max'), { type: 'string', valueName: 'X', description: `only hits with ${key} <= X` } satisfies OptionSpec],
    ]),
  ),
  lipinski: { type: 'boolean', description: `only hits with at most ${LIPINSKI_MAX_VIOLATIONS} rule-of-five violation` },
  veber: { type: 'boolean', description: 'only hits with at most 10 rotatable bonds and TPSA <= 140' },
  'exclude-pains': { type: 'boolean', description: 'leave out hits matching any of the 480 PAINS substructures' },
  substructure: { type: 'string', valueName: 'SMILES|SMARTS', description: `only hits containing it (checked in score order, at most ${STRUCTURE_MAX_CANDIDATES} candidates per catalogue)` },
};

/** The engine's filters and substructure from the flags; nothing for flags not given. */
export function filtersFromOptions(options: ParsedOptions): { filters?: SearchFilters; substructure?: string } {
  const ranges: NonNullable<SearchFilters['ranges']> = {};
  for (const key of RANGE_FILTERS) {
    const min = options.number(flagName(key, 'min'));
    const max = options.number(flagName(key, 'max'));
    if (min !== undefined || max !== undefined) ranges[key] = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  }
  const filters: SearchFilters = {
    ...(Object.keys(ranges).length > 0 ? { ranges } : {}),
    ...(options.flag('lipinski') ? { lipinski: true } : {}),
    ...(options.flag('veber') ? { veber: true } : {}),
    ...(options.flag('exclude-pains') ? { excludePains: true } : {}),
  };
  const substructure = options.string('substructure');
  return { ...(Object.keys(filters).length > 0 ? { filters } : {}), ...(substructure !== undefined ? { substructure } : {}) };
}

/** One stderr line per filtered database: how many molecules pass, and whether structure checks left candidates unchecked. */
export function filterSummary(hits: DatabaseHits): string | undefined {
  const report = hits.filtering;
  if (!report) return undefined;
  const parts = [`${hits.database}: ${hits.rows.length} hits`];
  if (report.passing !== undefined) parts.push(`${report.passing} molecules pass the property filters`);
  if (report.structure) {
    const { checked, kept, complete } = report.structure;
    parts.push(`${kept} of ${checked} candidates checked pass the structure checks${complete ? '' : '; less similar molecules were not checked'}`);
  }
  return parts.join('; ');
}
