import { SubstructureMatcher, loadRDKit } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.ts';
import { removeTestCatalogues, startTestServer } from './server-process.ts';
import type { TestServer } from './server-process.ts';

type Page = { smiles: string[]; id: string[]; database: string[]; similarity: number[] } & Record<string, unknown[]>;
type Status = { status: string; num_results: number | null; filters: Record<string, unknown>; notes: string[] };

// A kinase-inhibitor-like query: an aryl amide, so substructure and property filters both bite on vendor rows.
const QUERY = 'CC(=O)Nc1ccc(cc1)S(=O)(=O)N1CCCCC1';
const FILTERS = { mw_min: 200, mw_max: 400, clogp_max: 3.5, hbd_max: 2, lipinski: 'true', veber: 'true' };

/** Whether a page row passes FILTERS, by the property values the page reports. */
function passes(page: Page, index: number): boolean {
  const value = (key: string): number => page[key]![index] as number;
  return value('mw') >= 200 && value('mw') <= 400 && value('clogp') <= 3.5 && value('hbd') <= 2 && value('lipinski_violations') <= 1 && page.veber_pass![index] === true;
}

afterAll(() => removeTestCatalogues());

describe.each(['sqlite', 'postgres'] as const)('filters and substructures against a server process on %s', (store) => {
  let test: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    await loadRDKit();
    test = await startTestServer(store);
    client = new ApiClient(test.server.url);
  }, 120_000);

  afterAll(async () => {
    if (test) expect(await test.close()).toBe(0);
  });

  async function searchJob(params: Record<string, string | number>): Promise<string> {
    const { job_name } = await client.json<{ job_name: string }>('/api/submit_molsearch', { search_input: QUERY, search_quality: 'fast', compute_properties: 'true', ...params });
    expect((await client.waitForJob(job_name, 120_000)).at(-1)).toBe('SUCCESS');
    return job_name;
  }

  const allHits = (jobName: string, database: string) => client.json<Page>('/api/get_molsearch_page', { job_name: jobName, page_size: 1000, db_name: database, include_properties: 'true' });

  it.each([
    ['morgan', 'ENAMINE-REAL'],
    ['morgan', 'MOLPORT'],
    ['espsim_shape', 'MOLPORT'],
  ])('%s in %s: every hit passes and the hits are the unfiltered ones that pass, in order', async (method, database) => {
    const filtered = await allHits(await searchJob({ search_type: method, db_names: database, ...FILTERS }), database);
    const unfiltered = await allHits(await searchJob({ search_type: method, db_names: database }), database);
    expect(filtered.id.length).toBeGreaterThan(0);
    filtered.id.forEach((_, index) => expect(passes(filtered, index)).toBe(true));
    expect(filtered.id).toEqual(unfiltered.id.filter((_, index) => passes(unfiltered, index)));
    expect(filtered.similarity).toEqual(unfiltered.similarity.filter((_, index) => passes(unfiltered, index)));
  }, 240_000);

  it('stores the filters with the job, and a restarted server still answers them', async () => {
    const jobName = await searchJob({ search_type: 'morgan', db_names: 'ENAMINE-REAL', ...FILTERS, exclude_pains: 'true' });
    const expected = { ranges: { mw: { min: 200, max: 400 }, clogp: { max: 3.5 }, hbd: { max: 2 } }, lipinski: true, veber: true, exclude_pains: true };
    expect((await client.json<Status>('/api/job_status', { job_name: jobName })).filters).toEqual(expected);
    client = new ApiClient((await test.restart()).url);
    expect(await client.json<Status>('/api/job_status', { job_name: jobName })).toMatchObject({ status: 'SUCCESS', filters: expected });
  }, 240_000);

  it.each([
    ['morgan', 'ENAMINE-REAL'],
    ['espsim_electrostatic', 'MOLPORT'],
  ])('%s in %s with a required amide: every hit contains it, best first', async (method, database) => {
    const amide = 'C(=O)N';
    const constrained = await allHits(await searchJob({ search_type: method, db_names: database, substructure: amide }), database);
    const unfiltered = await allHits(await searchJob({ search_type: method, db_names: database }), database);
    const matcher = new SubstructureMatcher(amide);
    try {
      const has = (smiles: string): boolean => matcher.matches(smiles);
      expect(constrained.id.length).toBeGreaterThan(0);
      expect(constrained.smiles.every(has)).toBe(true);
      expect(constrained.id).toEqual(unfiltered.id.filter((_, index) => has(unfiltered.smiles[index]!)));
    } finally {
      matcher.close();
    }
  }, 240_000);

  it('a SMARTS nothing matches gives an empty result with a note saying why', async () => {
    const jobName = await searchJob({ search_type: 'morgan', db_names: 'ENAMINE-REAL,MOLPORT', substructure: '[#6]~[Xe]' });
    const status = await client.json<Status>('/api/job_status', { job_name: jobName });
    expect(status.num_results).toBe(0);
    expect(status.notes).toEqual([
      'No molecule in ENAMINE-REAL contains the substructure [#6]~[Xe]: all 60 molecules the search ranked were checked, so there are no more hits.',
      'No molecule in MOLPORT contains the substructure [#6]~[Xe]: all 60 molecules the search ranked were checked, so there are no more hits.',
    ]);
  }, 120_000);

  it('refuses a range upside down and a substructure RDKit cannot read, by parameter', async () => {
    const answer = await client.request('GET', '/api/submit_molsearch', { search_input: QUERY, db_names: 'ENAMINE-REAL', mw_min: 500, mw_max: 300, substructure: 'C1CC(' });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      error: {
        code: 'INVALID_PARAMETERS',
        details: [
          { field: 'mw_min', message: 'The mw minimum (500) is above its maximum (300).' },
          { field: 'substructure', message: 'The substructure "C1CC(" is neither a valid SMILES nor a valid SMARTS.' },
        ],
      },
    });
  });
});
