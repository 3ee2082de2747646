import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRDKit } from '@molsearch/chem';
import { connectNats, openRegistry } from '@molsearch/cluster';
import type { NatsConnection } from '@molsearch/cluster';
import { closeSearchPool, createPreparer, forgetCatalogues, importCatalogue, openCatalogue, partFolderName, partOfId } from '@molsearch/engine';
import type { DatabaseHits, MoleculePreparer, SearchMethod, SearchRequest } from '@molsearch/engine';
import { createClusterEngine } from '../../apps/server/src/cluster/cluster-engine.ts';
import { ClusterRowRepository } from '../../apps/server/src/cluster/cluster-row.repository.ts';
import { openStore } from '../../apps/server/src/store/database.ts';
import type { Store } from '../../apps/server/src/store/database.ts';
import type { SearchEngine } from '../../apps/server/src/search/search-engine.ts';
import { isPartial, partialNotes } from '../../apps/server/src/search/partial-results.ts';
import { runCli } from '../../apps/cli/src/testing/run-cli.ts';
import { ApiClient } from '../api/api-client.ts';
import { startServerProcess } from '../api/server-process.ts';
import type { ServerProcess } from '../api/server-process.ts';
import { byScoreThenId, expectSameHits, localHits as referenceHits, rounded } from './hit-comparison.ts';
import type { Hits } from './hit-comparison.ts';
import { startNatsServer, stopProcess } from './nats-server.ts';
import type { NatsServer } from './nats-server.ts';
import { startSearchNode } from './search-node-process.ts';

const CATALOGUE = join(import.meta.dirname, '../../../shared/data/catalogs/chemspace_screening.smi.gz');
const QUERY = 'CN1CCN(CC1)c1ccc(cc1)C(=O)Nc1ccccc1';

let dir: string;
let local: string;
let nats: NatsServer;
let nc: NatsConnection;
let store: Store;
let cluster: SearchEngine;
let preparer: MoleculePreparer;
const nodes = new Map<string, ChildProcess>();
/** An API server process (molsearch serve with NATS_URL) with its own empty data directory: it has no catalogue of its own. */
let api: ServerProcess;

/** A search submitted to the API server, waited for, and its job status and first page of hits. */
async function searchOverHttp(smiles: string, database: string, method: SearchMethod = 'morgan'): Promise<{ status: Record<string, unknown>; hits: Hits; properties: [string, unknown][] }> {
  const client = new ApiClient(api.url);
  const { job_name: jobName } = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: smiles, search_type: method, search_quality: 'fast', db_names: database, compute_properties: 'false' });
  await client.waitForJob(jobName, 60_000);
  const status = await client.json('/api/job_status', { job_name: jobName });
  const pageAnswer = await client.request('GET', '/api/get_molsearch_page', { job_name: jobName, page_num: 0, page_size: 30, db_name: database, include_properties: true });
  if (pageAnswer.status !== 200) throw new Error(`the page answered ${pageAnswer.status}: ${JSON.stringify(api.logs.filter((line) => line.level === 'error')).slice(0, 2000)}`);
  const page = pageAnswer.data as { db_id: string[]; similarity: number[]; mw: unknown[] };
  return { status, hits: byScoreThenId(page.db_id.map((id, i): [string, number] => [id, page.similarity[i]!])), properties: page.db_id.map((id, i): [string, unknown] => [id, page.mw[i]]) };
}

/** The single-process search of the catalogue imported whole: the reference. */
const localHits = (request: Omit<SearchRequest, 'databases'>, database: string): Promise<Hits> => referenceHits(local, request, database);

/** The same search through the search nodes, rows read back from the store as pages read them. */
async function clusterHits(request: Omit<SearchRequest, 'databases'>, database: string): Promise<{ hits: Hits; found: DatabaseHits }> {
  const result = await cluster.search({ ...request, databases: [database] }, {});
  const found = result.databases[0]!;
  const rows = await cluster.readRows(database, found.rows, false);
  return { hits: byScoreThenId(rows.ids.map((id, i): [string, number] => [id, found.similarities[i]!])), found };
}

async function nodeWith(name: string, folders: string[]): Promise<void> {
  const dataDir = join(dir, name);
  for (const folder of folders) await cp(join(local, 'catalogues', folder), join(dataDir, 'catalogues', folder), { recursive: true });
  nodes.set(name, await startSearchNode(nats.url, dataDir, name));
}

const part = (id: string, index: number): string => partFolderName(id, { index, of: 2 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-cluster-'));
  local = join(dir, 'local');
  await loadRDKit();
  preparer = createPreparer(2);
  // One real catalogue imported whole (the reference) and in two parts, Morgan-only and with 3D columns.
  await importCatalogue({ files: [CATALOGUE], id: 'WHOLE', dataDir: local, preparer, limit: 400 });
  await importCatalogue({ files: [CATALOGUE], id: 'WHOLE3D', dataDir: local, preparer, limit: 30, shape: true });
  for (const index of [1, 2]) {
    await importCatalogue({ files: [CATALOGUE], id: 'CAT', dataDir: local, preparer, limit: 400, shard: { index, of: 2 } });
    await importCatalogue({ files: [CATALOGUE], id: 'CAT3D', dataDir: local, preparer, limit: 30, shape: true, shard: { index, of: 2 } });
  }
  nats = await startNatsServer(join(dir, 'nats'));
  // Node a holds both parts, node b part 2 only: part 2 has two replicas, part 1 one.
  await nodeWith('node-a', [part('CAT', 1), part('CAT', 2), part('CAT3D', 1), part('CAT3D', 2)]);
  await nodeWith('node-b', [part('CAT', 2), part('CAT3D', 2)]);
  nc = await connectNats(nats.url, 'cluster-test');
  store = await openStore({ dataDir: join(dir, 'api'), databaseUrl: undefined });
  cluster = createClusterEngine({
    nc, registry: await openRegistry(nc), rows: new ClusterRowRepository(store.db), catalogueConfig: join(dir, 'no-config.json'), threads: 1, attemptMs: 3000, partDeadlineMs: 6000,
  });
  api = await startServerProcess(join(dir, 'api-server'), { NATS_URL: nats.url, PART_ATTEMPT_SECONDS: '3', PART_TIMEOUT_SECONDS: '6', RATE_LIMITING: 'off', CATALOGUE_CONFIG: join(dir, 'no-config.json') });
}, 600_000);

afterAll(async () => {
  await api?.stop();
  await Promise.all([...nodes.values()].map((node) => stopProcess(node)));
  await nc?.close();
  await store?.close();
  await nats?.stop();
  await preparer?.close();
  await closeSearchPool();
  forgetCatalogues();
  await rm(dir, { recursive: true, force: true });
});

describe('search nodes over NATS', () => {
  it('lists the catalogues the nodes announced in the registry, with their molecules', async () => {
    const listed = await cluster.listCatalogues();
    const whole = await openCatalogue(local, 'WHOLE');
    expect(listed.find((summary) => summary.id === 'CAT')?.count).toBe(whole.count);
    expect(listed.map((summary) => summary.id).sort()).toEqual(['CAT', 'CAT3D']);
    // molsearch cluster: part 1 on node a only, part 2 on both, from the registry and the service API's stats.
    const run = await runCli(['cluster', '--nats', nats.url], dir);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n').map((line) => line.split('\t'));
    expect(lines[0]).toEqual(['database', 'part', 'molecules', 'build', 'replicas', 'nodes', 'requests', 'errors', 'mean_ms']);
    const replicas = Object.fromEntries(lines.slice(1).map((cells) => [`${cells[0]} ${cells[1]}`, Number(cells[4])]));
    expect(replicas).toEqual({ 'CAT 1/2': 1, 'CAT 2/2': 2, 'CAT3D 1/2': 1, 'CAT3D 2/2': 2 });
  });

  it('returns the hits and scores of the single-process search of the catalogue imported whole, for morgan, shape, electrostatic and consensus', { timeout: 300_000 }, async () => {
    for (const threshold of [0, 0.25]) {
      const request = { smiles: QUERY, method: 'morgan' as const, quality: 'fast' as const, limit: 30, threshold };
      const { hits, found } = await clusterHits(request, 'CAT');
      expectSameHits(hits, await localHits(request, 'WHOLE'));
      expect(found.unavailableParts).toBeUndefined();
    }
    for (const method of ['espsim_shape', 'espsim_electrostatic', 'consensus'] as SearchMethod[]) {
      // Consensus hits are fused over both parts' reference samples on the API side, the threshold applied after.
      const request = { smiles: QUERY, method, quality: 'fast' as const, limit: 10, threshold: method === 'consensus' ? 0.2 : 0 };
      expectSameHits((await clusterHits(request, 'CAT3D')).hits, await localHits(request, 'WHOLE3D'));
    }
  });

  it('answers the same hits through an API server with NATS_URL, its pages read from its store', { timeout: 120_000 }, async () => {
    const { status, hits, properties } = await searchOverHttp(QUERY, 'CAT');
    expect(status).toMatchObject({ status: 'SUCCESS', partial: false, notes: [] });
    // Its catalogues are searched on the nodes: it warmed only what it does itself, building a query.
    const warmed = () => api.logs.find((line) => line.msg === 'search workers warmed');
    await expect.poll(warmed, { timeout: 30_000 }).toMatchObject({ methods: ['consensus'] });
    expect(warmed()).not.toHaveProperty('database');
    // Property values as a single server answers them (float32 columns rounded to their precision).
    const wholeApi = await startServerProcess(local, { RATE_LIMITING: 'off', CATALOGUE_CONFIG: join(dir, 'no-config.json') });
    try {
      const client = new ApiClient(wholeApi.url);
      const { job_name: jobName } = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: QUERY, search_type: 'morgan', search_quality: 'fast', db_names: 'WHOLE', compute_properties: 'false' });
      await client.waitForJob(jobName, 60_000);
      const page = await client.json<Record<string, unknown[]> & { db_id: string[] }>('/api/get_molsearch_page', { job_name: jobName, page_num: 0, page_size: 30, include_properties: 'true' });
      const mw = new Map(page.db_id.map((id, i) => [id, page.mw![i]]));
      for (const [id, value] of properties) if (mw.has(id)) expect(value).toBe(mw.get(id));
      expect(properties.some(([id]) => mw.has(id))).toBe(true);
    } finally {
      await wholeApi.stop();
    }
    expectSameHits(hits, rounded(await localHits({ smiles: QUERY, method: 'morgan', quality: 'fast', limit: 30 }, 'WHOLE')));
    // Consensus over the 3D parts: fused over both parts' samples on the API server, as one process fuses them.
    const consensus = await searchOverHttp(QUERY, 'CAT3D', 'consensus');
    expect(consensus.status).toMatchObject({ status: 'SUCCESS', partial: false, notes: [] });
    expectSameHits(consensus.hits, rounded(await localHits({ smiles: QUERY, method: 'consensus', quality: 'fast', limit: 30 }, 'WHOLE3D')));
  });

  it('goes on with identical hits when a node holding a replicated part is killed during searches', { timeout: 300_000 }, async () => {
    const morgan = { smiles: QUERY, method: 'morgan' as const, quality: 'fast' as const, limit: 30 };
    const shape = { smiles: QUERY, method: 'espsim_shape' as const, quality: 'fast' as const, limit: 10 };
    const want = { morgan: await localHits(morgan, 'WHOLE'), shape: await localHits(shape, 'WHOLE3D') };
    // Searches in flight while node b is killed: whichever replica of part 2 took a request, the answer is whole.
    const running = [clusterHits(shape, 'CAT3D'), ...Array.from({ length: 6 }, () => clusterHits(morgan, 'CAT')), clusterHits(shape, 'CAT3D')];
    await new Promise((resolve) => setTimeout(resolve, 150));
    nodes.get('node-b')!.kill('SIGKILL');
    const results = await Promise.all(running);
    for (const [i, result] of results.entries()) {
      expect(result.found.unavailableParts).toBeUndefined();
      expectSameHits(result.hits, i === 0 || i === results.length - 1 ? want.shape : want.morgan);
    }
    expectSameHits((await clusterHits(morgan, 'CAT')).hits, want.morgan);
  });

  it('says which part had no live replica, and returns the hits of the others', { timeout: 300_000 }, async () => {
    // Node b back (part 2), then node a gone: part 1 has no replica left.
    await nodeWith('node-b2', [part('CAT', 2)]);
    nodes.get('node-a')!.kill('SIGKILL');
    const morgan = { smiles: QUERY, method: 'morgan' as const, quality: 'fast' as const, limit: 30 };
    const { hits, found } = await clusterHits(morgan, 'CAT');
    expect(found.unavailableParts).toEqual({ missing: [1], of: 2 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every(([id]) => partOfId(id, 2) === 2)).toBe(true);
    const whole = await localHits({ ...morgan, limit: 400 }, 'WHOLE');
    expectSameHits(hits, whole.filter(([id]) => partOfId(id, 2) === 2).slice(0, 30));
    const notes = partialNotes([found]);
    expect(notes).toEqual(['partial: part 1 of 2 of CAT unavailable; its hits are those of the other parts.']);
    expect(isPartial(notes)).toBe(true);
    // PARTIAL_RESULTS=fail: the same search fails, naming the part.
    const strict = createClusterEngine({
      nc, registry: await openRegistry(nc), rows: new ClusterRowRepository(store.db), catalogueConfig: join(dir, 'no-config.json'), threads: 1, attemptMs: 1000, partDeadlineMs: 2000, failOnPartial: true,
    });
    await expect(strict.search({ ...morgan, databases: ['CAT'] }, {})).rejects.toMatchObject({ code: 'CATALOGUE_NOT_FOUND', message: expect.stringContaining('part 1 of 2 unavailable') });
    // The API's job status carries the flag and the note the web app shows.
    const { status } = await searchOverHttp(QUERY, 'CAT');
    expect(status).toMatchObject({ status: 'SUCCESS', partial: true, notes: ['partial: part 1 of 2 of CAT unavailable; its hits are those of the other parts.'] });
  });
});
