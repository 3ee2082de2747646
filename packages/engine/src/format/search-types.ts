import type { SearchMethod, SearchQuality } from '../vocabulary.ts';

/** The search contract of the engine; the server and the CLI drive searches through these types. */
export { HISTOGRAM_BINS, MAX_SEARCH_LIMIT, SEARCH_METHODS, SEARCH_QUALITIES } from '../vocabulary.ts';
export type { SearchMethod, SearchQuality } from '../vocabulary.ts';

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
}

export interface SearchResult {
  querySmiles: string;
  method: SearchMethod;
  quality: SearchQuality;
  databases: DatabaseHits[];
}
