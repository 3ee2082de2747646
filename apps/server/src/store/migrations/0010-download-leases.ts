import type { Kysely, Migration } from 'kysely';

/**
 * The API server building a download (`owner`) and until when its claim holds without a heartbeat
 * (`lease_until`, epoch ms on the database's clock), so a download whose server died is built by another.
 */
export const downloadLeases: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('downloads').addColumn('owner', 'varchar(64)').execute();
    await db.schema.alterTable('downloads').addColumn('lease_until', 'bigint').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('downloads').dropColumn('lease_until').execute();
    await db.schema.alterTable('downloads').dropColumn('owner').execute();
  },
};
