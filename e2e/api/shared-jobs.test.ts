import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../apps/server/src/store/scratch-postgres.ts';
import { removeTestCatalogues, sharedCataloguesDataDir, startServerProcess } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';

// Two API servers on one PostgreSQL database and one copy of the catalogues, as behind a load balancer
// without sticky sessions: whichever server a call reaches answers it, and a server killed while it runs a
// search leaves it to the other. No search nodes: each server searches the catalogues itself.

const SECRET = 'a-test-secret-shared-by-both-api-servers-0123456789';
/** Short, so a dead server's search is taken over soon; still several heartbeats long. */
const LEASE_SECONDS = 10;
/** A long, flexible query: a very_accurate shape search builds many conformers for it, so it runs for seconds. */
const SLOW_QUERY = 'CCCCCCCCCCCCCCCCOCC(COP(=O)([O-])OCC[N+](C)(C)C)OC(=O)CCCCCCCC=CCCCCCCCC';

let database: { url: string; drop: () => Promise<void> };
let store: pg.Client;
const servers: (ServerProcess | undefined)[] = [];
const ENV = (url: string): Record<string, string> => ({ DATABASE_URL: url, BETTER_AUTH_SECRET: SECRET, RATE_LIMITING: 'off', JOB_LEASE_SECONDS: String(LEASE_SECONDS) });
const dataDirs: { dir: string; remove: () => Promise<void> }[] = [];

beforeAll(async () => {
  database = await createScratchDatabase();
  for (let i = 0; i < 2; i++) {
    const data = await sharedCataloguesDataDir();
    dataDirs.push(data);
    servers.push(await startServerProcess(data.dir, ENV(database.url)));
  }
  store = new pg.Client({ connectionString: database.url });
  await store.connect();
}, 300_000);

afterAll(async () => {
  await store?.end();
  for (const server of servers) await server?.stop();
  for (const data of dataDirs) await data.remove();
  await database?.drop();
  await removeTestCatalogues();
});

type Params = Record<string, string | number | boolean | string[]>;

/** One caller (one visitor cookie) whose calls a load balancer may send to either server. */
class Caller {
  private cookie: string | undefined;

  async call(server: ServerProcess, method: 'GET' | 'POST', path: string, params: Params = {}, body?: unknown): Promise<{ status: number; data: unknown }> {
    const url = new URL(path, server.url);
    for (const [key, value] of Object.entries(params)) for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
    const response = await fetch(url, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, data: type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer()) };
  }

  async json<T = Record<string, unknown>>(server: ServerProcess, path: string, params: Params = {}): Promise<T> {
    const answer = await this.call(server, 'GET', path, params);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.data)}`);
    return answer.data as T;
  }

  async submit(server: ServerProcess, params: Params): Promise<string> {
    return (await this.json<{ job_name: string }>(server, '/api/submit_molsearch', params)).job_name;
  }

  /** Polls job_status on `server` until the job ends; answers its last status. */
  async waitForJob(server: ServerProcess, job: string): Promise<{ status: string; reason: string | null }> {
    for (;;) {
      const status = await this.json<{ status: string; reason: string | null }>(server, '/api/job_status', { job_name: job });
      if (status.status === 'SUCCESS' || status.status === 'FAILED') return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Waits on `server` until the job's file of `format` (all hits) is ready, and fetches it. */
  async readyFile(server: ServerProcess, job: string, format: string): Promise<Buffer> {
    for (;;) {
      const link = await this.json<{ status: string; download_link: string | null }>(server, '/api/get_download_link', { job_name: job, file_format: format, download_suff: 'all' });
      expect(link.status).not.toBe('FAILED');
      if (link.status === 'READY') {
        const file = await this.call(server, 'GET', link.download_link!);
        expect(file.status).toBe(200);
        return file.data as Buffer;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Prepares a download on `preparer`, waits for its link and fetches the file, both on `reader`. */
  async download(preparer: ServerProcess, reader: ServerProcess, params: Params): Promise<Buffer> {
    const prepared = await this.call(preparer, 'POST', '/api/prepare_download', params);
    expect(prepared.status).toBe(200);
    return this.readyFile(reader, String(params.job_name), String(params.file_format));
  }
}

/** A finished 3D search of paracetamol in MOLPORT on the first server, and its hits' ids. */
async function finishedSearch(caller: Caller, method: string): Promise<{ job: string; hits: string[] }> {
  const job = await caller.submit(servers[0]!, { search_input: 'CC(=O)Nc1ccc(O)cc1', search_type: method, db_names: 'MOLPORT' });
  expect((await caller.waitForJob(servers[0]!, job)).status).toBe('SUCCESS');
  return { job, hits: (await caller.json<{ id: string[] }>(servers[0]!, '/api/get_molsearch_page', { job_name: job, page_size: 100 })).id };
}

/** SD records in a 3D download: the query first, then one posed record per hit. */
function sdfRecords(file: Buffer): number {
  return file.toString('utf8').split('$$$$').length - 1;
}

/** The server whose process wrote `owner` (host:pid:...). */
function serverOf(owner: string | null): number {
  return servers.findIndex((server) => server && owner?.split(':')[1] === String(server.process.pid));
}

/** Starts again, on its data directory, a server a test killed or stopped. */
async function restartGone(): Promise<void> {
  const gone = servers.findIndex((server) => !server);
  if (gone < 0) return;
  servers[gone] = await startServerProcess(dataDirs[gone]!.dir, ENV(database.url));
  // Its first submission loads the chemistry toolkit: done here, so the tests' submissions take milliseconds.
  const warmUp = new Caller();
  expect((await warmUp.waitForJob(servers[gone]!, await warmUp.submit(servers[gone]!, { search_input: 'CCO', search_type: 'morgan', db_names: 'MOLPORT' }))).status).toBe('SUCCESS');
}

async function jobRow(id: string): Promise<{ state: string; owner: string | null; attempts: number } | undefined> {
  const { rows } = await store.query<{ state: string; owner: string | null; attempts: number }>('select state, owner, attempts from jobs where id = $1', [id]);
  return rows[0];
}

describe('two API servers sharing one PostgreSQL database', () => {
  it('answer status, pages, thresholds, histograms, hit detail and downloads of a search submitted to either', { timeout: 180_000 }, async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const caller = new Caller();
    const job = await caller.submit(a, { search_input: 'CC(=O)Nc1ccc(O)cc1', search_type: 'morgan', db_names: ['ENAMINE-REAL', 'MOLPORT'] });
    expect((await caller.waitForJob(b, job)).status).toBe('SUCCESS');

    const page = { job_name: job, page_size: 25 };
    const pageA = await caller.json<{ id: string[]; database: string[] }>(a, '/api/get_molsearch_page', page);
    expect(pageA.id.length).toBe(25);
    expect(await caller.json(b, '/api/get_molsearch_page', page)).toEqual(pageA);
    const above = { job_name: job, page_size: 100, sim_th: 0.2, db_name: 'MOLPORT' };
    expect(await caller.json(b, '/api/get_molsearch_page', above)).toEqual(await caller.json(a, '/api/get_molsearch_page', above));
    expect(await caller.json(b, '/api/get_sim_histograms', { job_name: job, n_bins: 10 })).toEqual(await caller.json(a, '/api/get_sim_histograms', { job_name: job, n_bins: 10 }));
    const hit = { job_name: job, db_name: pageA.database[0]!, id: pageA.id[0]! };
    expect(await caller.json(a, '/api/get_hit', hit)).toEqual(await caller.json(b, '/api/get_hit', hit));

    // Prepared on one server, its link and file read on the other, and the other way round.
    const csv = await caller.download(a, b, { job_name: job, file_format: 'csv' });
    const ids = csv.toString('utf8').trimEnd().split('\n').slice(1).map((line) => line.split(',')[1]);
    expect(ids.slice(0, 25)).toEqual(pageA.id);
    const xlsx = await caller.download(b, a, { job_name: job, file_format: 'xlsx' });
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');

    // Nothing of the job is on either server's disk: its hit lists, scores and files are in the store.
    for (const data of dataDirs) expect(existsSync(join(data.dir, 'jobs', job, 'hits'))).toBe(false);
    const { rows } = await store.query<{ name: string }>('select distinct name from job_files where job_id = $1 order by name', [job]);
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['hits/ENAMINE-REAL.hits', 'hits/MOLPORT.hits']));
    expect(rows.filter((row) => row.name.startsWith('downloads/')).length).toBe(2);
  });

  it('finishes, on the other server, with the same hits, a search whose server is killed with -9', { timeout: 300_000 }, async () => {
    const caller = new Caller();
    const search = { search_input: SLOW_QUERY, search_type: 'espsim_shape', search_quality: 'very_accurate', db_names: 'MOLPORT' };
    const reference = await caller.submit(servers[0]!, search);
    expect((await caller.waitForJob(servers[1]!, reference)).status).toBe('SUCCESS');
    const expected = await caller.json(servers[1]!, '/api/get_molsearch_page', { job_name: reference, page_size: 100 });

    const job = await caller.submit(servers[0]!, search);
    // The server that claimed it, found by the owner it wrote (host:pid:...), is killed mid-search.
    let row = await jobRow(job);
    while (row?.state !== 'running') {
      expect(row?.state).toBe('queued');
      await new Promise((resolve) => setTimeout(resolve, 20));
      row = await jobRow(job);
    }
    const runner = serverOf(row.owner);
    expect(runner).toBeGreaterThanOrEqual(0);
    await servers[runner]!.crash();
    servers[runner] = undefined;
    expect((await jobRow(job))?.state).toBe('running');

    const survivor = servers[1 - runner]!;
    expect(await caller.waitForJob(survivor, job)).toEqual(expect.objectContaining({ status: 'SUCCESS' }));
    expect((await jobRow(job))?.attempts).toBe(2);
    expect(survivor.logs.some((entry) => entry.msg === 'job claimed' && entry.job_id === job && entry.attempt === 2)).toBe(true);
    expect(await caller.json(survivor, '/api/get_molsearch_page', { job_name: job, page_size: 100 })).toEqual(expected);
  });

  it('counts the searches a caller has waiting or running on every server against one limit', { timeout: 300_000 }, async () => {
    await restartGone();
    const search = { search_input: SLOW_QUERY, search_type: 'espsim_shape', search_quality: 'very_accurate', db_names: 'MOLPORT' };
    // A visitor may have three searches waiting or running. Each is held unfinished by a row lock taken as
    // soon as it is stored: a server skips a locked queued job, and a running one cannot write its end until
    // the lock goes. A fourth, submitted to the other server meanwhile, must be refused. A search that ended
    // before its lock was taken leaves the round without a finding, and another caller tries again.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      for (let round = 0; ; round++) {
        expect(round).toBeLessThan(5);
        const caller = new Caller();
        const jobs: string[] = [];
        await holder.query('begin');
        for (let i = 0; i < 3; i++) {
          jobs.push(await caller.submit(servers[0]!, search));
          await holder.query('select id from jobs where id = $1 for update', [jobs[i]]);
        }
        const held = await holder.query<{ state: string }>('select state from jobs where id = any($1)', [jobs]);
        if (held.rows.some((row) => row.state !== 'queued' && row.state !== 'running')) {
          await holder.query('commit');
          for (const job of jobs) await caller.waitForJob(servers[1]!, job);
          continue;
        }
        const fourth = await caller.call(servers[1]!, 'GET', '/api/submit_molsearch', search);
        await holder.query('commit');
        expect(fourth.status).toBe(429);
        expect((fourth.data as { error: { code: string } }).error.code).toBe('TOO_MANY_QUEUED_JOBS');
        for (const job of jobs) expect((await caller.waitForJob(servers[1]!, job)).status).toBe('SUCCESS');
        return;
      }
    } finally {
      await holder.end();
    }
  });

  it('hands a search to the other server at once when its server is stopped', { timeout: 300_000 }, async () => {
    await restartGone();
    const caller = new Caller();
    const search = { search_input: SLOW_QUERY, search_type: 'espsim_shape', search_quality: 'very_accurate', db_names: 'MOLPORT' };
    // The stop must reach the server while it searches; if the search ends first, the round shows nothing and
    // another starts (the stopped server starts again).
    for (let round = 0; ; round++) {
      expect(round).toBeLessThan(5);
      const job = await caller.submit(servers[0]!, search);
      let row = await jobRow(job);
      while (row?.state !== 'running') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        row = await jobRow(job);
      }
      const stopping = serverOf(row.owner);
      const stopped = servers[stopping]!;
      expect(await stopped.stop()).toBe(0);
      servers[stopping] = undefined;
      const survivor = servers[1 - stopping]!;
      expect((await caller.waitForJob(survivor, job)).status).toBe('SUCCESS');
      if (stopped.logs.some((entry) => entry.msg === 'search interrupted by shutdown; another server runs it' && entry.job_id === job)) {
        expect(survivor.logs.some((entry) => entry.msg === 'job claimed' && entry.job_id === job && entry.attempt === 2)).toBe(true);
        expect((await jobRow(job))?.attempts).toBe(2);
        return;
      }
      await restartGone();
    }
  });

  it('builds, on the other server, a download whose server is killed with -9 while preparing it', { timeout: 300_000 }, async () => {
    await restartGone();
    const caller = new Caller();
    const { job, hits } = await finishedSearch(caller, 'espsim_electrostatic');
    // A 3D file poses every hit on the query: the server asked to prepare it holds it while it builds.
    expect((await caller.call(servers[0]!, 'POST', '/api/prepare_download', { job_name: job, file_format: 'sdf' })).status).toBe(200);
    const { rows } = await store.query<{ state: string; owner: string | null }>('select state, owner from downloads where job_id = $1', [job]);
    expect(rows[0]).toMatchObject({ state: 'preparing' });
    const builder = serverOf(rows[0]!.owner);
    expect(builder).toBe(0);
    await servers[builder]!.crash();
    servers[builder] = undefined;

    const survivor = servers[1]!;
    expect(sdfRecords(await caller.readyFile(survivor, job, 'sdf'))).toBe(hits.length + 1);
    expect(survivor.logs.some((entry) => entry.msg === 'download taken over from a server that stopped' && entry.job_id === job)).toBe(true);
  });

  it('leaves a download to the server that took it over while its builder was paused past its lease', { timeout: 300_000 }, async () => {
    await restartGone();
    const caller = new Caller();
    const { job, hits } = await finishedSearch(caller, 'espsim_shape');
    // The pause must reach the builder while it poses the hits; if the file is ready first, another round.
    for (let round = 0; ; round++) {
      expect(round).toBeLessThan(5);
      // Each prepare replaces the selection's download with a new one.
      expect((await caller.call(servers[0]!, 'POST', '/api/prepare_download', { job_name: job, file_format: 'sdf' })).status).toBe(200);
      const paused = servers[0]!;
      paused.process.kill('SIGSTOP');
      const { rows } = await store.query<{ id: string; state: string; owner: string | null }>('select id, state, owner from downloads where job_id = $1 and state = $2', [job, 'preparing']);
      if (rows.length === 0) {
        paused.process.kill('SIGCONT');
        continue;
      }
      expect(serverOf(rows[0]!.owner)).toBe(0);
      // Past the lease the other server builds it; its file is complete.
      const survivor = servers[1]!;
      expect(sdfRecords(await caller.readyFile(survivor, job, 'sdf'))).toBe(hits.length + 1);
      expect(survivor.logs.some((entry) => entry.msg === 'download taken over from a server that stopped' && entry.download_id === rows[0]!.id)).toBe(true);
      // Woken, the first server finds its lease gone: it publishes nothing and the download stays ready.
      paused.process.kill('SIGCONT');
      await expect.poll(() => paused.logs.some((entry) => entry.msg === 'download left to the server that took it over' && entry.download_id === rows[0]!.id), { timeout: 60_000 }).toBe(true);
      expect(paused.logs.some((entry) => entry.msg === 'download ready' && entry.download_id === rows[0]!.id)).toBe(false);
      expect(sdfRecords(await caller.readyFile(paused, job, 'sdf'))).toBe(hits.length + 1);
      return;
    }
  });
});
