import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.ts';
import { parseCsv } from './parse-files.ts';
import { CATALOGS, removeTestCatalogues, startTestServer } from './server-process.ts';
import type { TestServer } from './server-process.ts';

type Status = { status: string; queries_total: number; queries_done: number; queries_failed: number; skipped_rows: { line: number; message: string }[]; queries: { query_id: string; query_smiles: string; job_name: string; status: string }[] };
type Page = { smiles: string[]; id: string[]; similarity: number[]; query_id?: string[]; query_smiles?: string[] };

/** Real vendor molecules as queries: rows 100.. of the Enamine sample (the test catalogues hold its first 60). */
const QUERY_ROWS = gunzipSync(readFileSync(join(CATALOGS, 'enamine_real.smi.gz'))).toString('utf8').split('\n').slice(100, 110).map((line) => line.split('\t'));

afterAll(() => removeTestCatalogues());

describe.each(['sqlite', 'postgres'] as const)('batch search against a server process on %s', (store) => {
  let test: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    test = await startTestServer(store);
    client = new ApiClient(test.server.url);
  }, 120_000);

  afterAll(async () => {
    if (test) expect(await test.close()).toBe(0);
  });

  async function submit(params: Record<string, string>, body: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
    const answer = await client.request('POST', '/api/submit_batch', params, body);
    return { status: answer.status, data: answer.data as Record<string, unknown> };
  }

  async function waitForBatch(batchId: string): Promise<{ final: Status; done: number[] }> {
    const done: number[] = [];
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const status = await client.json<Status>('/api/batch_status', { batch_id: batchId });
      done.push(status.queries_done);
      if (status.status === 'SUCCESS') return { final: status, done };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`batch ${batchId} did not finish`);
  }

  let batchId: string;

  it('takes a .smi file, reports its bad row by line, and counts queries done up to all of them', async () => {
    const lines = QUERY_ROWS.slice(0, 5).map(([smiles, id]) => `${smiles}\t${id}`);
    lines.splice(2, 0, 'C1CC(\tBROKEN');
    const answer = await submit({ search_type: 'morgan', db_names: 'ENAMINE-REAL,MOLPORT' }, { file: { name: 'hits.smi', content: `${lines.join('\n')}\n` } });
    expect(answer.status).toBe(200);
    expect(answer.data.queries).toBe(5);
    expect(answer.data.skipped_rows).toEqual([{ line: 3, message: expect.stringContaining('C1CC(') }]);
    batchId = answer.data.batch_id as string;
    const { final, done } = await waitForBatch(batchId);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(final).toMatchObject({ queries_total: 5, queries_done: 5, queries_failed: 0 });
    expect(final.queries.map((query) => query.query_id)).toEqual(QUERY_ROWS.slice(0, 5).map(([, id]) => id!.trim()));
    expect(final.queries.every((query) => query.status === 'SUCCESS')).toBe(true);
  }, 240_000);

  it("merges the queries' hits by best similarity, and the CSV's rows match each query's own search", async () => {
    const { queries } = await client.json<Status>('/api/batch_status', { batch_id: batchId });
    const perQuery = new Map<string, Page>();
    for (const query of queries) perQuery.set(query.query_id, await client.json<Page>('/api/get_molsearch_page', { job_name: query.job_name, page_size: 1000 }));
    const merged = await client.json<Page>('/api/get_batch_page', { batch_id: batchId, page_size: 1000 });
    expect(merged.similarity).toEqual([...merged.similarity].sort((a, b) => b - a));
    expect(new Set(merged.id).size).toBe(merged.id.length);
    merged.id.forEach((id, i) => {
      const best = Math.max(...[...perQuery.values()].map((page) => page.similarity[page.id.indexOf(id)] ?? -1));
      expect(merged.similarity[i]).toBe(best);
      const own = perQuery.get(merged.query_id![i]!)!;
      expect(own.similarity[own.id.indexOf(id)]).toBe(best);
    });
    const csv = await client.request('GET', '/api/batch_download', { batch_id: batchId });
    expect(csv.status).toBe(200);
    const [header, ...body] = parseCsv((csv.data as Buffer).toString('utf8')).filter((cells) => cells.some((cell) => cell !== ''));
    expect(header).toEqual(['query_id', 'query_smiles', 'rank', 'database', 'id', 'smiles', 'similarity']);
    const rows = body.map((cells) => Object.fromEntries(header!.map((name, k) => [name, cells[k]!])));
    expect(rows).toHaveLength([...perQuery.values()].reduce((sum, page) => sum + page.id.length, 0));
    for (const row of rows) {
      const page = perQuery.get(row.query_id!)!;
      const at = page.smiles.findIndex((smiles, k) => smiles === row.smiles && page.id[k]!.split(':')[1] === row.id);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(Number(row.similarity)).toBeCloseTo(page.similarity[at]!, 4);
    }
  }, 120_000);

  it('takes a list of SMILES, and holds an anonymous batch to 10 queries', async () => {
    const eleven = QUERY_ROWS.map(([smiles]) => smiles!).concat('c1ccccc1O');
    const refused = await submit({ search_type: 'morgan', db_names: 'ENAMINE-REAL' }, { smiles: eleven });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain('A batch holds at most 10 queries; this one has 11. Sign in to send up to 100.');
    const wrongType = await submit({ search_type: 'morgan', db_names: 'ENAMINE-REAL' }, { file: { name: 'hits.txt', content: 'CCO\n' } });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.data)).toContain('File type must be .csv, .smi, .xlsx, .sdf');
  });

  it('survives a restart: queued and running queries run when the server is back', async () => {
    const answer = await submit({ search_type: 'espsim_shape', db_names: 'MOLPORT' }, { smiles: QUERY_ROWS.slice(0, 6).map(([smiles]) => smiles!) });
    expect(answer.status).toBe(200);
    const id = answer.data.batch_id as string;
    client = new ApiClient((await test.restart()).url);
    const before = await client.json<Status>('/api/batch_status', { batch_id: id });
    expect(before.queries_total).toBe(6);
    const { final } = await waitForBatch(id);
    expect(final).toMatchObject({ queries_total: 6, queries_done: 6, queries_failed: 0 });
  }, 300_000);
});
