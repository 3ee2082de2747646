import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations.ts';
import { reconnectingPool } from './reconnecting-pool.ts';
import type { StoreSchema } from './store-schema.ts';

export interface Store {
  db: Kysely<StoreSchema>;
  kind: 'sqlite' | 'postgres';
  /**
   * The connection pool, on PostgreSQL: for stores of other libraries that share the database (the rate
   * limits, through reconnectingQueries). `db` takes its connections through reconnectingPool.
   */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL returns bigint (type 20) as strings to avoid precision loss; our bigints are epoch
// milliseconds and byte sizes, well inside the exact range of a double.
pg.types.setTypeParser(20, (value) => Number(value));

export interface StoreOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Told when PostgreSQL closes a pooled connection nobody is using (a restart, a fail-over, an idle
   * timeout, an administrator). The pool drops that connection and opens another when next needed.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/** Opens the store named by the config (PostgreSQL if a URL is given, else the SQLite file) and migrates it. */
export async function openStore(options: StoreOptions): Promise<Store> {
  let store: Store;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener the pool's 'error' event would end the process.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = new Kysely<StoreSchema>({ dialect: new PostgresDialect({ pool: reconnectingPool(pool) }) });
    store = { db, kind: 'postgres', pool, close: () => db.destroy() };
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    const file = new Database(join(options.dataDir, 'molsearch.sqlite'));
    // WAL lets page reads proceed while a job writes its progress.
    file.pragma('journal_mode = WAL');
    file.pragma('busy_timeout = 5000');
    file.pragma('foreign_keys = ON');
    const db = new Kysely<StoreSchema>({ dialect: new SqliteDialect({ database: file }) });
    store = { db, kind: 'sqlite', close: () => db.destroy() };
  }
  try {
    await migrateToLatest(store.db as unknown as Kysely<unknown>);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
