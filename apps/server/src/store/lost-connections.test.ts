import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeUrl, terminateConnectionsThen, warmPool } from './closed-connections.fixture.ts';
import { openScratchStore } from './scratch-store.ts';
import type { Store } from './database.ts';
import { reconnectingQueries } from './reconnecting-pool.ts';

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
      expect(await warmPool(store, 4)).toBe(4);
      const { ended, result } = await terminateConnectionsThen(storeUrl(store), () => sql<{ answer: number }>`select ${round}::int as answer`.execute(store.db));
      expect(ended).toBeGreaterThanOrEqual(4);
      expect(result.rows).toEqual([{ answer: round }]);
    }
    for (let round = 0; round < ROUNDS; round++) {
      expect(await warmPool(store, 4)).toBe(4);
      const { result } = await terminateConnectionsThen(storeUrl(store), () => reconnectingQueries(store.pool!).query({ text: 'select $1::int as answer', values: [round] }));
      expect(result.rows).toEqual([{ answer: round }]);
    }
  });

  it('fails a transaction whose connection closes between its statements, commits none of it, and throws nothing uncaught', async () => {
    await sql`create table counted (n int)`.execute(store.db);
    const attempt = store.db.transaction().execute(async (trx) => {
      await sql`insert into counted values (1)`.execute(trx);
      // The transaction's connection closes while it waits between its statements.
      await terminateConnectionsThen(storeUrl(store), () => new Promise((resolve) => setTimeout(resolve, 200)));
      await sql`insert into counted values (2)`.execute(trx);
    });
    await expect(attempt).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`select n from counted`.execute(store.db);
    expect(rows).toEqual([]);
  });
});
