/** A property value of a hit, as the page answer carries it. */
export type PropertyValue = string | number | boolean | null;

/** The three scores of a hit, whichever method found it; null where its catalogue has no 3D models. */
export interface HitScores {
  morgan: number | null;
  shape: number | null;
  electrostatic: number | null;
}

/** One molecule in the results grid (spec section 3, grid form). */
export interface MoleculeRow {
  /** Result id: lowercased database, vendor id and a SMILES hash joined by colons; "Query Molecule" for the query. */
  id: string;
  /** The vendor's own compound id. */
  originalId: string;
  smiles: string;
  database: string;
  similarity: number | undefined;
  /** All three scores; absent on the query's row. */
  scores?: HitScores;
  properties: Record<string, PropertyValue>;
  isQueryMolecule: boolean;
}

/** One database's preview in the sections view. */
export interface Section {
  dbName: string;
  results: MoleculeRow[];
  currentPage: number;
  hasMore: boolean;
  totalResults: number;
}

/** A database searched that has no section: it had no hits, or its hits could not be loaded. */
export interface MissingSection {
  dbName: string;
  reason: 'no-hits' | 'failed';
}

/** The grid of one database, paged 30 at a time. */
export interface DatabaseView {
  dbName: string;
  results: MoleculeRow[];
  /** Index of the last page loaded. */
  currentPage: number;
  hasMore: boolean;
  /** Similarity threshold applied to the pages; 0 means none. */
  threshold: number;
}

/** Histogram of one database's similarities, 50 bins over 0..1. */
export interface DatabaseHistogram {
  binEdges: number[];
  counts: number[];
  total: number;
  min: number | null;
  max: number | null;
}
