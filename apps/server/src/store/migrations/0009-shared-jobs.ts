import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/**
 * What API servers sharing one database need to share jobs and their files: the server running a job
 * (`owner`) and how long its claim holds without a heartbeat (`lease_until`, epoch ms on the database's
 * clock), and the files of a job (hit lists, score columns, download files) in chunks, so any server
 * reads them. On PostgreSQL the chunks are bytea; SQLite stores the same bytes as a blob.
 */
export const sharedJobs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('jobs').addColumn('owner', 'varchar(64)').execute();
    await db.schema.alterTable('jobs').addColumn('lease_until', 'bigint').execute();
    // A claim orders waiting callers by their last start (job-claim.repository.ts): one index step per caller.
    await db.schema.createIndex('jobs_principal_started').on('jobs').columns(['principal_id', 'started_at']).execute();
    const postgres = await isPostgres(db);
    await db.schema
      .createTable('job_files')
      .addColumn('job_id', 'varchar(64)', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('chunk', 'integer', (column) => column.notNull())
      .addColumn('data', postgres ? 'bytea' : 'blob', (column) => column.notNull())
      .addPrimaryKeyConstraint('job_files_pk', ['job_id', 'name', 'chunk'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('job_files').execute();
    await db.schema.dropIndex('jobs_principal_started').execute();
    await db.schema.alterTable('jobs').dropColumn('lease_until').execute();
    await db.schema.alterTable('jobs').dropColumn('owner').execute();
  },
};

async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  // SQLite has no version() function; PostgreSQL answers it.
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}
