import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRepository } from '../../apps/server/src/search/job.repository.ts';
import type { JobRow } from '../../apps/server/src/search/job.repository.ts';
import { terminateConnectionsThen } from '../../apps/server/src/store/closed-connections.fixture.ts';
import { openStore } from '../../apps/server/src/store/database.ts';
import { createScratchDatabase } from '../../apps/server/src/store/scratch-postgres.ts';
import { ApiClient } from './api-client.ts';
import { freshDataDir, removeTestCatalogues, startServerProcess, startTestServer } from './server-process.ts';
import type { ServerProcess, TestServer } from './server-process.ts';

// Both suites share one imported test catalogue: importing is the slow part of starting a server here.

const INVALID = 'Invalid search parameters. Please check your input.';

/** A raw request, for inputs fetch refuses to send or that the server must refuse before reading. */
function rawRequest(url: string, method: string, path: string, body?: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    let answered = false;
    const req = request({ host: target.hostname, port: target.port, method, path, headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {} }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, body: text });
      });
    });
    // The server may answer and close while the oversized request is still being sent: a write error
    // is expected then, and only fails the request if no answer arrives.
    const ignoreClosed = (error: NodeJS.ErrnoException): void => {
      setTimeout(() => (answered ? undefined : reject(error)), 2000).unref();
    };
    req.on('error', ignoreClosed);
    req.on('socket', (socket) => socket.on('error', ignoreClosed));
    if (body) req.end(body);
    else req.end();
  });
}

/**
 * A raw POST whose answer must arrive whole, without a reset or a broken pipe before it: the server
 * answers an oversized body without waiting for all of it. Once the answer has been read, the server may
 * close the connection while the rest of the body is still being sent; the write error that gives the
 * client then comes after everything it needs, as it would for curl, and is not a failure.
 */
function postWithoutReset(url: string, path: string, body: Buffer): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    let answered = false;
    const failBeforeAnswer = (error: Error): void => {
      if (!answered) reject(error);
    };
    const req = request(
      { host: target.hostname, port: target.port, method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          answered = true;
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: text });
        });
        res.on('error', failBeforeAnswer);
      },
    );
    req.on('error', failBeforeAnswer);
    req.on('socket', (socket) => socket.on('error', failBeforeAnswer));
    req.end(body);
  });
}

// File level: runs once every suite here has finished and stopped its servers.
afterAll(() => removeTestCatalogues());

describe('bad input gets a clear 4xx and the server stays up', () => {
  let server: ServerProcess;
  let client: ApiClient;
  let jobName: string;
  let cleanup: () => Promise<void>;
  let dataDirPath: string;

  beforeAll(async () => {
    const data = await freshDataDir();
    cleanup = data.remove;
    dataDirPath = data.dir;
    server = await startServerProcess(data.dir);
    client = new ApiClient(server.url);
    jobName = (await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: 'CCO', search_type: 'morgan', db_names: 'MOLPORT' })).job_name;
    await client.waitForJob(jobName);
  });

  afterAll(async () => {
    expect(await server.stop()).toBe(0);
    await cleanup();
  });

  const submit = { search_input: 'CCO', search_type: 'morgan', search_quality: 'fast', db_names: 'MOLPORT' };
  const cases: [string, string, Record<string, string | number>, number, string, RegExp?][] = [
    ['unknown method', '/api/submit_molsearch', { ...submit, search_type: 'tanimoto3d' }, 400, 'INVALID_PARAMETERS', /search_type/],
    ['unknown quality', '/api/submit_molsearch', { ...submit, search_quality: 'perfect' }, 400, 'INVALID_PARAMETERS', /search_quality/],
    ['unknown database', '/api/submit_molsearch', { ...submit, db_names: 'MOLPORT,NOT-A-DB' }, 400, 'INVALID_PARAMETERS', /Unknown database: NOT-A-DB/],
    ['no database', '/api/submit_molsearch', { ...submit, db_names: '' }, 400, 'INVALID_PARAMETERS', /at least one database/],
    ['unparsable SMILES', '/api/submit_molsearch', { ...submit, search_input: 'C1CC(' }, 400, 'INVALID_PARAMETERS', /Invalid SMILES/],
    ['blank SMILES', '/api/submit_molsearch', { ...submit, search_input: '   ' }, 400, 'INVALID_PARAMETERS', /cannot be empty/],
    ['missing SMILES', '/api/submit_molsearch', { search_type: 'morgan', db_names: 'MOLPORT' }, 400, 'INVALID_PARAMETERS', /search_input/],
    ['page_size 0', '/api/get_molsearch_page', { job_name: 'JOB', page_size: 0 }, 400, 'INVALID_PARAMETERS', /page_size/],
    ['page_size 10^9', '/api/get_molsearch_page', { job_name: 'JOB', page_size: 1e9 }, 400, 'INVALID_PARAMETERS', /page_size/],
    ['negative page', '/api/get_molsearch_page', { job_name: 'JOB', page_num: -1 }, 400, 'INVALID_PARAMETERS', /page_num/],
    ['fractional page', '/api/get_molsearch_page', { job_name: 'JOB', page_num: 1.5 }, 400, 'INVALID_PARAMETERS', /page_num/],
    ['sim_th above 1', '/api/get_molsearch_page', { job_name: 'JOB', sim_th: 1.5 }, 400, 'INVALID_PARAMETERS', /sim_th/],
    ['sim_th below 0', '/api/get_molsearch_page', { job_name: 'JOB', sim_th: -0.1 }, 400, 'INVALID_PARAMETERS', /sim_th/],
    ['sim_th not a number', '/api/get_molsearch_page', { job_name: 'JOB', sim_th: 'high' }, 400, 'INVALID_PARAMETERS', /sim_th/],
    ['database not in the job', '/api/get_molsearch_page', { job_name: 'JOB', db_name: 'ENAMINE-REAL' }, 400, 'INVALID_PARAMETERS', /did not include/],
    ['n_bins 0', '/api/get_sim_histograms', { job_name: 'JOB', n_bins: 0 }, 400, 'INVALID_PARAMETERS', /n_bins/],
    ['unknown job (status)', '/api/job_status', { job_name: '3f1c2a54-0000-4000-8000-000000000000' }, 404, 'JOB_NOT_FOUND'],
    ['unknown job (page)', '/api/get_molsearch_page', { job_name: 'no-such-job' }, 404, 'JOB_NOT_FOUND'],
    ['unknown job (histogram)', '/api/get_sim_histograms', { job_name: 'no-such-job' }, 404, 'JOB_NOT_FOUND'],
    ['malformed job name', '/api/job_status', { job_name: '../../etc/passwd' }, 400, 'INVALID_PARAMETERS', /job_name/],
    ['unknown file format', '/api/get_download_link', { job_name: 'JOB', file_format: 'pdf' }, 400, 'INVALID_PARAMETERS', /file_format/],
    ['download never prepared', '/api/get_download_link', { job_name: 'JOB', file_format: 'sdf' }, 404, 'DOWNLOAD_NOT_FOUND'],
    ['unknown route', '/api/get_everything', {}, 404, 'ROUTE_NOT_FOUND'],
  ];

  it.each(cases)('%s', async (_name, path, params, status, code, detail) => {
    const filled = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, value === 'JOB' ? jobName : value]));
    const answer = await client.request('GET', path, filled);
    expect(answer.status).toBe(status);
    const body = answer.data as { error: { code: string; message: string; details?: { field: string; message: string }[] }; request_id: string };
    expect(body.error.code).toBe(code);
    expect(body.request_id).toBe(answer.headers.get('x-request-id'));
    if (code === 'INVALID_PARAMETERS') expect(body.error.message).toBe(INVALID);
    if (detail) expect(JSON.stringify(body.error.details ?? body.error.message)).toMatch(detail);
  });

  it('answers 413 to a 10 MB query string', async () => {
    const answer = await rawRequest(server.url, 'GET', `/api/submit_molsearch?search_input=${'C'.repeat(10 * 1024 * 1024)}&db_names=MOLPORT`);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 413 to a 10 MB body', async () => {
    const body = Buffer.from(JSON.stringify({ neighbor_ids: Array(400_000).fill('enamine-real:Z123456789:0123456789ab') }));
    expect(body.length).toBeGreaterThan(10 * 1024 * 1024);
    const answer = await rawRequest(server.url, 'POST', `/api/prepare_download?job_name=${jobName}&file_format=csv`, body);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts a selection of 100,000 neighbor_ids and builds the file of the selected hits', async () => {
    const page = await client.json<{ id: string[] }>('/api/get_molsearch_page', { job_name: jobName, page_size: 1000 });
    expect(page.id.length).toBeGreaterThan(10);
    // The search's own result ids, repeated to the largest selection the contract allows.
    const selection = Array.from({ length: 100_000 }, (_, index) => page.id[index % page.id.length]!);
    const { file, link } = await client.download({ job_name: jobName, file_format: 'csv' }, selection);
    expect(link.num_molecules).toBe(page.id.length);
    const ids = file.toString('utf8').trimEnd().split('\n').slice(1).map((line) => line.split(',')[1]);
    expect(ids).toEqual(page.id);
  });

  it('keeps the small body limit on account and tracking calls', async () => {
    const caller = new ApiClient(server.url);
    for (const path of ['/api/consent', '/api/track/search', '/api/analytics', '/api/api-keys']) {
      const answer = await caller.request('POST', path, {}, { email: 'a@example.org', padding: 'x'.repeat(20 * 1024) });
      expect(answer.status, path).toBe(413);
      expect((answer.data as { error: { code: string; message: string } }).error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 16 KB.' });
    }
  });

  it('answers a 9 MB body with a readable 413 and no connection reset', async () => {
    const body = Buffer.from(JSON.stringify({ neighbor_ids: Array(9 * 1024 * 1024 / 36).fill('enamine-real:Z123456789:0123456789ab') }));
    expect(body.length).toBeGreaterThan(9 * 1024 * 1024 - 1024);
    const answer = await postWithoutReset(server.url, `/api/prepare_download?job_name=${jobName}&file_format=csv`, body);
    expect(answer.status).toBe(413);
    expect(answer.type).toMatch(/application\/json/);
    expect(JSON.parse(answer.body).error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 8 MB.' });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const answer = await rawRequest(server.url, 'POST', `/api/prepare_download?job_name=${jobName}&file_format=csv`, Buffer.from('{"neighbor_ids": ['));
    expect(answer.status).toBe(400);
  });

  it('limits submissions per caller with 429 and Retry-After', async () => {
    const caller = new ApiClient(server.url);
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<ApiClient['request']>> | undefined;
    for (let i = 0; i < 12 && !limited; i++) {
      const answer = await caller.request('GET', '/api/submit_molsearch', { ...submit, search_input: 'CC(C)O' });
      statuses.push(answer.status);
      if ((answer.data as { error?: { code: string } }).error?.code === 'RATE_LIMITED') limited = answer;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
  });

  it('answers a page whose catalogue has vanished with 503 and a time to retry, naming no path, and logs it with the request id', async () => {
    const catalogue = join(dataDirPath, 'catalogues', 'MOLPORT');
    await rename(catalogue, `${catalogue}.away`);
    try {
      const answer = await client.request('GET', '/api/get_molsearch_page', { job_name: jobName });
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = answer.data as { error: { code: string; message: string }; request_id: string };
      expect(body.error.code).toBe('UNAVAILABLE');
      expect(body.error.message).toMatch(/not available on this server right now/);
      expect(JSON.stringify(body)).not.toMatch(/MOLPORT|\/|\.ts|at /);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const logged = server.logs.find((entry) => entry.msg === 'request failed' && entry.request_id === body.request_id);
      expect(JSON.stringify(logged)).toMatch(/CATALOGUE_NOT_FOUND.*MOLPORT/);
    } finally {
      await rename(`${catalogue}.away`, catalogue);
    }
  });

  it('answers an unexpected failure with a plain 500 and logs it with the request id', async () => {
    // A catalogue damaged under a finished search is nothing a caller did wrong.
    const manifest = join(dataDirPath, 'catalogues', 'MOLPORT', 'manifest.json');
    const intact = await readFile(manifest);
    await writeFile(manifest, '{');
    try {
      const answer = await client.request('GET', '/api/get_molsearch_page', { job_name: jobName });
      expect(answer.status).toBe(500);
      const body = answer.data as { error: { code: string; message: string }; request_id: string };
      expect(body.error).toEqual({ code: 'INTERNAL', message: 'Server error. The server may be starting up or experiencing issues.' });
      expect(JSON.stringify(body)).not.toMatch(/MOLPORT|\.ts|at /);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const logged = server.logs.find((entry) => entry.msg === 'unexpected error' && entry.request_id === body.request_id);
      expect(JSON.stringify(logged)).toMatch(/MOLPORT/);
    } finally {
      await writeFile(manifest, intact);
    }
  });

  it('is still healthy afterwards', async () => {
    expect(await client.json('/api/health')).toMatchObject({ status: 'ok' });
    expect((await client.json<{ status: string }>('/api/job_status', { job_name: jobName })).status).toBe('SUCCESS');
  });
});

const QUERIES = ['CC(=O)Oc1ccccc1C(=O)O', 'Cn1c(=O)c2c(ncn2C)n(C)c1=O', 'c1ccc2c(c1)cccn2', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O', 'OC(=O)c1ccccc1O', 'CCN(CC)CC'];

/** A job as the store holds it when the server died while running it. */
function interruptedJob(attempts: number): JobRow {
  return {
    id: randomUUID(),
    principal_id: 'visitor:restart-test',
    principal_tier: 'anonymous',
    client_address: null,
    search_input: 'c1ccccc1C(=O)N',
    search_type: 'morgan',
    search_quality: 'fast',
    db_names: JSON.stringify(['MOLPORT']),
    compute_properties: 0,
    state: 'running',
    percent: 40,
    current_database: 'MOLPORT',
    reason: null,
    num_results: null,
    attempts,
    created_at: Date.now(),
    started_at: Date.now(),
    finished_at: null,
    expires_at: null,
  };
}

describe('a server killed with -9 restarts with every job answerable', () => {
  let dataDir: { dir: string; remove: () => Promise<void> };
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await freshDataDir();
  });
  afterAll(async () => {
    await server?.stop();
    await dataDir?.remove();
  });

  it('keeps finished jobs, resumes queued ones, re-runs an interrupted one once and fails one interrupted twice', async () => {
    server = await startServerProcess(dataDir.dir, { JOB_CONCURRENCY: '1' });
    const owner = new ApiClient(server.url);
    const finished = (await owner.json<{ job_name: string }>('/api/submit_molsearch', { search_input: 'c1ccc(cc1)C(=O)O', search_type: 'morgan', db_names: 'ENAMINE-REAL' })).job_name;
    expect((await owner.waitForJob(finished)).at(-1)).toBe('SUCCESS');
    const pageBefore = await owner.json('/api/get_molsearch_page', { job_name: finished, page_size: 20 });
    await owner.request('POST', '/api/prepare_download', { job_name: finished, file_format: 'xlsx' });

    // Two callers submit at once; the process dies the moment the last submission is answered.
    const callers = [new ApiClient(server.url), new ApiClient(server.url)];
    const submitted = await Promise.all(
      QUERIES.map(async (smiles, index) => {
        const answer = await callers[index % 2]!.json<{ job_name: string }>('/api/submit_molsearch', {
          search_input: smiles,
          search_type: 'morgan',
          db_names: ['ENAMINE-REAL', 'MOLPORT'],
        });
        return answer.job_name;
      }),
    );
    await server.crash();
    server = undefined;

    const store = await openStore({ dataDir: dataDir.dir, databaseUrl: undefined });
    const states = await new JobRepository(store).listByState(['queued', 'running', 'succeeded']);
    const rerun = interruptedJob(1);
    const givenUp = interruptedJob(2);
    await new JobRepository(store).insert(rerun);
    await new JobRepository(store).insert(givenUp);
    await store.close();
    // Every submission was stored before it was answered.
    expect(states.map((job) => job.id)).toEqual(expect.arrayContaining([finished, ...submitted]));

    server = await startServerProcess(dataDir.dir, { JOB_CONCURRENCY: '1' });
    const after = new ApiClient(server.url);
    expect(await after.json('/api/get_molsearch_page', { job_name: finished, page_size: 20 })).toEqual(pageBefore);
    for (const jobName of [...submitted, rerun.id]) expect((await after.waitForJob(jobName)).at(-1)).toBe('SUCCESS');
    const failed = await after.json<{ status: string; reason: string }>('/api/job_status', { job_name: givenUp.id });
    expect(failed.status).toBe('FAILED');
    expect(failed.reason).toMatch(/server stopped while this search was running/);
    const page = await after.json<{ database: string[] }>('/api/get_molsearch_page', { job_name: rerun.id, page_size: 5 });
    expect(page.database).toEqual(Array(5).fill('MOLPORT'));

    const { file } = await after.download({ job_name: finished, file_format: 'xlsx' });
    expect(file.subarray(0, 2).toString()).toBe('PK');

    const started = server.logs.find((entry) => entry.msg === 'server started') as { resumed_jobs: { rerun: number; failed: number } };
    expect(started.resumed_jobs.rerun).toBeGreaterThanOrEqual(1);
    expect(started.resumed_jobs.failed).toBe(1);
    expect(await server.stop()).toBe(0);
    server = undefined;
  });
});

describe.each(['sqlite', 'postgres'] as const)('a catalogue damaged while the server runs, on %s', (storeKind) => {
  let server: ServerProcess;
  let dataDir: { dir: string; remove: () => Promise<void> };
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = await freshDataDir();
    const env: Record<string, string> = {};
    if (storeKind === 'postgres') {
      const scratch = await createScratchDatabase();
      dropDatabase = scratch.drop;
      env.DATABASE_URL = scratch.url;
    }
    server = await startServerProcess(dataDir.dir, env);
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
    await dataDir.remove();
    await dropDatabase?.();
  });

  it('fails the search with a reason that names the catalogue, and logs the detail with the job id', async () => {
    const client = new ApiClient(server.url);
    expect(Object.keys(await client.json('/api/databases'))).toContain('ENAMINE-REAL');
    await rm(join(dataDir.dir, 'catalogues', 'ENAMINE-REAL', 'fingerprints.bin'));
    const { job_name: jobName } = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: 'CCO', search_type: 'morgan', db_names: 'ENAMINE-REAL' });
    expect((await client.waitForJob(jobName)).at(-1)).toBe('FAILED');
    const status = await client.json<{ reason: string }>('/api/job_status', { job_name: jobName });
    expect(status.reason).toMatch(/ENAMINE-REAL/);
    expect(status.reason).toMatch(/\(CATALOGUE_[A-Z_]+\)$/);
    expect(status.reason).not.toMatch(/\/|\\|fingerprints|\.bin/);
    const page = await client.request('GET', '/api/get_molsearch_page', { job_name: jobName });
    expect(page.status).toBe(409);
    expect(JSON.stringify(page.data)).not.toMatch(/\/tmp|fingerprints/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const logged = server.logs.find((entry) => entry.msg === 'search failed' && entry.job_id === jobName);
    expect(JSON.stringify(logged)).toMatch(/fingerprints\.bin/);
  });

  it('then lists the catalogue as unavailable and reports the service degraded, naming it', async () => {
    const client = new ApiClient(server.url);
    const databases = await client.json<Record<string, { available?: boolean; unavailable_reason?: string }>>('/api/databases');
    expect(databases['ENAMINE-REAL']?.available).toBe(false);
    expect(databases['ENAMINE-REAL']?.unavailable_reason).toMatch(/ENAMINE-REAL is damaged .*\(CATALOGUE_CORRUPT\)$/);
    expect(databases['ENAMINE-REAL']?.unavailable_reason).not.toMatch(/\/|fingerprints/);
    // The healthy catalogues stay as they were.
    expect(Object.entries(databases).filter(([id]) => id !== 'ENAMINE-REAL').every(([, info]) => info.available === undefined)).toBe(true);
    const health = await client.request('GET', '/api/health');
    expect(health.status).toBe(200);
    const answer = health.data as { status: string; databases: number; unavailable_databases: { id: string; reason: string }[] };
    expect(answer.status).toBe('degraded');
    expect(answer.unavailable_databases.map((entry) => entry.id)).toEqual(['ENAMINE-REAL']);
    expect(answer.databases).toBe(Object.keys(databases).length - 1);
  });

  it('searches the healthy catalogues of a search that also names the damaged one, and says which was left out', async () => {
    const client = new ApiClient(server.url);
    const { job_name: jobName } = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: 'CCO', search_type: 'morgan', db_names: 'MOLPORT,ENAMINE-REAL' });
    expect((await client.waitForJob(jobName)).at(-1)).toBe('SUCCESS');
    const status = await client.json<{ notes: string[]; num_results: number }>('/api/job_status', { job_name: jobName });
    expect(status.notes).toEqual(['Not searched: The database ENAMINE-REAL is damaged and cannot be searched until it is imported again. (CATALOGUE_CORRUPT)']);
    expect(status.num_results).toBeGreaterThan(0);
    const page = await client.json<{ database: string[] }>('/api/get_molsearch_page', { job_name: jobName, page_size: 10 });
    expect(page.database.length).toBeGreaterThan(0);
    expect(new Set(page.database)).toEqual(new Set(['MOLPORT']));
  });
});

describe('PostgreSQL closing the server\'s connections', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('postgres');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('keeps the server up and answering: it opens new connections instead of exiting', async () => {
    const client = new ApiClient(server.server.url);
    const first = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: 'CCO', search_type: 'morgan', db_names: 'MOLPORT' });
    expect((await client.waitForJob(first.job_name)).at(-1)).toBe('SUCCESS');
    // As a restart, a fail-over or an administrator would, every connection to the server's database ends; a search is
    // submitted at once, before the server may have heard of every closing: a statement that meets a closed connection runs on another.
    const { ended, result: second } = await terminateConnectionsThen(server.env.DATABASE_URL!, () =>
      client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: 'CCO', search_type: 'morgan', db_names: 'MOLPORT' }));
    expect(ended).toBeGreaterThan(0);
    expect((await client.waitForJob(second.job_name)).at(-1)).toBe('SUCCESS');
    // Connections the search took again when they failed are not idle ones: the server logs a closing it hears of
    // while nothing uses the connection, so the connections are ended once more with no request in flight.
    await terminateConnectionsThen(server.env.DATABASE_URL!, async () => undefined);
    await expect.poll(() => server.server.logs.some((entry) => entry.msg === 'database connection closed by the server; a new one is opened when needed'), { timeout: 10_000 }).toBe(true);
    expect(server.server.process.exitCode).toBeNull();
    expect((await client.json<{ id: string[] }>('/api/get_molsearch_page', { job_name: first.job_name, page_size: 5 })).id.length).toBeGreaterThan(0);
  });
});
