import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@molsearch/api';
import { loadRDKit } from '@molsearch/chem';
import { closeSearchPool, forgetCatalogues, partOfId } from '@molsearch/engine';
import type { SearchMethod } from '@molsearch/engine';
import { ApiClient } from '../api/api-client.ts';
import { parseCsv } from '../api/parse-files.ts';
import { byScoreThenId, expectSameHits, localHits, rounded } from './hit-comparison.ts';
import type { Hits } from './hit-comparison.ts';
import { DATABASE, PARTS, startTopology } from './topology.ts';
import type { Topology } from './topology.ts';

// The deployment of docs/scaling.md on one machine: 3 NATS servers (JetStream), 3 search nodes holding the 2
// parts of 300 real Chemspace rows (3D columns included) with every part on two nodes, 2 API servers on one
// PostgreSQL database. The reference is the single-process search of the same 300 rows imported whole.
const QUERY = 'CN1CCN(CC1)c1ccc(cc1)C(=O)Nc1ccccc1';
const METHODS: SearchMethod[] = ['morgan', 'espsim_shape', 'espsim_electrostatic'];
const PAGE = 30;
/** Generous for a loaded machine; a job polled twice a second stays well inside a visitor's request allowance. */
const JOB_WAIT_MS = 240_000;
const POLL_MS = 500;

let topology: Topology;
const want = new Map<SearchMethod, Hits>();

beforeAll(async () => {
  await loadRDKit();
  topology = await startTopology({ rows: 300, attemptSeconds: 5, partTimeoutSeconds: 30, jobLeaseSeconds: 3 });
  for (const method of METHODS) want.set(method, rounded(await localHits(topology.reference, { smiles: QUERY, method, quality: 'fast', limit: PAGE }, DATABASE)));
}, 900_000);

afterAll(async () => {
  await topology?.stop();
  await closeSearchPool();
  forgetCatalogues();
});

/** Which API server (index in topology.apis) holds the claim on a job, once one does. */
async function serverRunning(jobName: string): Promise<number> {
  const deadline = Date.now() + JOB_WAIT_MS;
  for (;;) {
    const [job] = await query<{ owner: string | null }>('select owner from jobs where id = $1', [jobName]);
    const pid = job?.owner?.split(':')[1];
    const index = topology.apis.findIndex((api) => String(api.process.pid) === pid);
    if (index >= 0) return index;
    if (Date.now() > deadline) throw new Error(`no API server claimed job ${jobName}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + JOB_WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${JOB_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: topology.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

interface Finished {
  client: ApiClient;
  jobName: string;
  status: { status: string; partial: boolean; notes: string[] };
  hits: Hits;
}

/** A search submitted by a new visitor to `apiUrl`; resolves when it is accepted. */
async function submit(apiUrl: string, method: SearchMethod): Promise<{ client: ApiClient; jobName: string }> {
  const client = new ApiClient(apiUrl);
  // A first call brings the visitor's cookie: without one a search would be counted against the address.
  await client.request('GET', '/api/databases');
  const { job_name: jobName } = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: QUERY, search_type: method, search_quality: 'fast', db_names: DATABASE, compute_properties: 'false' });
  return { client, jobName };
}

/** Polls until the job is done, then reads its status and first page. */
const finish = (job: { client: ApiClient; jobName: string }): Promise<Finished> => withServerErrors(finishJob(job));

async function finishJob({ client, jobName }: { client: ApiClient; jobName: string }): Promise<Finished> {
  const deadline = Date.now() + JOB_WAIT_MS;
  let status = await client.json<Finished['status']>('/api/job_status', { job_name: jobName });
  while (status.status !== 'SUCCESS' && status.status !== 'FAILED') {
    if (Date.now() > deadline) throw new Error(`job ${jobName} still ${status.status} after ${JOB_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    status = await client.json<Finished['status']>('/api/job_status', { job_name: jobName });
  }
  return { client, jobName, status, hits: await firstPage(client, jobName) };
}

async function firstPage(client: ApiClient, jobName: string): Promise<Hits> {
  const page = await client.json<{ db_id: string[]; similarity: number[] }>('/api/get_molsearch_page', { job_name: jobName, page_num: 0, page_size: PAGE, db_name: DATABASE });
  return byScoreThenId(page.db_id.map((id, i): [string, number] => [id, page.similarity[i]!]));
}

/** `work`, or its failure with what the API servers logged as errors, which a 500 answer does not show. */
async function withServerErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const logged = topology.apis.flatMap((api) => api.logs.filter((entry) => entry.level === 'error'));
    throw new Error(`${(error as Error).message}\nerrors the API servers logged:\n${logged.map((entry) => JSON.stringify(entry)).join('\n')}`, { cause: error });
  }
}

const searchThrough = async (apiUrl: string, method: SearchMethod): Promise<Finished> => finish(await submit(apiUrl, method));

function expectWhole(result: Finished, method: SearchMethod): void {
  expect(result.status).toMatchObject({ status: 'SUCCESS', partial: false, notes: [] });
  expectSameHits(result.hits, want.get(method)!);
}

describe('3 NATS servers, 3 search nodes holding 2 parts twice each, 2 API servers on PostgreSQL', () => {
  it('answers morgan, shape and electrostatic searches through either API server with the hits and scores of one process', { timeout: 600_000 }, async () => {
    for (const api of topology.apis) {
      for (const method of METHODS) expectWhole(await searchThrough(api.url, method), method);
    }
  });

  describe('jobs shared through PostgreSQL', () => {
    it('serves the pages and downloads of a finished job from either API server', { timeout: 300_000 }, async () => {
      const [first, second] = topology.apis;
      const done = await searchThrough(first!.url, 'morgan');
      expectWhole(done, 'morgan');
      // The same visitor, sent to the other server by the load balancer.
      const elsewhere = done.client.on(second!.url);
      expect(await firstPage(elsewhere, done.jobName)).toEqual(done.hits);
      const [header, ...rows] = parseCsv((await elsewhere.download({ job_name: done.jobName, file_format: 'csv' })).file.toString('utf8'));
      const id = header!.indexOf('db_id');
      const similarity = header!.indexOf('similarity');
      expectSameHits(byScoreThenId(rows.slice(0, PAGE).map((row): [string, number] => [row[id]!, Number(row[similarity])])), done.hits);
    });

    it('kill -9 of the API server running a job: the other API server finishes it with the same hits', { timeout: 600_000 }, async () => {
      // The nodes are paused, so the job is certainly still running when its server is killed.
      const nodes = [...topology.nodes.values()];
      for (const node of nodes) node.kill('SIGSTOP');
      let running: { jobName: string; client: ApiClient };
      let owner: number;
      try {
        running = await submit(topology.apis[0]!.url, 'espsim_shape');
        owner = await serverRunning(running.jobName);
        await topology.apis[owner]!.crash();
      } finally {
        for (const node of nodes) node.kill('SIGCONT');
      }
      const survivor = topology.apis[1 - owner]!;
      const result = await finish({ client: running.client.on(survivor.url), jobName: running.jobName });
      expectWhole(result, 'espsim_shape');
      await topology.restartApi(owner);
    });
  });

  it('finishes searches with identical hits when a node holding both parts is killed -9 during them', { timeout: 600_000 }, async () => {
    const methods: SearchMethod[] = ['espsim_shape', 'espsim_electrostatic', 'morgan'];
    const submitted = await Promise.all(topology.apis.flatMap((api) => methods.map((method) => submit(api.url, method))));
    // Killed once a search is running: node-a holds both parts, so NATS gives it some of the parts' requests.
    await waitUntil(async () => (await Promise.all(submitted.map(({ client, jobName }) => client.json<{ status: string }>('/api/job_status', { job_name: jobName })))).some(({ status }) => status.startsWith('EXECUTING')));
    await topology.killNode('node-a');
    const results = await Promise.all(submitted.map(finish));
    results.forEach((result, i) => expectWhole(result, methods[i % methods.length]!));
  });

  it('goes on searching when the NATS server with the most clients is killed', { timeout: 600_000 }, async () => {
    const connections = await Promise.all(
      topology.nats.servers.map(async (server) => ((await (await fetch(`${server.monitorUrl}/connz`)).json()) as { num_connections: number }).num_connections),
    );
    const victim = topology.nats.servers[connections.indexOf(Math.max(...connections))]!;
    victim.process.kill('SIGKILL');
    for (const api of topology.apis) {
      for (const method of ['morgan', 'espsim_shape'] as SearchMethod[]) expectWhole(await searchThrough(api.url, method), method);
    }
  });

  it("holds a visitor's request allowance across both API servers", { timeout: 300_000 }, async () => {
    const [first, second] = topology.apis;
    const visitor = new ApiClient(first!.url);
    // The first call, without a cookie, is counted for the address; it brings the visitor id both servers accept.
    await visitor.request('GET', '/api/databases');
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.anonymous.requestsPerMinute; i++) statuses.push((await visitor.on(i % 2 ? second!.url : first!.url).request('GET', '/api/databases')).status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await visitor.on(first!.url).request('GET', '/api/databases')).status).toBe(429);
    expect((await visitor.on(second!.url).request('GET', '/api/databases')).status).toBe(429);
  });

  it('succeeds with the partial flag, naming the part, when both replicas of a part are down', { timeout: 600_000 }, async () => {
    // node-a went earlier; with node-b gone too, part 1 has no replica left.
    await topology.killNode('node-b');
    const results = await Promise.all(topology.apis.map((api) => searchThrough(api.url, 'morgan')));
    const whole = rounded(await localHits(topology.reference, { smiles: QUERY, method: 'morgan', quality: 'fast', limit: 300 }, DATABASE));
    for (const result of results) {
      expect(result.status).toMatchObject({ status: 'SUCCESS', partial: true, notes: [`partial: part 1 of ${PARTS} of ${DATABASE} unavailable; its hits are those of the other parts.`] });
      expectSameHits(result.hits, whole.filter(([id]) => partOfId(id, PARTS) === 2).slice(0, PAGE));
    }
  });
});
