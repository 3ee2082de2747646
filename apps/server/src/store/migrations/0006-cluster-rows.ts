import type { Kysely, Migration } from 'kysely';

/**
 * The catalogue rows of hits found by search nodes (cluster mode): stored when a search finishes, so
 * pages and downloads of its hits are read from the store by any API server, whether or not the node
 * that found them is still up.
 */
export const clusterRows: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('cluster_rows')
      .addColumn('database', 'text', (column) => column.notNull())
      .addColumn('row', 'bigint', (column) => column.notNull())
      .addColumn('smiles', 'text', (column) => column.notNull())
      .addColumn('compound_id', 'text', (column) => column.notNull())
      .addColumn('properties', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('cluster_rows_pk', ['database', 'row'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('cluster_rows').execute();
  },
};
