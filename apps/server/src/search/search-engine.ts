import type { SearchMethod, SearchOptions, SearchRequest, SearchResult, WarmUp } from '@molsearch/engine';

/** Writes hits of a 3D search at their best-shape pose on the query. */
export interface PoseAligner {
  /**
   * The molblocks of `rows` of `database` in the query's frame, in their order, each titled by `titles`;
   * undefined where the catalogue has no 3D model. The posing runs on the engine's worker threads, so
   * other requests are answered while a large file is built.
   */
  molblocks(database: string, rows: readonly number[], titles: readonly string[], onProgress?: (fraction: number) => void): Promise<(string | undefined)[]>;
  /**
   * The query's conformer every hit of `database` is posed in the frame of (its first, with the others
   * superposed on it), as a molblock titled `title`; undefined when the catalogue has no 3D models.
   */
  queryMolblock(database: string, title: string): Promise<string | undefined>;
}

/** What /api/databases tells about one catalogue. */
export interface CatalogueSummary {
  id: string;
  displayName: string;
  vendor: string;
  website: string;
  /** Order e-mail, or 'N/A'. */
  email: string;
  description: string;
  badges: string[];
  count: number;
  /** When the catalogue's files were written: a re-import gives a new one. */
  importedAt?: string;
  /** Why the catalogue cannot be searched (damaged, older format), in words for users; absent when it can. */
  unavailable?: string;
}

export type PropertyValue = string | number | boolean | null;

/** Catalogue rows in the order asked for. */
export interface CatalogueRows {
  smiles: string[];
  ids: string[];
  /** Property columns, each as long as `smiles`; empty unless asked for. */
  properties: Record<string, PropertyValue[]>;
}

/**
 * The engine as the server uses it: catalogues to list and read, and searches to run. One
 * implementation drives @molsearch/engine; routes and services depend only on this shape.
 */
export interface SearchEngine {
  listCatalogues(): Promise<CatalogueSummary[]>;
  readRows(database: string, rows: ArrayLike<number>, withProperties: boolean): Promise<CatalogueRows>;
  search(request: SearchRequest, options: SearchOptions): Promise<SearchResult>;
  /** Aligns 3D hits on the query of a shape or electrostatic search; undefined for Morgan searches. */
  poseAligner(querySmiles: string, method: SearchMethod): Promise<PoseAligner | undefined>;
  /**
   * Readies each usable catalogue for search now rather than at its first search (the engine's readyCatalogue),
   * one at a time, until all are done or `signal` aborts; absent where catalogues are searched elsewhere (the
   * search nodes of a cluster ready their own parts).
   */
  readyCatalogues?(signal: AbortSignal): Promise<CatalogueReadiness>;
  /**
   * Runs searches, thrown away, in one of `ready` (catalogues readyCatalogues readied; the engine's
   * warmUpSearch chooses which and how), so that the workers every search shares are started and their code
   * compiled before a user's first search; says which catalogue and methods. Undefined when `ready` is empty.
   * Where catalogues are searched elsewhere (no readyCatalogues), `ready` is empty and it builds a query only.
   */
  warmUp?(ready: readonly string[], signal: AbortSignal): Promise<WarmUp | undefined>;
  close(): Promise<void>;
}

/** What readyCatalogues did: the catalogues it readied and those it could not, with the engine's error. */
export interface CatalogueReadiness {
  ready: string[];
  failed: { database: string; error: unknown }[];
}
