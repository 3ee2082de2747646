import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '@molsearch/engine';
import { ApiClient } from './api-client.ts';
import { CATALOGS, startServerProcess } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';

let dir: string | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the catalogue list of a server started before its catalogues', () => {
  it('lists a catalogue imported while it runs at the next request, and accepts searches of it', { timeout: 180_000 }, async () => {
    dir = await mkdtemp(join(tmpdir(), 'molsearch-listing-'));
    server = await startServerProcess(dir);
    const client = new ApiClient(server.url);
    expect(await client.json('/api/databases')).toEqual({});
    await importCatalogue({ files: [join(CATALOGS, 'enamine_real.smi.gz')], id: 'LATE', dataDir: dir, workers: 1, limit: 20 });
    expect((await client.json<Record<string, { 'Number of molecules': number }>>('/api/databases')).LATE?.['Number of molecules']).toBe(20);
    const { job_name: jobName } = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: 'c1ccccc1O', search_type: 'morgan', search_quality: 'fast', db_names: 'LATE' });
    expect(await client.waitForJob(jobName)).toContain('SUCCESS');
  });
});
