import type { Logger } from '../http/logger.ts';
import type { JobClaimRepository } from './job-claim.repository.ts';
import type { JobRow } from './job.repository.ts';

export interface SharedJobQueueOptions {
  claims: JobClaimRepository;
  /** Searches this server runs at once. */
  concurrency: number;
  /** How long a claim holds without a heartbeat; heartbeats come three times per lease. */
  leaseMs: number;
  /** Runs a claimed job; `lost` aborts when the lease is lost (the job was taken over or ended elsewhere). */
  run: (job: JobRow, lost: AbortSignal) => Promise<void>;
  /** Runs of one job after which a lapsed lease fails it rather than running it again. */
  maxAttempts: number;
  /** A job given up on fails with this reason and is kept this long. */
  givenUp: { reason: string; retentionMs: number };
  logger: Logger;
  now: () => number;
}

/** A server that hears no notification still looks for work (and for lapsed leases) this often. */
const POLL_MS = 2000;

/**
 * The job queue of an API server sharing PostgreSQL with others: instead of an in-process queue, it claims
 * jobs from the store (JobClaimRepository) when it has a free slot, on a notification that a job was stored
 * and every POLL_MS, and renews the leases of the jobs it runs. A server that dies stops renewing, and the
 * first server to look after its leases lapse runs its jobs again.
 */
export class SharedJobQueue {
  /** Running jobs and what aborts them when their lease is lost. */
  private readonly running = new Map<string, AbortController>();
  private stopped = false;
  private started = false;
  private pumping: Promise<void> | undefined;
  private again = false;
  private poll: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  /** Listening failed and has not succeeded since. */
  private listenFailing = false;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(private readonly options: SharedJobQueueOptions) {}

  get active(): number {
    return this.running.size;
  }

  /** Starts listening, polling and renewing leases, and claims what waits. */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    const { logger } = this.options;
    await this.listen();
    this.poll = setInterval(() => this.pump(), POLL_MS);
    this.poll.unref();
    this.heartbeat = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.options.leaseMs / 3)));
    this.heartbeat.unref();
    logger.info('claiming jobs from the store', { owner: this.options.claims.owner, lease_ms: this.options.leaseMs });
    this.pump();
  }

  /** A job was stored: other servers hear of it, and this one claims work if it has a free slot. */
  push(_owner: string, _jobId: string): void {
    void this.announce();
    this.pump();
  }

  /** Tells the servers sharing the store that a job waits. */
  async announce(): Promise<void> {
    await this.options.claims.notify().catch((error: unknown) => this.options.logger.warn('job notification not sent', { error }));
  }

  /** Claims nothing more; running jobs finish or are aborted by the caller. */
  stop(): void {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.heartbeat) clearInterval(this.heartbeat);
    void this.unlisten?.().catch(() => undefined);
  }

  /**
   * Resolves when no job runs here. A claim still in flight when the server stopped is awaited first: it gives its
   * job back, and the store must stay open until it has (else the job waits out its lease, 30 s by default).
   */
  async idle(): Promise<void> {
    await this.pumping;
    if (this.running.size === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Listens for job notifications until stopped. While it cannot (the store refuses connections, or the
   * listening connection was lost), polling finds the jobs and listening is tried again every POLL_MS: the
   * first failure of an outage is logged, and so is listening again after it.
   */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const { claims, logger } = this.options;
    // A connection lost while it starts listening both fails the attempt and reports its error: one retry.
    let retried = false;
    const retry = (message: string, error: unknown): void => {
      if (retried || this.stopped) return;
      retried = true;
      this.unlisten = undefined;
      if (!this.listenFailing) logger.warn(message, { error });
      this.listenFailing = true;
      setTimeout(() => void this.listen(), POLL_MS).unref();
    };
    try {
      const unlisten = await claims.listen(
        () => this.pump(),
        (error) => retry('job notifications lost; polling and listening again', error),
      );
      if (this.stopped) await unlisten();
      if (this.stopped || retried) return;
      this.unlisten = unlisten;
      if (this.listenFailing) logger.info('listening for job notifications again');
      this.listenFailing = false;
    } catch (error) {
      retry('job notifications unavailable; polling and trying again', error);
    }
  }

  /** Claims jobs while there are free slots; calls during a claim make it look once more. */
  private pump(): void {
    if (!this.started || this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        while (!this.stopped && this.running.size < this.options.concurrency) {
          const claimed = await this.claimOne();
          if (!claimed) break;
        }
      } while (this.again && !this.stopped);
    })().finally(() => (this.pumping = undefined));
  }

  private async claimOne(): Promise<boolean> {
    const { claims, logger } = this.options;
    let claim;
    try {
      claim = await claims.claim(this.options.maxAttempts, this.options.givenUp, this.options.now());
    } catch (error) {
      logger.error('jobs could not be claimed', { error });
      return false;
    }
    for (const id of claim.givenUp) logger.warn('search given up: its servers stopped while running it', { job_id: id });
    const job = claim.job;
    if (!job) return false;
    if (this.stopped) {
      // Claimed as the server was stopping: given back at once rather than held until the lease lapses.
      await claims.release(job.id).catch((error: unknown) => logger.warn('claimed job not given back', { error, job_id: job.id }));
      await claims.notify().catch(() => undefined);
      return false;
    }
    const lost = new AbortController();
    this.running.set(job.id, lost);
    logger.info('job claimed', { job_id: job.id, attempt: job.attempts, owner: claims.owner });
    this.options
      .run(job, lost.signal)
      .catch((error: unknown) => logger.error('claimed job failed', { error, job_id: job.id }))
      .finally(() => {
        this.running.delete(job.id);
        if (this.running.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        this.pump();
      });
    return true;
  }

  private async renew(): Promise<void> {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    try {
      const held = new Set(await this.options.claims.renew(ids));
      for (const id of ids) {
        const controller = this.running.get(id);
        if (controller && !held.has(id)) {
          this.options.logger.warn('lease lost: another server runs this search now', { job_id: id });
          controller.abort();
        }
      }
    } catch (error) {
      // The store is unreachable: the search goes on; if the lease lapses meanwhile, the next renewal says so.
      this.options.logger.warn('leases not renewed', { error });
    }
  }
}
