import { randomUUID } from 'node:crypto';
import { RATE_LIMITS } from '@molsearch/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedJob } from '../../apps/server/src/search/job-row.fixture.ts';
import { JobRepository } from '../../apps/server/src/search/job.repository.ts';
import type { JobRow } from '../../apps/server/src/search/job.repository.ts';
import { openStore } from '../../apps/server/src/store/database.ts';
import { createScratchDatabase } from '../../apps/server/src/store/scratch-postgres.ts';
import { freshDataDir, removeTestCatalogues, startServerProcess } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';

const VISITORS_PER_ADDRESS = 2;
const SIGNED_VISITOR = /^molsearch_visitor=([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/;
const anonymous = RATE_LIMITS.anonymous;

interface Answer {
  status: number;
  retryAfter: string | null;
  /** The visitor cookie the server set, as `name=value`. */
  visitorCookie: string | undefined;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/** One call with exactly the cookie given (or none): a client that writes its own visitor cookie. */
async function call(url: string, path: string, params: Record<string, string>, cookie?: string): Promise<Answer> {
  const target = new URL(path, url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  const response = await fetch(target, { headers: cookie ? { cookie } : {} });
  const visitorCookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('molsearch_visitor='));
  return { status: response.status, retryAfter: response.headers.get('retry-after'), visitorCookie, body: (await response.json()) as Answer['body'] };
}

const search = { search_input: 'CCO', search_type: 'morgan', db_names: 'MOLPORT' };

/** A search waiting in the store for `principalId` from `address`; the running server never starts it. */
function waitingJob(principalId: string, address: string): JobRow {
  return queuedJob(randomUUID(), principalId, Date.now(), { client_address: address, search_input: 'CCO', db_names: JSON.stringify(['MOLPORT']) });
}

afterAll(() => removeTestCatalogues());

describe.each(['sqlite', 'postgres'] as const)('visitor limits on %s', (storeKind) => {
  let server: ServerProcess;
  let dataDir: string;
  let databaseUrl: string | undefined;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const data = await freshDataDir();
    cleanups.push(data.remove);
    dataDir = data.dir;
    if (storeKind === 'postgres') {
      const scratch = await createScratchDatabase();
      cleanups.push(scratch.drop);
      databaseUrl = scratch.url;
    }
    server = await startServerProcess(data.dir, { VISITORS_PER_ADDRESS: String(VISITORS_PER_ADDRESS), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  });

  afterAll(async () => {
    if (server) expect(await server.stop()).toBe(0);
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Adds waiting searches to the store, as if submitted earlier. */
  async function addWaiting(jobs: JobRow[]): Promise<void> {
    const store = await openStore({ dataDir, databaseUrl });
    try {
      for (const job of jobs) await new JobRepository(store).insert(job);
    } finally {
      await store.close();
    }
  }

  /** Ends searches added with addWaiting, so they no longer count. */
  async function finish(jobs: JobRow[]): Promise<void> {
    const store = await openStore({ dataDir, databaseUrl });
    try {
      for (const job of jobs) await new JobRepository(store).markFailed(job.id, 'test over', Date.now(), Date.now() + 60_000);
    } finally {
      await store.close();
    }
  }

  /** Waits for a submitted search to finish, so the waiting-search limits stay out of a rate test. */
  async function finished(submitted: Answer): Promise<void> {
    expect(submitted.status).toBe(200);
    for (;;) {
      const { body } = await call(server.url, '/api/job_status', { job_name: String(submitted.body.job_name) });
      if (body.status === 'SUCCESS' || body.status === 'FAILED') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** A visitor id the server issued: the cookie to send back and the id it stands for. */
  async function issuedVisitor(): Promise<{ cookie: string; id: string }> {
    const answer = await call(server.url, '/api/databases', {});
    const match = SIGNED_VISITOR.exec(answer.visitorCookie ?? '');
    expect(match).not.toBeNull();
    return { cookie: answer.visitorCookie!, id: match![1]! };
  }

  it('replaces a forged visitor cookie with a signed one, and keeps a signed one', async () => {
    const forged = await call(server.url, '/api/databases', {}, 'molsearch_visitor=attacker-chosen-0000000000000001');
    expect(forged.visitorCookie).toMatch(SIGNED_VISITOR);
    const kept = await call(server.url, '/api/databases', {}, forged.visitorCookie);
    expect(kept.visitorCookie).toBeUndefined();
  });

  it('refuses a fourth waiting search of one visitor, with Retry-After', async () => {
    const visitor = await issuedVisitor();
    // Waiting searches of this visitor made from another address, so only the visitor's own limit is reached.
    await addWaiting(Array.from({ length: anonymous.activeJobs }, () => waitingJob(`visitor:${visitor.id}`, '192.0.2.1')));
    const answer = await call(server.url, '/api/submit_molsearch', search, visitor.cookie);
    expect(answer.status).toBe(429);
    expect(answer.body.error!.code).toBe('TOO_MANY_QUEUED_JOBS');
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  });

  it('refuses a visitor whose address already has the ceiling of waiting searches, with Retry-After', async () => {
    const ceiling = anonymous.activeJobs * VISITORS_PER_ADDRESS;
    const others = Array.from({ length: ceiling }, () => waitingJob(`visitor:${randomUUID()}`, '127.0.0.1'));
    await addWaiting(others);
    try {
      const answer = await call(server.url, '/api/submit_molsearch', search, (await issuedVisitor()).cookie);
      expect(answer.status).toBe(429);
      expect(answer.body.error!.code).toBe('TOO_MANY_QUEUED_JOBS');
      expect(answer.body.error!.message).toMatch(new RegExp(`${ceiling} searches from your network address`));
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    } finally {
      await finish(others);
    }
  });

  it('counts searches against the address when the client rotates forged cookies', async () => {
    const statuses: number[] = [];
    let refused: Answer | undefined;
    for (let i = 0; i <= anonymous.submissionsPerMinute && !refused; i++) {
      const answer = await call(server.url, '/api/submit_molsearch', search, `molsearch_visitor=rotating-${String(i).padStart(16, '0')}`);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
      else await finished(answer);
    }
    expect(statuses).toEqual([...Array<number>(anonymous.submissionsPerMinute).fill(200), 429]);
    expect(refused!.body.error!.code).toBe('RATE_LIMITED');
    expect(Number(refused!.retryAfter)).toBeGreaterThan(0);
  });

  it('stops a client rotating issued visitor ids at the address ceiling', async () => {
    const ceiling = anonymous.submissionsPerMinute * VISITORS_PER_ADDRESS;
    // The address has used its own allowance above; fresh visitors each bring their own, up to the ceiling.
    const visitors = await Promise.all(Array.from({ length: VISITORS_PER_ADDRESS + 1 }, () => issuedVisitor()));
    let accepted = 0;
    let refused: Answer | undefined;
    for (const visitor of visitors) {
      for (let i = 0; i < anonymous.submissionsPerMinute && !refused; i++) {
        const answer = await call(server.url, '/api/submit_molsearch', search, visitor.cookie);
        if (answer.status === 429) refused = answer;
        else {
          accepted++;
          await finished(answer);
        }
      }
    }
    expect(refused?.status).toBe(429);
    expect(refused!.body.error!.message).toMatch(new RegExp(`from your network address: at most ${ceiling} per minute`));
    expect(Number(refused!.retryAfter)).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(ceiling);
  });
});
