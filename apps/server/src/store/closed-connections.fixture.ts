import { sql } from 'kysely';
import pg from 'pg';
import type { Store } from './database.ts';

/**
 * Ends every connection to the database at `url` from another session, as a restart or an administrator
 * would, and runs `next` as soon as that session has asked: before a pool has heard of the closings.
 */
export async function terminateConnectionsThen<T>(url: string, next: () => Promise<T>): Promise<{ ended: number; result: T }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const database = new URL(url).pathname.slice(1);
    const { rows } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    return { ended: rows.length, result: await next() };
  } finally {
    await admin.end();
  }
}

/** The database URL of a store on PostgreSQL. */
export function storeUrl(store: Store): string {
  return (store.pool!.options as { connectionString: string }).connectionString;
}

/** Leaves `count` idle connections in the store's pool (as many statements at once, each holding one); answers how many it holds. */
export async function warmPool(store: Store, count: number): Promise<number> {
  await Promise.all(Array.from({ length: count }, () => sql`select pg_sleep(0.05)`.execute(store.db)));
  return store.pool!.idleCount;
}
