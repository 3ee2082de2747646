import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../api/api-client.ts';
import { freshDataDir, removeTestCatalogues, startServerProcess } from '../api/server-process.ts';
import type { ServerProcess } from '../api/server-process.ts';
import { FuzzTally, adversarialBatch, fuzzSettings, fuzzTimeoutMs } from './adversarial-smiles.ts';

// The server process fed adversarial SMILES over HTTP: drawings on its own thread, Morgan searches, and 3D
// searches whose query conformers are embedded on its conformer worker threads. After every batch a trivial
// molecule must draw and search exactly as it did before, and the health check must say ok.

/** Found by this fuzz: drawing this small ion traps RDKit's WebAssembly build although it is within the limits. */
const TRAPS_WHEN_DRAWN = '[Xe@SP3H3-147]';
const MOLPORT_3D = 'MOLPORT';

interface Reference {
  svg: string;
  morgan: number[];
  shape: number[];
}

type Answer = Awaited<ReturnType<ApiClient['request']>>;

function expectCleanRefusal(answer: Answer, input: string): void {
  expect([400, 413, 422], `${answer.status} for ${JSON.stringify(input.slice(0, 80))}`).toContain(answer.status);
  const body = JSON.stringify(answer.data);
  // No stack traces, no file paths.
  expect(body).not.toMatch(/\.ts:\d|at [\w.]+ \(|\/work\/|node_modules/);
}

async function searchSimilarities(client: ApiClient, smiles: string, method: string): Promise<{ status: string; similarities: number[]; reason?: string }> {
  const submitted = await client.request('GET', '/api/submit_molsearch', { search_input: smiles, search_type: method, search_quality: 'fast', db_names: MOLPORT_3D });
  if (submitted.status !== 200) return { status: String(submitted.status), similarities: [] };
  const jobName = (submitted.data as { job_name: string }).job_name;
  const statuses = await client.waitForJob(jobName, 60_000);
  const final = statuses.at(-1)!;
  if (final !== 'SUCCESS') {
    const status = await client.json<{ reason: string }>('/api/job_status', { job_name: jobName });
    return { status: final, similarities: [], reason: status.reason };
  }
  const page = await client.json<{ similarity: number[] }>('/api/get_molsearch_page', { job_name: jobName, page_num: 1, page_size: 10 });
  return { status: final, similarities: page.similarity };
}

describe('the server under adversarial SMILES', () => {
  let server: ServerProcess;
  let client: ApiClient;
  let remove: () => Promise<void>;
  let reference: Reference;

  beforeAll(async () => {
    const data = await freshDataDir();
    remove = data.remove;
    server = await startServerProcess(data.dir, { RATE_LIMITING: 'off', SEARCH_THREADS: '2' });
    client = new ApiClient(server.url);
    const svg = await client.request('GET', '/api/depict', { smiles: 'CCO' });
    reference = {
      svg: (svg.data as Buffer).toString(),
      morgan: (await searchSimilarities(client, 'CCO', 'morgan')).similarities,
      shape: (await searchSimilarities(client, 'CCO', 'espsim_shape')).similarities,
    };
    expect(reference.morgan.length).toBeGreaterThan(0);
    expect(reference.shape.length).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await server?.stop();
    await remove?.();
    await removeTestCatalogues();
  });

  async function expectStillSound(withShape: boolean): Promise<void> {
    const health = await client.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.data).toMatchObject({ status: 'ok', chemistry: 'ready' });
    const svg = await client.request('GET', '/api/depict', { smiles: 'CCO' });
    expect(svg.status).toBe(200);
    expect((svg.data as Buffer).toString()).toBe(reference.svg);
    expect((await searchSimilarities(client, 'CCO', 'morgan')).similarities).toEqual(reference.morgan);
    if (withShape) expect((await searchSimilarities(client, 'CCO', 'espsim_shape')).similarities).toEqual(reference.shape);
  }

  it('refuses a molecule that breaks the toolkit with 422 and draws the next one as before', async () => {
    const before = (await client.json<{ chemistry_faults: number }>('/api/health')).chemistry_faults;
    const answer = await client.request('GET', '/api/depict', { smiles: TRAPS_WHEN_DRAWN });
    expect(answer.status).toBe(422);
    expect(answer.data).toMatchObject({ error: { code: 'MOLECULE_TOO_COMPLEX', message: 'Molecule is too large or too complex to process' } });
    expect((await client.json<{ chemistry_faults: number }>('/api/health')).chemistry_faults).toBe(before + 1);
    await expectStillSound(false);
  }, fuzzTimeoutMs(300_000));

  it('refuses a chain over the size limit before the toolkit sees it, on every route that takes a SMILES', async () => {
    const chain = 'C'.repeat(900);
    const depict = await client.request('GET', '/api/depict', { smiles: chain });
    expect(depict.status).toBe(422);
    expect(depict.data).toMatchObject({ error: { message: 'Molecule is too large or too complex to process: 900 heavy atoms (at most 350)' } });
    const submit = await client.request('GET', '/api/submit_molsearch', { search_input: chain, search_type: 'morgan', db_names: MOLPORT_3D });
    expect(submit.status).toBe(400);
    expect(JSON.stringify(submit.data)).toContain('900 heavy atoms (at most 350)');
    await expectStillSound(false);
  }, fuzzTimeoutMs(300_000));

  it('answers every input with a drawing, a search or a clear refusal, and CCO is unchanged after every batch', async () => {
    const settings = fuzzSettings(40);
    const tally = new FuzzTally();
    let batchNumber = 0;
    let shapeSearches = 0;
    await fc.assert(
      fc.asyncProperty(adversarialBatch(25), async (batch) => {
        batchNumber++;
        for (const input of batch) {
          const drawn = await client.request('GET', '/api/depict', { smiles: input });
          if (drawn.status !== 200) expectCleanRefusal(drawn, input);
          // Three-dimensional searches cost seconds each: a few per batch, the rest by fingerprint.
          const method = drawn.status === 200 && shapeSearches < batchNumber ? 'espsim_shape' : 'morgan';
          const searched = await searchSimilarities(client, input, method);
          if (/^\d+$/.test(searched.status)) {
            tally.add(`depict ${drawn.status}, search refused ${searched.status}`, input);
            continue;
          }
          if (method === 'espsim_shape') shapeSearches++;
          if (searched.reason !== undefined) expect(searched.reason).not.toMatch(/\.ts:\d|\/work\/|node_modules|Error:/);
          tally.add(`depict ${drawn.status}, ${method} search ${searched.status}${searched.reason ? `: ${searched.reason}` : ''}`, input);
        }
        await expectStillSound(batchNumber % 10 === 0);
      }),
      { numRuns: settings.numRuns, seed: settings.seed, endOnFailure: true },
    );
    if (settings.report) tally.print('server over HTTP', settings.seed);
    expect(tally.total).toBe(settings.numRuns * 25);
    expect(shapeSearches).toBeGreaterThan(0);
  }, fuzzTimeoutMs(300_000));
});
