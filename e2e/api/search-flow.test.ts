import { loadRDKit, tanimoto, withMol } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.ts';
import { fingerprintOf, sampleRow } from './sample-molecules.ts';
import { canonicalSmiles, parseCsv, parseSdf, readXlsx } from './parse-files.ts';
import { TEST_CATALOGUE_ROWS, removeTestCatalogues, startTestServer } from './server-process.ts';
import type { TestServer } from './server-process.ts';

interface Page {
  smiles: string[];
  id: string[];
  database: string[];
  db_id: string[];
  similarity: number[];
  [property: string]: unknown[];
}

function firstSampleSmiles(database: string): string {
  return sampleRow(database, 0)[0];
}

function withoutStereo(smiles: string): string | undefined {
  return withMol(smiles, (mol) => mol.get_smiles(JSON.stringify({ doIsomericSmiles: false })));
}

// The same end-to-end flow on both stores: submit -> poll -> pages (with threshold) -> histogram -> downloads.
// File level: runs once every suite here has finished and stopped its servers.
afterAll(() => removeTestCatalogues());

describe.each(['sqlite', 'postgres'] as const)('the search flow against a server process on %s', (store) => {
  let test: TestServer;
  let client: ApiClient;
  let jobName: string;
  let querySmiles: string;

  beforeAll(async () => {
    await loadRDKit();
    test = await startTestServer(store);
    client = new ApiClient(test.server.url);
  });

  afterAll(async () => {
    if (test) expect(await test.close()).toBe(0);
  });

  it('lists the imported databases with their vendor details', async () => {
    const databases = await client.json<Record<string, Record<string, unknown>>>('/api/databases');
    expect(Object.keys(databases).sort()).toEqual(['ENAMINE-REAL', 'MOLPORT']);
    expect(databases['ENAMINE-REAL']).toMatchObject({ Vendor: 'Enamine', 'Number of molecules': TEST_CATALOGUE_ROWS, Email: 'N/A' });
    expect(databases.MOLPORT!.badges).toContain('MolPort');
    const health = await client.json('/api/health');
    expect(health).toMatchObject({ status: 'ok', databases: 2 });
  });

  it('submits a search and reports QUEUED / EXECUTING / SUCCESS', async () => {
    const [random] = await client.json<{ smiles: string; database: string }[]>('/api/random_molecule');
    expect(['ENAMINE-REAL', 'MOLPORT']).toContain(random!.database);
    // The first molecule of the Enamine sample, so the best hit is known: itself, at similarity 1.
    querySmiles = firstSampleSmiles('ENAMINE-REAL');
    const submitted = await client.json<{ job_name: string }>('/api/submit_molsearch', {
      search_input: querySmiles,
      search_type: 'morgan',
      search_quality: 'fast',
      db_names: 'ENAMINE-REAL,MOLPORT',
      compute_properties: 'false',
    });
    jobName = submitted.job_name;
    const statuses = await client.waitForJob(jobName);
    expect(statuses.at(-1)).toBe('SUCCESS');
    for (const status of statuses) expect(status).toMatch(/^(QUEUED|EXECUTING: Searching in (ENAMINE-REAL|MOLPORT) \(\d+%\)|SUCCESS)$/);
  });

  it('pages through one database best first, with exact Morgan similarities', async () => {
    const first = await client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_num: 0, page_size: 30, db_name: 'ENAMINE-REAL' });
    const second = await client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_num: 1, page_size: 30, db_name: 'ENAMINE-REAL' });
    expect(first.smiles).toHaveLength(30);
    expect(new Set([...first.id, ...second.id]).size).toBe(60);
    const similarities = [...first.similarity, ...second.similarity];
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    expect(first.database.every((name) => name === 'ENAMINE-REAL')).toBe(true);
    expect(first.id[0]).toMatch(/^enamine-real:[^:]+:[0-9a-f]{12}$/);
    const query = fingerprintOf(querySmiles);
    for (const [index, smiles] of first.smiles.entries()) {
      expect(first.similarity[index]).toBeCloseTo(tanimoto(query, fingerprintOf(smiles)), 5);
    }
    const last = await client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_num: 2, page_size: 30, db_name: 'ENAMINE-REAL' });
    expect(last.smiles).toHaveLength(0);
  });

  it('merges databases when no db_name is given and adds property arrays on request', async () => {
    const merged = await client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_num: 0, page_size: 1000, include_properties: 'true' });
    expect(merged.smiles).toHaveLength(2 * TEST_CATALOGUE_ROWS);
    expect(new Set(merged.database)).toEqual(new Set(['ENAMINE-REAL', 'MOLPORT']));
    expect(merged.similarity[0]).toBe(1);
    expect(merged.similarity).toEqual([...merged.similarity].sort((a, b) => b - a));
    expect(merged.mw).toHaveLength(merged.smiles.length);
    expect(typeof merged.mw![0]).toBe('number');
  });

  it('filters by similarity threshold exactly like the unfiltered list', async () => {
    const all = await client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_size: 1000, db_name: 'MOLPORT' });
    const threshold = all.similarity[Math.floor(all.similarity.length / 4)]!;
    const filtered = await client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_size: 1000, db_name: 'MOLPORT', sim_th: threshold });
    expect(filtered.id).toEqual(all.id.filter((_, index) => all.similarity[index]! >= threshold));
    expect(filtered.similarity.every((value) => value >= threshold)).toBe(true);
  });

  it('answers histograms whose counts add up to the hits', async () => {
    const histogram = await client.json<{ n_bins: number; bin_edges: number[]; databases: Record<string, { counts: number[]; total: number; max: number }> }>(
      '/api/get_sim_histograms',
      { job_name: jobName },
    );
    expect(histogram.n_bins).toBe(50);
    expect(histogram.bin_edges).toHaveLength(51);
    for (const database of ['ENAMINE-REAL', 'MOLPORT']) {
      const entry = histogram.databases[database]!;
      expect(entry.counts).toHaveLength(50);
      expect(entry.counts.reduce((a, b) => a + b, 0)).toBe(entry.total);
      expect(entry.total).toBe(TEST_CATALOGUE_ROWS);
    }
    const coarse = await client.json<{ databases: Record<string, { counts: number[] }> }>('/api/get_sim_histograms', { job_name: jobName, n_bins: 4 });
    expect(coarse.databases.MOLPORT!.counts).toHaveLength(4);
  });

  it('builds every download format, and each parses back to the same hits', async () => {
    const all = await client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_size: 1000, db_name: 'ENAMINE-REAL' });
    const threshold = all.similarity[24]!;
    const expected = await client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_size: 1000, db_name: 'ENAMINE-REAL', sim_th: threshold });
    expect(expected.smiles.length).toBeGreaterThanOrEqual(25);
    const params = { job_name: jobName, db_name: 'ENAMINE-REAL', sim_th: threshold, include_properties: true, include_metadata: true };

    const csv = parseCsv((await client.download({ ...params, file_format: 'csv' })).file.toString('utf8'));
    const header = csv[0]!;
    expect(header.slice(0, 5)).toEqual(['smiles', 'id', 'db_id', 'database', 'similarity']);
    expect(header).toEqual(expect.arrayContaining(['mw', 'vendor', 'website', 'order_email']));
    expect(csv.slice(1).map((row) => row[1])).toEqual(expected.id);
    expect(csv[1]![header.indexOf('vendor')]).toBe('Enamine');

    const sdf = await parseSdf((await client.download({ ...params, file_format: 'sdf' })).file.toString('utf8'));
    expect(sdf.map((entry) => entry.fields.id)).toEqual(expected.id);
    for (const [index, entry] of sdf.slice(0, 10).entries()) {
      expect(entry.canonical).toBe(await canonicalSmiles(expected.smiles[index]!));
      expect(entry.hasCoordinates).toBe(true);
    }

    const smi = (await client.download({ ...params, file_format: 'smi' })).file.toString('utf8').trimEnd().split('\n');
    expect(smi.map((line) => line.split('\t')[1])).toEqual(expected.db_id);

    const xlsx = await readXlsx((await client.download({ ...params, file_format: 'xlsx' })).file);
    expect(xlsx[0]!.slice(0, 5)).toEqual(['smiles', 'id', 'db_id', 'database', 'similarity']);
    expect(xlsx.slice(1).map((row) => row[1])).toEqual(expected.id);
  });

  it('runs an electrostatic search and downloads its hits as 3D poses aligned on the query', async () => {
    // A salt-free molecule of the sample: the best hit is itself, at similarity 1.
    const [smiles, vendorId] = sampleRow('MOLPORT', 1);
    const submitted = await client.json<{ job_name: string }>('/api/submit_molsearch', {
      search_input: smiles,
      search_type: 'espsim_electrostatic',
      search_quality: 'fast',
      db_names: 'MOLPORT',
    });
    expect((await client.waitForJob(submitted.job_name)).at(-1)).toBe('SUCCESS');
    const page = await client.json<Page>('/api/get_molsearch_page', { job_name: submitted.job_name, page_size: 10, db_name: 'MOLPORT' });
    expect(page.db_id[0]).toBe(vendorId);
    expect(page.similarity[0]).toBeGreaterThan(0.99);
    const { file } = await client.download({ job_name: submitted.job_name, file_format: 'sdf', db_name: 'MOLPORT' }, page.id);
    const [query, ...sdf] = await parseSdf(file.toString('utf8'));
    // The query first, in the frame its hits are posed in.
    expect(query!.fields.role).toBe('query');
    expect(query!.is3d).toBe(true);
    expect(withoutStereo(query!.canonical)).toBe(withoutStereo(smiles));
    expect(sdf.map((entry) => entry.fields.db_id)).toEqual(page.db_id);
    for (const [index, entry] of sdf.entries()) {
      expect(entry.is3d).toBe(true);
      // A 3D pose is one stereoisomer: centres the catalogue leaves open get the conformer's configuration,
      // while every centre the catalogue specifies must come back as it was.
      const hit = page.smiles[index]!;
      expect(withoutStereo(entry.canonical)).toBe(withoutStereo(hit));
      if (hit.includes('@')) expect(entry.canonical).toBe(await canonicalSmiles(hit));
    }
  });

  it('downloads only the selected neighbor_ids', async () => {
    const page = await client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_size: 10 });
    const chosen = [page.id[1]!, page.id[4]!, page.id[7]!];
    const { file, link } = await client.download({ job_name: jobName, file_format: 'csv' }, chosen);
    expect(link.num_molecules).toBe(3);
    expect(String(link.download_link)).toContain('selected');
    expect(parseCsv(file.toString('utf8')).slice(1).map((row) => row[1])).toEqual(chosen);
  });
});
