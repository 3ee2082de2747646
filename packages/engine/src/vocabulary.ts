/**
 * The search vocabulary, defined once: methods, qualities and the limits every layer shares. The API's
 * schemas (and through them the web app) derive from these lists, so this file imports nothing and runs
 * in a browser as well as in Node.
 */
export const SEARCH_METHODS = ['espsim_electrostatic', 'espsim_shape', 'morgan', 'consensus'] as const;
export type SearchMethod = (typeof SEARCH_METHODS)[number];

export const SEARCH_QUALITIES = ['very_accurate', 'accurate', 'fast'] as const;
export type SearchQuality = (typeof SEARCH_QUALITIES)[number];

/** Hits kept per database and search. */
export const MAX_SEARCH_LIMIT = 100_000;
/** Bins of the similarity histogram over 0..1 that every search reports. */
export const HISTOGRAM_BINS = 50;

/**
 * The catalogue property columns a search can bound by a range (keys of the chemistry package's property
 * columns); the API's `<key>_min`/`<key>_max` parameters and the CLI's flags derive from this list.
 */
export const RANGE_FILTERS = ['mw', 'clogp', 'tpsa', 'hbd', 'hba', 'rotatable_bonds', 'heavy_atoms', 'qed'] as const;
export type RangeFilterKey = (typeof RANGE_FILTERS)[number];

/** Inclusive bounds on one property; an absent side is open. */
export interface PropertyRange {
  min?: number;
  max?: number;
}

/**
 * Filters applied inside a search, before ranking, so every hit returned passes them. `lipinski`: at most
 * one rule-of-five violation; `veber`: rotatable bonds <= 10 and TPSA <= 140 Å²; `excludePains`: no match to
 * any of the 480 published PAINS substructures.
 */
export interface SearchFilters {
  ranges?: Partial<Record<RangeFilterKey, PropertyRange>>;
  lipinski?: boolean;
  veber?: boolean;
  excludePains?: boolean;
}

/** Rule-of-five violations a molecule may have and still pass the Lipinski filter (Lipinski 1997: more than one predicts poor absorption). */
export const LIPINSKI_MAX_VIOLATIONS = 1;

/**
 * A search that checks structures (a required substructure, PAINS) examines candidates in score order,
 * at most this many per database, and keeps at most STRUCTURE_MAX_HITS of those that pass.
 */
export const STRUCTURE_MAX_CANDIDATES = 20_000;
export const STRUCTURE_MAX_HITS = 1_000;
