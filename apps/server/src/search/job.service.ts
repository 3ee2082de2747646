import { randomUUID } from 'node:crypto';
import { RATE_LIMITS, activeFilterCount, engineFilters } from '@molsearch/api';
import type { JobStatusAnswer, SubmitBatchQuery, SubmitSearchQuery } from '@molsearch/api';
import { loadRDKit, validateSmiles } from '@molsearch/chem';
import type { SearchMethod, SearchProgress, SearchQuality, SearchResult } from '@molsearch/engine';
import { AppError, invalidParameters } from '../http/app-error.ts';
import { failureReason, isCatalogueDamage } from './engine-failure.ts';
import { filterNotes, storedFilters, submittedFilters } from './job-filters.ts';
import { isPartial, partialNotes } from './partial-results.ts';
import { FairQueue } from './fair-queue.ts';
import type { JobClaimRepository } from './job-claim.repository.ts';
import { SharedJobQueue } from './shared-job-queue.ts';
import type { HitListRepository } from './hit-list.repository.ts';
import type { HitScoreService } from './hit-score.service.ts';
import { QUEUED_JOB_STATE } from './job.repository.ts';
import type { JobRepository, JobRow } from './job.repository.ts';
import type { Logger } from '../http/logger.ts';
import { addressCeiling } from '../http/rate-limit.middleware.ts';
import type { Principal } from '../http/principal.ts';
import { ownsJob } from '../http/principal.ts';
import type { SearchEngine } from './search-engine.ts';

/** The catalogues a submission may name; the catalogue service answers it. */
export interface DatabaseDirectory {
  /** The ids in `ids` that name no searchable catalogue. */
  unknown(ids: string[]): Promise<string[]>;
  /** Records that a search found the files of catalogue `id` damaged, with the reason users read. */
  markUnavailable(id: string, reason: string): Promise<void>;
}

export interface JobServiceOptions {
  jobs: JobRepository;
  hits: HitListRepository;
  /** Where a search that returns its hits' three scores (consensus) stores them, so they are not computed again. */
  scores?: Pick<HitScoreService, 'seed'>;
  databases: DatabaseDirectory;
  engine: SearchEngine;
  /** Searches run at once. */
  concurrency: number;
  /** Hits kept per database and search. */
  hitsPerDatabase: number;
  /** How long a finished search is kept. */
  retentionMs: number;
  /** How many visitors' allowance of waiting searches one client address gets in all. */
  visitorsPerAddress: number;
  logger: Logger;
  now: () => number;
  /**
   * API servers sharing PostgreSQL: jobs are claimed from the store with a lease of `leaseMs`, so any server
   * runs them and a dead server's jobs are taken over. Without it, this process's FairQueue runs them.
   */
  shared?: { claims: JobClaimRepository; leaseMs: number };
}

/** The options of a search as its job row stores them. */
type SearchSettings = Pick<JobRow, 'search_type' | 'search_quality' | 'db_names' | 'compute_properties' | 'filters'>;

/** A job found running at start-up was interrupted by a crash; it is re-run once, then failed. */
const MAX_ATTEMPTS = 2;
const GIVEN_UP = 'The server stopped while this search was running, more than once; it was not retried. Please submit it again.';
/** A waiting search usually finishes within this; a refused caller is told to try again after it. */
const QUEUED_JOBS_RETRY_SECONDS = 10;
/** Progress is written at most this often per job; pollers see it within a second. */
const PROGRESS_WRITE_MS = 250;

/**
 * Search jobs: submission checks, the fair queue, running searches through the engine, storing
 * their hits and answering status. State lives in the store and hit files, so a restart resumes.
 */
export class JobService {
  private readonly queue: FairQueue<string> | SharedJobQueue;
  private readonly running = new Map<string, AbortController>();
  private stopping = false;
  private readonly jobs: JobRepository;
  private readonly hits: HitListRepository;
  private readonly databases: DatabaseDirectory;
  private readonly engine: SearchEngine;
  private readonly logger: Logger;
  private readonly now: () => number;

  constructor(private readonly options: JobServiceOptions) {
    this.jobs = options.jobs;
    this.hits = options.hits;
    this.databases = options.databases;
    this.engine = options.engine;
    this.logger = options.logger;
    this.now = options.now;
    this.queue = options.shared
      ? new SharedJobQueue({
          claims: options.shared.claims,
          leaseMs: options.shared.leaseMs,
          concurrency: options.concurrency,
          run: (job, lost) => this.run(job, { lost, owner: options.shared!.claims.owner }),
          maxAttempts: MAX_ATTEMPTS,
          givenUp: { reason: GIVEN_UP, retentionMs: options.retentionMs },
          logger: options.logger,
          now: options.now,
        })
      : new FairQueue({ concurrency: options.concurrency, work: (id) => this.execute(id), logger: options.logger });
  }

  /**
   * Resumes the queue from the store: waiting jobs keep their order, interrupted ones run again (once).
   * Servers sharing the store start claiming instead: a running job is another server's until its lease lapses.
   */
  async resume(): Promise<{ queued: number; rerun: number; failed: number }> {
    const counts = { queued: 0, rerun: 0, failed: 0 };
    if (this.queue instanceof SharedJobQueue) {
      counts.queued = (await this.jobs.countByState()).queued;
      await this.queue.start();
      return counts;
    }
    for (const job of await this.jobs.listByState(['running', 'queued'])) {
      if (job.state === 'running') {
        if (job.attempts >= MAX_ATTEMPTS) {
          await this.fail(job.id, GIVEN_UP);
          counts.failed++;
          continue;
        }
        await this.jobs.requeue(job.id);
        counts.rerun++;
      } else counts.queued++;
      this.queue.push(job.principal_id, job.id);
    }
    return counts;
  }

  async submit(principal: Principal, query: SubmitSearchQuery): Promise<string> {
    if (this.stopping) throw new AppError('UNAVAILABLE');
    await loadRDKit();
    const smiles = validateSmiles(query.search_input);
    if (!smiles.ok) throw invalidParameters([{ field: 'search_input', message: smiles.message }]);
    const settings = await this.checkedSettings(query);
    await this.checkActiveJobs(principal);
    const job = this.newJob(principal, smiles.smiles, settings);
    await this.jobs.insert(job);
    this.queue.push(principal.id, job.id);
    return job.id;
  }

  /**
   * The jobs of a batch, one per query (SMILES already validated), checked like a single search's options
   * but not yet stored: `enqueue` stores and queues them. A caller has one batch waiting or running at a time.
   */
  async prepareBatch(principal: Principal, query: SubmitBatchQuery, batchId: string, queries: readonly { smiles: string; id: string }[]): Promise<JobRow[]> {
    if (this.stopping) throw new AppError('UNAVAILABLE');
    await loadRDKit();
    const settings = await this.checkedSettings(query);
    if ((await this.jobs.countActiveBatchQueries(principal.id)) > 0) {
      throw new AppError('TOO_MANY_QUEUED_JOBS', { message: 'Your previous batch is still running. Please wait for it to finish.', retryAfterSeconds: QUEUED_JOBS_RETRY_SECONDS });
    }
    return queries.map((entry, index) => ({ ...this.newJob(principal, entry.smiles, settings), batch_id: batchId, batch_index: index, query_id: entry.id }));
  }

  /** Stores a batch's jobs (all or none) and queues them; the fair queue interleaves them with other callers' searches. */
  async enqueue(jobs: JobRow[]): Promise<void> {
    await this.jobs.insertMany(jobs);
    for (const job of jobs) this.queue.push(job.principal_id, job.id);
  }

  async batchJobs(batchId: string): Promise<JobRow[]> {
    return this.jobs.listBatch(batchId);
  }

  /** A search's options as stored: known databases, checked filters. */
  private async checkedSettings(query: SubmitBatchQuery): Promise<SearchSettings> {
    const filters = submittedFilters(query);
    const databases = [...new Set(query.db_names)];
    const unknown = await this.databases.unknown(databases);
    if (unknown.length > 0) throw invalidParameters(unknown.map((id) => ({ field: 'db_names', message: `Unknown database: ${id}` })));
    return {
      search_type: query.search_type,
      search_quality: query.search_quality,
      db_names: JSON.stringify(databases),
      compute_properties: query.compute_properties ? 1 : 0,
      filters: activeFilterCount(filters) > 0 ? JSON.stringify(filters) : null,
    };
  }

  private newJob(principal: Principal, smiles: string, settings: SearchSettings): JobRow {
    return {
      id: randomUUID(),
      principal_id: principal.id,
      principal_tier: principal.tier,
      client_address: principal.address ?? null,
      search_input: smiles,
      ...settings,
      ...QUEUED_JOB_STATE,
      created_at: this.now(),
    };
  }

  /** Refuses a submission while the caller (or, without an account, its address) has too many searches waiting. */
  private async checkActiveJobs(principal: Principal): Promise<void> {
    const limit = RATE_LIMITS[principal.tier].activeJobs;
    if ((await this.jobs.countActive(principal.id)) >= limit) {
      throw new AppError('TOO_MANY_QUEUED_JOBS', {
        message: `You already have ${limit} searches waiting or running. Please wait for one to finish.`,
        retryAfterSeconds: QUEUED_JOBS_RETRY_SECONDS,
      });
    }
    const ceiling = addressCeiling(principal, limit, this.options.visitorsPerAddress);
    if (ceiling !== undefined && (await this.jobs.countActiveAnonymousAt(principal.address!)) >= ceiling) {
      throw new AppError('TOO_MANY_QUEUED_JOBS', {
        message: `${ceiling} searches from your network address are already waiting or running. Please wait for one to finish, or sign in.`,
        retryAfterSeconds: QUEUED_JOBS_RETRY_SECONDS,
      });
    }
  }

  /**
   * The job or the error its id deserves: unknown (404) and expired (410) read differently. With a
   * viewer, a job that belongs to another account reads as unknown.
   */
  async find(id: string, viewer?: Principal): Promise<JobRow> {
    const found = await this.jobs.find(id);
    const job = found && viewer && !ownsJob(found.principal_id, viewer) ? undefined : found;
    if (!job) throw new AppError('JOB_NOT_FOUND', { message: `Search job not found: ${id}. Please check the job name.` });
    // Past its retention a job reads as expired even before the sweep has removed its files and marked it.
    if (job.state === 'expired' || (job.expires_at !== null && job.expires_at <= this.now())) throw new AppError('JOB_EXPIRED');
    return job;
  }

  /** A job whose hits can be read. */
  async findFinished(id: string, viewer?: Principal): Promise<JobRow> {
    const job = await this.find(id, viewer);
    if (job.state === 'failed') throw new AppError('JOB_FAILED', { message: `Search job failed: ${job.reason ?? 'no reason recorded'}` });
    if (job.state !== 'succeeded') throw new AppError('JOB_NOT_FINISHED');
    return job;
  }

  async status(id: string, viewer?: Principal): Promise<JobStatusAnswer> {
    const job = await this.find(id, viewer);
    return describeStatus(job);
  }

  async counts(): Promise<{ queued: number; running: number }> {
    const counts = await this.jobs.countByState();
    return { queued: counts.queued, running: counts.running };
  }

  /** Stops taking work; running searches are cancelled and put back in the queue for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.queue.stop();
    for (const controller of this.running.values()) controller.abort();
    await this.queue.idle();
  }

  /** Runs a job of this process's queue. */
  private async execute(id: string): Promise<void> {
    const job = await this.jobs.find(id);
    if (!job || job.state !== 'queued') return;
    await this.jobs.markRunning(id, this.now());
    await this.run(job);
  }

  /**
   * Runs a job marked running. `claim`: the job was claimed from the store by `owner`, and `lost` aborts
   * when its lease is lost, when the job is then left to the server that took it over.
   */
  private async run(job: JobRow, claim?: { lost: AbortSignal; owner: string }): Promise<void> {
    const id = job.id;
    const owner = claim?.owner;
    const startedAt = this.now();
    const controller = new AbortController();
    claim?.lost.addEventListener('abort', () => controller.abort(), { once: true });
    this.running.set(id, controller);
    const log = this.logger.child({ job_id: id });
    const databases = jobDatabases(job);
    const filters = storedFilters(job.filters);
    log.info('search started', { method: job.search_type, quality: job.search_quality, databases, filters });
    const progress = progressWriter((percent, database) => this.jobs.updateProgress(id, percent, database), this.now, log);
    try {
      const { result, skipped } = await this.searchHealthy(databases, (searched) =>
        this.engine.search(
          {
            smiles: job.search_input,
            method: job.search_type as SearchMethod,
            quality: job.search_quality as SearchQuality,
            databases: searched,
            limit: this.options.hitsPerDatabase,
            ...engineFilters(filters),
          },
          { onProgress: progress.report, signal: controller.signal },
        ),
        log,
      );
      let total = 0;
      // A database left out has an empty list, so pages and downloads of the job read as for one without hits.
      for (const database of databases.filter((name) => !result.databases.some((hits) => hits.database === name))) {
        await this.hits.write(id, { database, rows: new Uint32Array(0), similarities: new Float32Array(0) });
      }
      for (const hits of result.databases) {
        await this.hits.write(id, { database: hits.database, rows: hits.rows, similarities: hits.similarities, histogram: hits.histogram });
        if (hits.components) {
          await this.options.scores?.seed(id, hits.database, hits.rows, hits.components).catch((error: unknown) => log.warn('hit scores not stored', { error }));
        }
        total += hits.rows.length;
      }
      await progress.flush();
      const now = this.now();
      const notes = [...skipped, ...partialNotes(result.databases), ...filterNotes(filters, result.databases, this.options.hitsPerDatabase)];
      await this.jobs.markSucceeded(id, total, now, now + this.options.retentionMs, notes, owner);
      log.info('search finished', { hits: total, ms: now - startedAt });
    } catch (error) {
      await progress.flush();
      if (controller.signal.aborted && this.stopping) {
        await this.jobs.requeue(id, owner);
        // Servers sharing the store hear of it and one of them runs it now.
        if (this.queue instanceof SharedJobQueue) await this.queue.announce();
        log.info(owner ? 'search interrupted by shutdown; another server runs it' : 'search interrupted by shutdown; it will run again at the next start');
        return;
      }
      if (claim?.lost.aborted) {
        log.warn('search left to the server that took it over');
        return;
      }
      const reason = failureReason(error, databases);
      log.error('search failed', { error, reason });
      const damaged = damagedDatabase(error, databases);
      if (damaged) await this.databases.markUnavailable(damaged, failureReason(error, [damaged]));
      await this.fail(id, reason, owner);
    } finally {
      this.running.delete(id);
    }
  }

  /**
   * `run` over `databases`; when it fails on one database's damaged or outdated files and others remain, that
   * one is marked unavailable and left out, and the rest are searched again, so its hits are missing but the
   * others' are not. `skipped` says which were left out and why, for the job's notes.
   */
  private async searchHealthy(databases: readonly string[], run: (databases: string[]) => Promise<SearchResult>, log: Logger): Promise<{ result: SearchResult; skipped: string[] }> {
    const searched = [...databases];
    const skipped: string[] = [];
    for (;;) {
      try {
        return { result: await run(searched), skipped };
      } catch (error) {
        const damaged = damagedDatabase(error, searched);
        if (!damaged || searched.length === 1) throw error;
        const reason = failureReason(error, [damaged]);
        log.error('database left out of the search', { error, database: damaged, reason });
        await this.databases.markUnavailable(damaged, reason);
        skipped.push(`Not searched: ${reason}`);
        searched.splice(searched.indexOf(damaged), 1);
      }
    }
  }

  private async fail(id: string, reason: string, owner?: string): Promise<void> {
    const now = this.now();
    await this.jobs.markFailed(id, reason, now, now + this.options.retentionMs, owner);
  }
}

/** The database of `databases` whose files `error` found damaged or outdated: the longest id its message names. */
function damagedDatabase(error: unknown, databases: readonly string[]): string | undefined {
  if (!isCatalogueDamage(error)) return undefined;
  return databases.filter((id) => error.message.includes(id)).sort((a, b) => b.length - a.length)[0];
}

export function jobDatabases(job: JobRow): string[] {
  return JSON.parse(job.db_names) as string[];
}

export function describeStatus(job: JobRow): JobStatusAnswer {
  const notes = job.filter_notes ? (JSON.parse(job.filter_notes) as string[]) : [];
  const base = {
    job_name: job.id,
    percent: job.percent,
    database: null,
    reason: null,
    num_results: job.num_results,
    filters: storedFilters(job.filters),
    notes,
    partial: isPartial(notes),
  };
  switch (job.state) {
    case 'queued':
      return { ...base, status: 'QUEUED', percent: 0 };
    case 'running': {
      const database = job.current_database ?? jobDatabases(job)[0] ?? '';
      return { ...base, status: `EXECUTING: Searching in ${database} (${Math.round(job.percent)}%)`, database };
    }
    case 'succeeded':
      return { ...base, status: 'SUCCESS', percent: 100 };
    case 'failed':
    case 'expired':
      return { ...base, status: 'FAILED', reason: job.reason };
  }
}

/** Coalesces engine progress into store writes: at most one every PROGRESS_WRITE_MS, in order. */
function progressWriter(write: (percent: number, database: string) => Promise<void>, now: () => number, log: Logger) {
  let chain = Promise.resolve();
  let lastAt = 0;
  let last: { percent: number; database: string } | undefined;
  return {
    report: (progress: SearchProgress): void => {
      const percent = Math.max(0, Math.min(99, Math.floor(progress.percent)));
      if (last && last.percent === percent && last.database === progress.database) return;
      const at = now();
      if (last && last.database === progress.database && at - lastAt < PROGRESS_WRITE_MS) return;
      last = { percent, database: progress.database };
      lastAt = at;
      chain = chain.then(() => write(percent, progress.database)).catch((error: unknown) => log.warn('progress not saved', { error }));
    },
    flush: (): Promise<void> => chain,
  };
}
