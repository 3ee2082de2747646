import { sql } from 'kysely';

/**
 * Now on PostgreSQL's clock, in epoch ms: leases of API servers sharing the database are set and compared on
 * this one clock, whatever the servers' own clocks say.
 */
export const DATABASE_NOW = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
