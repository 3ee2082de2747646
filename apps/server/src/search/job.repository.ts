import type { Store } from '../store/database.ts';
import type { JobState, JobTable } from '../store/store-schema.ts';

export type JobRow = JobTable;

/** The columns of a job just stored: waiting, not yet run, nothing found. */
export const QUEUED_JOB_STATE = {
  state: 'queued',
  percent: 0,
  current_database: null,
  reason: null,
  num_results: null,
  attempts: 0,
  started_at: null,
  finished_at: null,
  expires_at: null,
} as const satisfies Partial<JobRow>;

/** Reads and writes search jobs in the store; the job service decides, this only persists. */
export class JobRepository {
  constructor(private readonly store: Store) {}

  async insert(job: JobRow): Promise<void> {
    await this.store.db.insertInto('jobs').values(job).execute();
  }

  /** A batch's jobs in one transaction: all of them are stored, or none. */
  async insertMany(jobs: JobRow[]): Promise<void> {
    await this.store.db.transaction().execute(async (trx) => {
      for (const job of jobs) await trx.insertInto('jobs').values(job).execute();
    });
  }

  /** The jobs of a batch, in the order of its queries. */
  async listBatch(batchId: string): Promise<JobRow[]> {
    return this.store.db.selectFrom('jobs').selectAll().where('batch_id', '=', batchId).orderBy('batch_index').execute();
  }

  /** Batch queries of `principalId` waiting or running. */
  async countActiveBatchQueries(principalId: string): Promise<number> {
    const row = await this.store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('principal_id', '=', principalId)
      .where('batch_id', 'is not', null)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async find(id: string): Promise<JobRow | undefined> {
    return this.store.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Jobs in the given states, oldest first (the order they were submitted in). */
  async listByState(states: JobState[]): Promise<JobRow[]> {
    return this.store.db.selectFrom('jobs').selectAll().where('state', 'in', states).orderBy('created_at').orderBy('id').execute();
  }

  /** Single searches of `principalId` waiting or running (a batch's queries are limited per batch instead). */
  async countActive(principalId: string): Promise<number> {
    const row = await this.store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('principal_id', '=', principalId)
      .where('batch_id', 'is', null)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Searches waiting or running that callers without a registered account submitted from `address`. */
  async countActiveAnonymousAt(address: string): Promise<number> {
    const row = await this.store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('client_address', '=', address)
      .where('principal_tier', '=', 'anonymous')
      .where('batch_id', 'is', null)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async countByState(): Promise<Record<JobState, number>> {
    const rows = await this.store.db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number | string>().as('count')])
      .groupBy('state')
      .execute();
    const counts: Record<JobState, number> = { queued: 0, running: 0, succeeded: 0, failed: 0, expired: 0 };
    for (const row of rows) counts[row.state] = Number(row.count);
    return counts;
  }

  async markRunning(id: string, now: number): Promise<void> {
    await this.store.db
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', started_at: now, percent: 0, current_database: null, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async updateProgress(id: string, percent: number, database: string): Promise<void> {
    await this.store.db.updateTable('jobs').set({ percent, current_database: database }).where('id', '=', id).where('state', '=', 'running').execute();
  }

  /**
   * `notes`: what the search's filters did (job-filters.ts), kept with the job. With `owner` (API servers
   * sharing the store), only while that server holds the job: one whose lease was taken over leaves it alone.
   */
  async markSucceeded(id: string, numResults: number, now: number, expiresAt: number, notes: string[] = [], owner?: string): Promise<void> {
    let update = this.store.db
      .updateTable('jobs')
      .set({ state: 'succeeded', percent: 100, current_database: null, num_results: numResults, finished_at: now, expires_at: expiresAt, filter_notes: notes.length > 0 ? JSON.stringify(notes) : null, owner: null, lease_until: null })
      .where('id', '=', id);
    if (owner !== undefined) update = update.where('owner', '=', owner);
    await update.execute();
  }

  async markFailed(id: string, reason: string, now: number, expiresAt: number, owner?: string): Promise<void> {
    let update = this.store.db
      .updateTable('jobs')
      .set({ state: 'failed', current_database: null, reason, finished_at: now, expires_at: expiresAt, owner: null, lease_until: null })
      .where('id', '=', id);
    if (owner !== undefined) update = update.where('owner', '=', owner);
    await update.execute();
  }

  /** Puts a job interrupted by a shutdown back in the queue; the attempt it used is kept. */
  async requeue(id: string, owner?: string): Promise<void> {
    let update = this.store.db.updateTable('jobs').set({ state: 'queued', percent: 0, current_database: null, owner: null, lease_until: null }).where('id', '=', id);
    if (owner !== undefined) update = update.where('owner', '=', owner);
    await update.execute();
  }

  /** Finished jobs whose retention has passed and which are not yet marked expired. */
  async due(now: number): Promise<string[]> {
    const rows = await this.store.db.selectFrom('jobs').select('id').where('state', 'in', ['succeeded', 'failed']).where('expires_at', '<=', now).execute();
    return rows.map((row) => row.id);
  }

  /** Marks jobs expired once their files are gone; they keep a row so their ids answer "expired", not "unknown". */
  async markExpired(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.store.db.updateTable('jobs').set({ state: 'expired' }).where('id', 'in', ids).execute();
  }
}
