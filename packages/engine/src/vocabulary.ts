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
