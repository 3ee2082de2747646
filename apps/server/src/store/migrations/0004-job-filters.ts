import type { Kysely, Migration } from 'kysely';

/**
 * A search's filters (property ranges, Lipinski, Veber, PAINS, a required substructure) as JSON, and the
 * notes on what they did, so a restarted server re-runs a queued search with its filters and the results
 * say which filters made them.
 */
export const jobFilters: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('jobs').addColumn('filters', 'text').execute();
    await db.schema.alterTable('jobs').addColumn('filter_notes', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('jobs').dropColumn('filter_notes').execute();
    await db.schema.alterTable('jobs').dropColumn('filters').execute();
  },
};
