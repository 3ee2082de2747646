import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.ts';
import { sampleRow } from './sample-molecules.ts';
import { TEST_DATABASES, freshDataDir, removeTestCatalogues, startServerProcess } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';

const started: { server: ServerProcess; remove: () => Promise<void> }[] = [];

afterAll(async () => {
  for (const { server, remove } of started) {
    expect(await server.stop()).toBe(0);
    await remove();
  }
  await removeTestCatalogues();
});

/** A server on a fresh copy of the test catalogues, the copy changed by `change` before the server starts. */
async function serverOn(change?: (dataDir: string) => Promise<void>): Promise<ServerProcess> {
  const data = await freshDataDir();
  await change?.(data.dir);
  const server = await startServerProcess(data.dir);
  started.push({ server, remove: data.remove });
  return server;
}

/** The first log entry with message `msg`, once the server has logged it. */
async function logged(server: ServerProcess, msg: string): Promise<Record<string, unknown>> {
  const entry = () => server.logs.find((line) => line.msg === msg);
  await expect.poll(entry, { timeout: 60_000, message: `the server logs "${msg}"` }).toBeDefined();
  return entry()!;
}

describe('catalogues readied for search when the server starts', () => {
  it('readies every catalogue in the background and says so', async () => {
    const server = await serverOn();
    expect(await logged(server, 'catalogues ready for search')).toMatchObject({ databases: TEST_DATABASES.length, not_ready: 0 });
    const databases = await new ApiClient(server.url).json<Record<string, { available?: boolean }>>('/api/databases');
    expect(Object.keys(databases).sort()).toEqual(TEST_DATABASES.map(({ id }) => id).sort());
    for (const { id } of TEST_DATABASES) expect(databases[id]?.available).toBeUndefined();
  });

  it('then warms the search workers with searches of the catalogue with 3D columns, and searches as before', async () => {
    const server = await serverOn();
    const warmed = await logged(server, 'search workers warmed');
    expect(warmed).toMatchObject({ database: 'MOLPORT', methods: ['espsim_electrostatic', 'morgan'] });
    expect(warmed.seconds).toBeGreaterThan(0);
    // A search after it runs on the same workers and finds its query, a salt-free molecule of the sample, first.
    const client = new ApiClient(server.url);
    const [smiles, vendorId] = sampleRow('MOLPORT', 1);
    const { job_name: jobName } = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: smiles, search_type: 'espsim_shape', search_quality: 'fast', db_names: 'MOLPORT' });
    expect((await client.waitForJob(jobName)).at(-1)).toBe('SUCCESS');
    const page = await client.json<{ db_id: string[]; similarity: number[] }>('/api/get_molsearch_page', { job_name: jobName, page_size: 5, db_name: 'MOLPORT' });
    expect(page.db_id[0]).toBe(vendorId);
    expect(page.similarity[0]).toBeGreaterThan(0.99);
    expect(server.logs.some((line) => line.msg === 'search workers not warmed')).toBe(false);
  });

  it('finds a 3D index damaged before the start, names it in the log and lists its catalogue as unavailable before any search', async () => {
    const server = await serverOn(async (dataDir) => {
      const file = join(dataDir, 'catalogues', 'MOLPORT', 'shape-index-vectors.bits');
      const bytes = await readFile(file);
      bytes[bytes.length >> 1]! ^= 0xff;
      await writeFile(file, bytes);
    });
    expect(await logged(server, 'catalogues ready for search')).toMatchObject({ databases: TEST_DATABASES.length - 1, not_ready: 1 });
    expect(JSON.stringify(await logged(server, 'catalogue not ready for search'))).toMatch(/"database":"MOLPORT".*shape-index-vectors\.bits/);
    const client = new ApiClient(server.url);
    const databases = await client.json<Record<string, { available?: boolean; unavailable_reason?: string }>>('/api/databases');
    expect(databases.MOLPORT).toMatchObject({ available: false, unavailable_reason: expect.stringMatching(/^The database MOLPORT is damaged .*\(CATALOGUE_CORRUPT\)$/) as unknown });
    expect(databases.MOLPORT?.unavailable_reason).not.toMatch(/\/|shape-index/);
    expect(databases['ENAMINE-REAL']?.available).toBeUndefined();
    expect(server.logs.some((line) => line.msg === 'search failed')).toBe(false);
    // Only a catalogue readied is searched to warm the workers: here the one without 3D columns.
    expect(await logged(server, 'search workers warmed')).toMatchObject({ database: 'ENAMINE-REAL', methods: ['morgan'] });
  });
});
