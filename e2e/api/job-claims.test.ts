import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedJob as job } from '../../apps/server/src/search/job-row.fixture.ts';
import { JobClaimRepository } from '../../apps/server/src/search/job-claim.repository.ts';
import { JobRepository } from '../../apps/server/src/search/job.repository.ts';
import { SharedJobQueue } from '../../apps/server/src/search/shared-job-queue.ts';
import { createLogger } from '../../apps/server/src/http/logger.ts';
import type { Store } from '../../apps/server/src/store/database.ts';
import { openScratchStore } from '../../apps/server/src/store/scratch-store.ts';

// Claims of jobs by API servers sharing one PostgreSQL database: each JobClaimRepository below is one server.

const GIVEN_UP = { reason: 'given up', retentionMs: 1000 };

let store: Store;
let close: () => Promise<void>;
let jobs: JobRepository;

beforeAll(async () => {
  ({ store, close } = await openScratchStore('postgres', 'molsearch-claims-'));
  jobs = new JobRepository(store);
});

afterAll(async () => {
  await close?.();
});

/** Empties the jobs table between cases, so each starts from its own queue. */
async function reset(): Promise<void> {
  await store.db.deleteFrom('jobs').execute();
}

/** Claims until one comes back; a lease lapses on the database's clock, which the test cannot move. */
async function claimWhenFree(claims: JobClaimRepository, maxAttempts = 2): Promise<Awaited<ReturnType<JobClaimRepository['claim']>>> {
  for (;;) {
    const claim = await claims.claim(maxAttempts, GIVEN_UP, Date.now());
    if (claim.job || claim.givenUp.length > 0) return claim;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('jobs claimed from PostgreSQL', () => {
  it('gives every queued job to exactly one of the servers claiming at once', async () => {
    const servers = ['a', 'b', 'c'].map((owner) => new JobClaimRepository(store, { owner, leaseMs: 60_000 }));
    // Several rounds: a claim that raced another server's would show up as a job claimed twice.
    for (let round = 0; round < 5; round++) {
      await reset();
      for (let i = 0; i < 12; i++) await jobs.insert(job(`job-${String(i).padStart(2, '0')}`, `visitor:${i % 4}`, 1000 + i));
      const claims = await Promise.all(Array.from({ length: 15 }, (_, i) => servers[i % 3]!.claim(2, GIVEN_UP, Date.now())));
      const claimed = claims.flatMap((claim) => (claim.job ? [claim.job.id] : []));
      expect(claimed).toHaveLength(12);
      expect(new Set(claimed).size).toBe(12);
      const rows = await jobs.listByState(['running']);
      expect(rows).toHaveLength(12);
      expect(rows.every((row) => row.attempts === 1 && ['a', 'b', 'c'].includes(row.owner!))).toBe(true);
    }
  });

  it('takes turns between callers: fewest running first, then the one served least recently', async () => {
    await reset();
    // One caller queues three searches before another queues one.
    for (let i = 0; i < 3; i++) await jobs.insert(job(`busy-${i}`, 'visitor:busy', 1000 + i));
    await jobs.insert(job('quiet-0', 'visitor:quiet', 2000));
    const server = new JobClaimRepository(store, { owner: 'a', leaseMs: 60_000 });
    const first = (await server.claim(2, GIVEN_UP, 10)).job!;
    expect(first.id).toBe('busy-0');
    // busy has one running, quiet none: quiet's job is next although it is younger.
    expect((await server.claim(2, GIVEN_UP, 11)).job!.id).toBe('quiet-0');
    await jobs.markSucceeded('busy-0', 0, 12, 99, [], 'a');
    await jobs.markSucceeded('quiet-0', 0, 13, 99, [], 'a');
    await jobs.insert(job('quiet-1', 'visitor:quiet', 3000));
    // Neither runs anything now; busy was served before quiet, so busy goes next, as a round robin would.
    expect((await server.claim(2, GIVEN_UP, 14)).job!.id).toBe('busy-1');
    expect((await server.claim(2, GIVEN_UP, 15)).job!.id).toBe('quiet-1');
    expect((await server.claim(2, GIVEN_UP, 16)).job!.id).toBe('busy-2');
    expect((await server.claim(2, GIVEN_UP, 17)).job).toBeUndefined();
  });

  it('lets another server take over a job whose lease lapsed, and the first server learns it lost it', async () => {
    await reset();
    await jobs.insert(job('long', 'visitor:x', 1000));
    const dying = new JobClaimRepository(store, { owner: 'dying', leaseMs: 400 });
    const other = new JobClaimRepository(store, { owner: 'other', leaseMs: 60_000 });
    expect((await dying.claim(2, GIVEN_UP, 1)).job!.id).toBe('long');
    expect(await dying.renew(['long'])).toEqual(['long']);
    // Renewing keeps the lease; once the renewals stop, it lapses and the other server claims the job.
    const taken = await claimWhenFree(other);
    expect(taken.job!.id).toBe('long');
    expect(taken.job!.owner).toBe('other');
    expect(taken.job!.attempts).toBe(2);
    expect(await dying.renew(['long'])).toEqual([]);
    // The server that lost the job cannot finish it over the new owner's run.
    await jobs.markSucceeded('long', 5, 2, 99, [], 'dying');
    expect((await jobs.find('long'))!.state).toBe('running');
    await jobs.markSucceeded('long', 5, 3, 99, [], 'other');
    expect((await jobs.find('long'))).toMatchObject({ state: 'succeeded', num_results: 5, owner: null, lease_until: null });
  });

  it('fails a job whose lease lapsed on its last attempt instead of running it again', async () => {
    await reset();
    await jobs.insert(job('twice', 'visitor:x', 1000, { state: 'running', attempts: 2, owner: 'gone', lease_until: 0 }));
    await jobs.insert(job('next', 'visitor:y', 2000));
    const server = new JobClaimRepository(store, { owner: 'a', leaseMs: 60_000 });
    const claim = await server.claim(2, GIVEN_UP, 500);
    expect(claim.givenUp).toEqual(['twice']);
    expect(claim.job!.id).toBe('next');
    expect(await jobs.find('twice')).toMatchObject({ state: 'failed', reason: 'given up', expires_at: 1500, owner: null });
  });

  it('takes a running job of a store written before leases over at once', async () => {
    await reset();
    await jobs.insert(job('old-running', 'visitor:x', 1000, { state: 'running', attempts: 1 }));
    const claim = await new JobClaimRepository(store, { owner: 'a', leaseMs: 60_000 }).claim(2, GIVEN_UP, 1);
    expect(claim.job).toMatchObject({ id: 'old-running', attempts: 2, owner: 'a' });
  });

  it('gives a job back to the queue for another server when its server stops', async () => {
    await reset();
    await jobs.insert(job('handed', 'visitor:x', 1000));
    const stopping = new JobClaimRepository(store, { owner: 'stopping', leaseMs: 60_000 });
    const other = new JobClaimRepository(store, { owner: 'other', leaseMs: 60_000 });
    await stopping.claim(2, GIVEN_UP, 1);
    expect((await other.claim(2, GIVEN_UP, 2)).job).toBeUndefined();
    await stopping.release('handed');
    expect((await other.claim(2, GIVEN_UP, 3)).job).toMatchObject({ id: 'handed', attempts: 2, owner: 'other' });
  });

  it('gives back a job it was claiming when its server stopped before saying it is idle', async () => {
    await reset();
    await jobs.insert(job('caught', 'visitor:x', 1000));
    // The claim is held until the server has begun to stop, as when a stop lands during a claim's transaction.
    let stopped!: () => void;
    const stopping = new Promise<void>((resolve) => (stopped = resolve));
    const claims = new (class extends JobClaimRepository {
      override async claim(...args: Parameters<JobClaimRepository['claim']>) {
        await stopping;
        return super.claim(...args);
      }
    })(store, { owner: 'stopping', leaseMs: 60_000 });
    const ran: string[] = [];
    const queue = new SharedJobQueue({
      claims,
      concurrency: 1,
      leaseMs: 60_000,
      run: async (row) => void ran.push(row.id),
      maxAttempts: 2,
      givenUp: GIVEN_UP,
      logger: createLogger('silent'),
      now: Date.now,
    });
    await queue.start();
    queue.stop();
    stopped();
    await queue.idle();
    // The server may close its store now: the job waits in the queue for another server, not for a lease to lapse.
    expect(ran).toEqual([]);
    expect(await jobs.find('caught')).toMatchObject({ state: 'queued', owner: null, lease_until: null, attempts: 1 });
  });

  it('tells listening servers when a job is stored', async () => {
    const listener = new JobClaimRepository(store, { owner: 'listener', leaseMs: 60_000 });
    const heard = new Promise<void>((resolve, reject) => {
      void listener.listen(resolve, reject).then((stop) => {
        void heard.then(stop);
        void new JobClaimRepository(store, { owner: 'sender', leaseMs: 60_000 }).notify();
      });
    });
    await heard;
  });
});
