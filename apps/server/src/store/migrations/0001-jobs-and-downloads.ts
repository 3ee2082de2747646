import type { Kysely, Migration } from 'kysely';

export const jobsAndDownloads: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('principal_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('principal_tier', 'varchar(32)', (c) => c.notNull())
      .addColumn('search_input', 'text', (c) => c.notNull())
      .addColumn('search_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('search_quality', 'varchar(32)', (c) => c.notNull())
      .addColumn('db_names', 'text', (c) => c.notNull())
      .addColumn('compute_properties', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('current_database', 'varchar(64)')
      .addColumn('reason', 'text')
      .addColumn('num_results', 'integer')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('expires_at', 'bigint')
      .execute();
    await db.schema.createIndex('jobs_state').on('jobs').columns(['state', 'created_at']).execute();
    await db.schema.createIndex('jobs_principal_state').on('jobs').columns(['principal_id', 'state']).execute();

    await db.schema
      .createTable('downloads')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('job_id', 'varchar(64)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
      .addColumn('file_format', 'varchar(8)', (c) => c.notNull())
      .addColumn('download_suff', 'varchar(16)', (c) => c.notNull())
      .addColumn('db_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('sim_th', 'double precision')
      .addColumn('include_properties', 'integer', (c) => c.notNull())
      .addColumn('include_metadata', 'integer', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(256)')
      .addColumn('num_molecules', 'integer')
      .addColumn('size_bytes', 'bigint')
      .addColumn('message', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('downloads_selection')
      .on('downloads')
      .columns(['job_id', 'file_format', 'download_suff', 'db_name'])
      .unique()
      .execute();
    await db.schema.createIndex('downloads_state').on('downloads').columns(['state']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('downloads').execute();
    await db.schema.dropTable('jobs').execute();
  },
};
