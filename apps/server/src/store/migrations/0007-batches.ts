import type { Kysely, Migration } from 'kysely';

/**
 * Batch searches: a batch row (who sent it, the rows of its file that were skipped) and, on each of its
 * queries' jobs, the batch, the query's place in it and its id, so the batch's state is its jobs' state.
 */
export const batches: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('batches')
      .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('principal_id', 'varchar(255)', (column) => column.notNull())
      .addColumn('query_count', 'integer', (column) => column.notNull())
      .addColumn('skipped_rows', 'text', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.alterTable('jobs').addColumn('batch_id', 'varchar(64)').execute();
    await db.schema.alterTable('jobs').addColumn('batch_index', 'integer').execute();
    await db.schema.alterTable('jobs').addColumn('query_id', 'text').execute();
    await db.schema.createIndex('jobs_batch').on('jobs').columns(['batch_id', 'batch_index']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('jobs_batch').execute();
    await db.schema.alterTable('jobs').dropColumn('query_id').execute();
    await db.schema.alterTable('jobs').dropColumn('batch_index').execute();
    await db.schema.alterTable('jobs').dropColumn('batch_id').execute();
    await db.schema.dropTable('batches').execute();
  },
};
