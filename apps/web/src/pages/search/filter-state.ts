import { RANGE_FILTERS, activeFilterCount, jobFiltersOf } from '@molsearch/api';
import type { JobFilters, RangeFilterKey, SubmitSearchQuery } from '@molsearch/api';

/** The Filters section as typed: bounds stay text until the search is submitted, so a half-typed number is not lost. */
export interface FilterState {
  ranges: Record<RangeFilterKey, { min: string; max: string }>;
  lipinski: boolean;
  veber: boolean;
  excludePains: boolean;
  substructure: string;
}

export const EMPTY_FILTERS: FilterState = {
  ranges: Object.fromEntries(RANGE_FILTERS.map((key) => [key, { min: '', max: '' }])) as FilterState['ranges'],
  lipinski: false,
  veber: false,
  excludePains: false,
  substructure: '',
};

type FilterQuery = Pick<SubmitSearchQuery, `${RangeFilterKey}_${'min' | 'max'}` | 'lipinski' | 'veber' | 'exclude_pains' | 'substructure'>;

/** A bound as a number; blank is no bound, and text that is not a number is left for the server to refuse by name. */
function bound(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** The submit_molsearch parameters of the filters, only those set. */
export function filterQuery(state: FilterState): FilterQuery {
  const query: FilterQuery = { lipinski: state.lipinski, veber: state.veber, exclude_pains: state.excludePains };
  for (const key of RANGE_FILTERS) {
    const min = bound(state.ranges[key].min);
    const max = bound(state.ranges[key].max);
    if (min !== undefined) query[`${key}_min`] = min;
    if (max !== undefined) query[`${key}_max`] = max;
  }
  if (state.substructure.trim() !== '') query.substructure = state.substructure.trim();
  return query;
}

/** The filters as the job will store them. */
export function stateFilters(state: FilterState): JobFilters {
  return jobFiltersOf(filterQuery(state));
}

/** How many filters are set, for the collapsed section's title. */
export function activeFilters(state: FilterState): number {
  return activeFilterCount(stateFilters(state));
}
