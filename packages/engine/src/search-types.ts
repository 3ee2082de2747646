/** The search contract of the engine; the server and the CLI drive searches through these types. */
export type SearchMethod = 'morgan' | 'espsim_shape' | 'espsim_electrostatic';
export type SearchQuality = 'fast' | 'accurate' | 'very_accurate';

export const SEARCH_METHODS: readonly SearchMethod[] = ['espsim_electrostatic', 'espsim_shape', 'morgan'];
export const SEARCH_QUALITIES: readonly SearchQuality[] = ['very_accurate', 'accurate', 'fast'];
export const MAX_SEARCH_LIMIT = 100_000;
export const HISTOGRAM_BINS = 50;

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
}

export interface SearchResult {
  querySmiles: string;
  method: SearchMethod;
  quality: SearchQuality;
  databases: DatabaseHits[];
}
