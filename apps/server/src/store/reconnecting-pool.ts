import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Error codes of a lost connection: the database ended it (57P01 administrator command, 57P02 crash, 57P03
 * not accepting connections yet), a connection exception (class 08), or the socket closed under it.
 */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'EPIPE']);
/** pg's messages for a statement sent on, or waiting on, a connection that has closed. */
const LOST_MESSAGE = /^Connection terminated|is not queryable/;

/** Whether `error` says the statement's connection was lost, rather than that the statement itself failed. */
export function connectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08'))) || LOST_MESSAGE.test(error.message);
}

/**
 * How many connections a statement is tried on: each connection the pool may hold, then one opened for it.
 * A connection that turns out closed leaves the pool, so the closed ones run out before the tries do.
 */
function tries(pool: pg.Pool): number {
  return (pool.options.max ?? 10) + 1;
}

/**
 * When the database restarts, fails over or is told to end its sessions, the pool still holds those
 * connections until it hears of each closing, and a statement given one of them fails. `run` is tried
 * again on another connection while its failure is a lost connection (`connectionLost`). A statement sent
 * on a closed connection never ran, and the database rolls back what a session it ends was running; only
 * a statement whose connection closed after its commit and before its answer would run twice.
 */
async function onLiveConnection<T>(pool: pg.Pool, run: () => Promise<T>, beforeRetry?: (lost: Error) => Promise<void>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries(pool) || !connectionLost(error)) throw error;
      await beforeRetry?.(error as Error);
    }
  }
}

/** `pool.query(config)`, tried again on another connection when its connection was lost: the rate limits' store. */
export function reconnectingQueries(pool: pg.Pool): { query: (config: pg.QueryConfig) => Promise<pg.QueryResult> } {
  return { query: (config) => onLiveConnection(pool, () => pool.query(config)) };
}

/**
 * The pool Kysely takes: a client it hands out runs its first statement on another connection when the one
 * it was given turns out closed (a transaction's `begin`, or a statement of its own). Later statements are
 * never tried again: they may belong to a transaction the lost connection took with it. While a client is
 * out, an error on its connection is reported by the statement that meets it: without a listener, pg would
 * throw it as an uncaught exception and end the process.
 */
export function reconnectingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => new FirstStatementRetry(pool, await pool.connect()),
    end: () => pool.end(),
  };
}

/** Errors on a client's connection while it is out of the pool: its next statement fails with them. */
const ignoreWhileOut = (): void => undefined;

/** A client of the pool whose first statement is tried again on another connection when its own was lost. */
class FirstStatementRetry implements PostgresPoolClient {
  #client: pg.PoolClient | undefined;
  #used = false;

  constructor(private readonly pool: pg.Pool, client: pg.PoolClient) {
    this.#client = this.#takeOut(client);
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(statement: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    const first = !this.#used;
    this.#used = true;
    if (typeof statement !== 'string') return this.#live().query(statement as never) as unknown as PostgresCursor<R>;
    const run = () => this.#live().query(statement, [...parameters]) as unknown as Promise<PostgresQueryResult<R>>;
    return first ? this.#runFirst(run) : run();
  }

  release(): void {
    this.#giveBack();
  }

  /** Runs the first statement, on another connection in place of a lost one while tries remain. */
  #runFirst<T>(run: () => Promise<T>): Promise<T> {
    return onLiveConnection(this.pool, run, async (lost) => {
      this.#giveBack(lost);
      this.#client = this.#takeOut(await this.pool.connect());
    });
  }

  /** Returns the connection to the pool; with `lost`, the pool drops it. */
  #giveBack(lost?: Error): void {
    const client = this.#client;
    this.#client = undefined;
    client?.removeListener('error', ignoreWhileOut);
    client?.release(lost);
  }

  #takeOut(client: pg.PoolClient): pg.PoolClient {
    client.on('error', ignoreWhileOut);
    return client;
  }

  #live(): pg.PoolClient {
    if (!this.#client) throw new Error('Connection terminated: no connection to run the statement on.');
    return this.#client;
  }
}
