import type { Kysely } from 'kysely';
import type { StoreSchema } from '../store/store-schema.ts';
import type { CatalogueRows, PropertyValue } from '../search/search-engine.ts';

/** Rows written or read per statement: 5 parameters a row stays far below either store's limit. */
const ROWS_PER_STATEMENT = 500;

/** One catalogue row as a search node read it. */
export interface StoredRow {
  row: number;
  smiles: string;
  id: string;
  properties: Record<string, PropertyValue>;
}

/**
 * The catalogue rows of the hits that search nodes found, by database and row in the catalogue's joined
 * numbering (part after part). Written when a search finishes, read by pages and downloads on any API
 * server sharing the store. A row is rewritten by every search that finds it.
 */
export class ClusterRowRepository {
  constructor(private readonly db: Kysely<StoreSchema>) {}

  /**
   * Upserts the rows in ascending row order, each once. Searches on several API servers finishing at once
   * store overlapping rows; in the order of their hits they locked them in different orders and PostgreSQL
   * broke the tie by failing one search ("deadlock detected").
   */
  async write(database: string, rows: readonly StoredRow[]): Promise<void> {
    const ordered = [...new Map(rows.map((row) => [row.row, row])).values()].sort((a, b) => a.row - b.row);
    for (let at = 0; at < ordered.length; at += ROWS_PER_STATEMENT) {
      const values = ordered.slice(at, at + ROWS_PER_STATEMENT).map((row) => ({ database, row: row.row, smiles: row.smiles, compound_id: row.id, properties: JSON.stringify(row.properties) }));
      await this.db
        .insertInto('cluster_rows')
        .values(values)
        .onConflict((conflict) => conflict.columns(['database', 'row']).doUpdateSet((update) => ({ smiles: update.ref('excluded.smiles'), compound_id: update.ref('excluded.compound_id'), properties: update.ref('excluded.properties') })))
        .execute();
    }
  }

  /** The rows in the order asked for; a row no search stored reads as an empty molecule. */
  async read(database: string, rows: ArrayLike<number>, withProperties: boolean): Promise<CatalogueRows> {
    const wanted = [...new Set(Array.from(rows))];
    const found = new Map<number, { smiles: string; compound_id: string; properties: string }>();
    for (let at = 0; at < wanted.length; at += ROWS_PER_STATEMENT) {
      const batch = await this.db
        .selectFrom('cluster_rows')
        .select(['row', 'smiles', 'compound_id', 'properties'])
        .where('database', '=', database)
        .where('row', 'in', wanted.slice(at, at + ROWS_PER_STATEMENT))
        .execute();
      for (const entry of batch) found.set(Number(entry.row), entry);
    }
    const result: CatalogueRows = { smiles: [], ids: [], properties: {} };
    const parsed = Array.from(rows, (row) => {
      const entry = found.get(row);
      result.smiles.push(entry?.smiles ?? '');
      result.ids.push(entry?.compound_id ?? '');
      return withProperties && entry ? (JSON.parse(entry.properties) as Record<string, PropertyValue>) : {};
    });
    if (withProperties) {
      const keys = [...new Set(parsed.flatMap((values) => Object.keys(values)))];
      for (const key of keys) result.properties[key] = parsed.map((values) => values[key] ?? null);
    }
    return result;
  }
}
