import { sql } from 'kysely';
import type { Store } from '../store/database.ts';
import { DATABASE_NOW } from '../store/database-clock.ts';
import type { JobRow } from './job.repository.ts';

/** The channel a server notifies when it stores or gives back a queued job, so idle servers claim it at once. */
const CHANNEL = 'molsearch_jobs';
const DB_NOW = DATABASE_NOW;

export interface ClaimOptions {
  /** This server's name in the `owner` column; unique per process, so a restarted server never inherits a lease. */
  owner: string;
  /** How long a claim holds without a heartbeat. */
  leaseMs: number;
}

/** What one claim did: the job now run by this server, and jobs given up on (too many servers died running them). */
export interface Claim {
  job: JobRow | undefined;
  givenUp: string[];
}

/**
 * Claims of queued jobs by API servers sharing one PostgreSQL database: `SELECT ... FOR UPDATE SKIP LOCKED`
 * picks a job no other server is claiming, and the claim is a lease the running server renews; a job whose
 * lease ran out (its server died) is claimed again like a queued one. Jobs take turns between callers as
 * the in-process FairQueue does: the caller with fewest running searches first, then the one served least
 * recently, then the oldest job.
 */
export class JobClaimRepository {
  readonly owner: string;
  private readonly leaseMs: number;

  constructor(
    private readonly store: Store,
    options: ClaimOptions,
  ) {
    if (store.kind !== 'postgres' || !store.pool) throw new Error('Jobs are claimed from the store on PostgreSQL only.');
    this.owner = options.owner;
    this.leaseMs = options.leaseMs;
  }

  /**
   * Claims the next job for this server. A job whose lease ran out after `maxAttempts` runs is failed with
   * `givenUp.reason` (kept `givenUp.retentionMs`) instead, and the next one is tried.
   */
  async claim(maxAttempts: number, givenUp: { reason: string; retentionMs: number }, now: number): Promise<Claim> {
    const failed: string[] = [];
    for (;;) {
      const outcome = await this.store.db.transaction().execute(async (trx) => {
        // Each waiting caller's running searches and last start are read once (indexes on principal_id), then
        // its jobs are ordered by them; rows another server is claiming are skipped, not waited for.
        const found = await sql<{ id: string; state: string; attempts: number }>`
          with claimable as (
            select j.id, j.principal_id, j.state, j.attempts, j.created_at from jobs j
            where j.state = 'queued' or (j.state = 'running' and (j.lease_until is null or j.lease_until < ${DB_NOW}))
          ),
          callers as (
            select c.principal_id,
              (select count(*) from jobs r where r.principal_id = c.principal_id and r.state = 'running' and r.lease_until >= ${DB_NOW}) as running,
              (select coalesce(max(s.started_at), 0) from jobs s where s.principal_id = c.principal_id) as served
            from (select distinct principal_id from claimable) c
          )
          select j.id, j.state, j.attempts from jobs j
          join claimable w on w.id = j.id
          join callers p on p.principal_id = j.principal_id
          -- Again on j itself: a row another server claimed since this query's snapshot is checked anew once locked.
          where j.state = 'queued' or (j.state = 'running' and (j.lease_until is null or j.lease_until < ${DB_NOW}))
          order by p.running, p.served, w.created_at, w.id
          limit 1
          for update of j skip locked`.execute(trx);
        const candidate = found.rows[0];
        if (!candidate) return { kind: 'none' as const };
        if (candidate.state === 'running' && Number(candidate.attempts) >= maxAttempts) {
          await trx
            .updateTable('jobs')
            .set({ state: 'failed', current_database: null, reason: givenUp.reason, finished_at: now, expires_at: now + givenUp.retentionMs, owner: null, lease_until: null })
            .where('id', '=', candidate.id)
            .execute();
          return { kind: 'given-up' as const, id: candidate.id };
        }
        const job = await trx
          .updateTable('jobs')
          .set((eb) => ({
            state: 'running',
            owner: this.owner,
            lease_until: sql<number>`${DB_NOW} + ${this.leaseMs}`,
            started_at: now,
            percent: 0,
            current_database: null,
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', '=', candidate.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { kind: 'claimed' as const, job };
      });
      if (outcome.kind === 'given-up') failed.push(outcome.id);
      else return { job: outcome.kind === 'claimed' ? outcome.job : undefined, givenUp: failed };
    }
  }

  /** Extends this server's leases on `ids`; answers the ids it still holds (a job taken over or finished is not). */
  async renew(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.store.db
      .updateTable('jobs')
      .set({ lease_until: sql<number>`${DB_NOW} + ${this.leaseMs}` })
      .where('id', 'in', ids)
      .where('owner', '=', this.owner)
      .where('state', '=', 'running')
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Gives a job this server holds back to the queue (its attempt is kept), for another server to claim. */
  async release(id: string): Promise<void> {
    await this.store.db
      .updateTable('jobs')
      .set({ state: 'queued', percent: 0, current_database: null, owner: null, lease_until: null })
      .where('id', '=', id)
      .where('owner', '=', this.owner)
      .where('state', '=', 'running')
      .execute();
  }

  /** Tells every server sharing the database that a job waits. */
  async notify(): Promise<void> {
    await sql`select pg_notify(${CHANNEL}, '')`.execute(this.store.db);
  }

  /** Calls `onJob` whenever a server notifies; answers a function that stops listening. */
  async listen(onJob: () => void, onError: (error: unknown) => void): Promise<() => Promise<void>> {
    const client = await this.store.pool!.connect();
    let released = false;
    const release = (error?: Error): void => {
      if (released) return;
      released = true;
      client.release(error);
    };
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) onJob();
    });
    client.on('error', (error) => {
      onError(error);
      release(error);
    });
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      // A connection that closed fails here as well as in its error event; either way it leaves the pool.
      release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    return async () => {
      if (released) return;
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      release();
    };
  }
}
