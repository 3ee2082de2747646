import type { Kysely, Migration } from 'kysely';

/**
 * The rate-limit counters of API servers sharing a PostgreSQL database (http/rate-limit.middleware.ts),
 * with the columns rate-limiter-flexible's PostgreSQL store reads and writes: created here, once, rather
 * than by each counter store at start-up, where concurrent CREATE TABLEs of several servers can collide.
 */
export const rateLimits: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(255)', (column) => column.primaryKey())
      .addColumn('points', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('expire', 'bigint')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rate_limits').execute();
  },
};
