import type { Kysely, Migration } from 'kysely';

/**
 * The client address a search came from, so the searches waiting for callers without an account can also
 * be counted per address (visitors and anonymous accounts cost nothing to make).
 */
export const jobClientAddress: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('jobs').addColumn('client_address', 'varchar(64)').execute();
    await db.schema.createIndex('jobs_address_state').on('jobs').columns(['client_address', 'state']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('jobs_address_state').execute();
    await db.schema.alterTable('jobs').dropColumn('client_address').execute();
  },
};
