import type { SearchFilters, SearchMethod, SearchQuality } from '../vocabulary.ts';

/** The search contract of the engine; the server and the CLI drive searches through these types. */
export {
  HISTOGRAM_BINS,
  LIPINSKI_MAX_VIOLATIONS,
  MAX_SEARCH_LIMIT,
  RANGE_FILTERS,
  SEARCH_METHODS,
  SEARCH_QUALITIES,
  STRUCTURE_MAX_CANDIDATES,
  STRUCTURE_MAX_HITS,
} from '../vocabulary.ts';
export type { PropertyRange, RangeFilterKey, SearchFilters, SearchMethod, SearchQuality } from '../vocabulary.ts';

export interface SearchRequest {
  smiles: string;
  method: SearchMethod;
  quality: SearchQuality;
  /** Catalogue ids, e.g. ['ENAMINE-REAL', 'MOLPORT']. */
  databases: string[];
  /** Hits kept per database, at most MAX_SEARCH_LIMIT. */
  limit: number;
  /** Only hits with similarity >= threshold (0..1); default 0. */
  threshold?: number;
  /** Property filters and PAINS exclusion: every hit returned passes them (vocabulary.ts). */
  filters?: SearchFilters;
  /** Only hits containing this substructure, a SMILES or SMARTS (@molsearch/chem checkSubstructure). */
  substructure?: string;
}

/**
 * How a database's hits were filtered. `passing`: rows of the catalogue that pass the property filters
 * (absent without them). With structure checks (a substructure, PAINS): `checked` candidates were examined
 * in score order and `kept` of them passed; `complete` when no candidate was left unchecked, so fewer hits
 * than asked for means the database has no more; otherwise the rest lie below the STRUCTURE_MAX_CANDIDATES
 * most similar molecules and were not checked.
 */
export interface FilterReport {
  passing?: number;
  structure?: { checked: number; kept: number; complete: boolean };
}

export interface SearchProgress {
  database: string;
  /** 0..100 over the whole search. */
  percent: number;
  message: string;
}

export interface SearchOptions {
  onProgress?: (progress: SearchProgress) => void;
  signal?: AbortSignal;
}

export interface DatabaseHits {
  database: string;
  /** Row numbers in the catalogue, best first. */
  rows: Uint32Array;
  /** Exact similarity in 0..1 of each row, same order. */
  similarities: Float32Array;
  /** Counts of hits per similarity bin of width 1/HISTOGRAM_BINS over 0..1. */
  histogram: number[];
  /**
   * Consensus searches only: the exact component scores each hit's similarity was fused from, same order
   * as `rows`: Morgan Tanimoto, shape Tanimoto, and the electrostatic score in its catalogue's form.
   */
  components?: { morgan: Float32Array; shape: Float32Array; electrostatic: Float32Array };
  /** Present when the search had filters or a substructure. */
  filtering?: FilterReport;
  /**
   * Searches through search nodes only: the parts (1-based, of `of`) no replica answered for, whose
   * molecules these hits therefore lack. Absent when every part answered.
   */
  unavailableParts?: { missing: number[]; of: number };
}

export interface SearchResult {
  querySmiles: string;
  method: SearchMethod;
  quality: SearchQuality;
  databases: DatabaseHits[];
}
