import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { storeUrl } from '../store/closed-connections.fixture.ts';
import type { Store } from '../store/database.ts';
import { TEST_POSTGRES_URL } from '../store/scratch-postgres.ts';
import { openScratchStore } from '../store/scratch-store.ts';
import { JobClaimRepository } from './job-claim.repository.ts';
import { SharedJobQueue } from './shared-job-queue.ts';

/** Longer than the queue's wait between two attempts to listen (POLL_MS), so that at least one is refused. */
const REFUSED_MS = 5000;
/** How long listening again may take once the database takes connections again. */
const RECOVERY_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the shared job queue on a PostgreSQL store that refuses connections for a while', () => {
  let store: Store;
  let close: () => Promise<void>;
  let admin: pg.Client;
  let database: string;

  beforeEach(async () => {
    ({ store, close } = await openScratchStore('postgres', 'molsearch-job-notifications-'));
    database = new URL(storeUrl(store)).pathname.slice(1);
    admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
  });

  afterEach(async () => {
    await admin.query(`alter database ${database} allow_connections true`);
    await admin.end();
    await close();
  });

  /** Connections to the store's database listening for job notifications. */
  async function listeners(): Promise<number> {
    const { rows } = await admin.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'listen %'`, [database]);
    return rows[0]!.n;
  }

  it('listens again once it can, and says so, after its connection was ended and listening again was refused', async () => {
    const lines: string[] = [];
    const queue = new SharedJobQueue({
      claims: new JobClaimRepository(store, { owner: 'notifications-test', leaseMs: 30_000 }),
      concurrency: 1,
      leaseMs: 30_000,
      run: async () => {},
      maxAttempts: 3,
      givenUp: { reason: 'given up', retentionMs: 60_000 },
      logger: createLogger('info', (line) => lines.push(line)),
      now: () => Date.now(),
    });
    await queue.start();
    try {
      expect(await listeners()).toBe(1);
      // The database refuses new connections, then every connection ends: the queue's first attempt to listen
      // again is refused (the other order let a quick reconnection in between).
      await admin.query(`alter database ${database} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
      await sleep(REFUSED_MS);
      // A backend ended by pg_terminate_backend is listed until its process has exited, later on a busy machine.
      await expect.poll(listeners, { timeout: RECOVERY_MS, interval: 200 }).toBe(0);
      await admin.query(`alter database ${database} allow_connections true`);
      const until = Date.now() + RECOVERY_MS;
      while ((await listeners()) === 0 && Date.now() < until) await sleep(200);
      expect(await listeners()).toBe(1);
      const said = (text: string) => lines.filter((line) => line.includes(text)).length;
      expect(said('job notifications lost')).toBe(1);
      expect(said('listening for job notifications again')).toBe(1);
      // The refused attempts in between are not logged one by one.
      expect(said('job notifications unavailable')).toBe(0);
    } finally {
      queue.stop();
      await queue.idle();
    }
  });
});
