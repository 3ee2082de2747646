import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchStore } from './scratch-store.ts';
import type { Store } from './database.ts';
import { reconnectingQueries } from './reconnecting-pool.ts';

/**
 * Ends every connection to the store's database from another session, as a restart or an administrator
 * would, and runs `next` as soon as that session has asked: before the pool has heard of the closings.
 */
async function terminateConnectionsThen<T>(store: Store, next: () => Promise<T>): Promise<{ ended: number; result: T }> {
  const url = (store.pool!.options as { connectionString: string }).connectionString;
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

/** Leaves `count` idle connections in the store's pool: as many statements at once, each holding one. */
async function warmPool(store: Store, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, () => sql`select pg_sleep(0.05)`.execute(store.db)));
  expect(store.pool!.idleCount).toBe(count);
}

/** Rounds of closing every connection with idle ones in the pool, each followed at once by a statement. */
const ROUNDS = 3;

describe('a PostgreSQL store whose connections the database closes', () => {
  let store: Store;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ store, close } = await openScratchStore('postgres', 'molsearch-lost-connections-'));
  });

  afterEach(async () => {
    await close();
  });

  it('runs the next statement on a new connection, through Kysely and through the rate limits\' queries alike', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await warmPool(store, 4);
      const { ended, result } = await terminateConnectionsThen(store, () => sql<{ answer: number }>`select ${round}::int as answer`.execute(store.db));
      expect(ended).toBeGreaterThanOrEqual(4);
      expect(result.rows).toEqual([{ answer: round }]);
    }
    for (let round = 0; round < ROUNDS; round++) {
      await warmPool(store, 4);
      const { result } = await terminateConnectionsThen(store, () => reconnectingQueries(store.pool!).query({ text: 'select $1::int as answer', values: [round] }));
      expect(result.rows).toEqual([{ answer: round }]);
    }
  });

  it('fails a transaction whose connection closes between its statements, commits none of it, and throws nothing uncaught', async () => {
    await sql`create table counted (n int)`.execute(store.db);
    const attempt = store.db.transaction().execute(async (trx) => {
      await sql`insert into counted values (1)`.execute(trx);
      // The transaction's connection closes while it waits between its statements.
      await terminateConnectionsThen(store, () => new Promise((resolve) => setTimeout(resolve, 200)));
      await sql`insert into counted values (2)`.execute(trx);
    });
    await expect(attempt).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`select n from counted`.execute(store.db);
    expect(rows).toEqual([]);
  });
});
