import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { loadRDKit, shapeTanimotoInPlace, tanimoto } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client.ts';
import { fingerprintOf, sampleRow } from './sample-molecules.ts';
import { molblockAtoms, parseCsv, parseSdf } from './parse-files.ts';
import { removeTestCatalogues, startTestServer } from './server-process.ts';
import type { TestServer } from './server-process.ts';

interface Page {
  smiles: string[];
  id: string[];
  database: string[];
  db_id: string[];
  similarity: number[];
  morgan_similarity: (number | null)[];
  shape_similarity: (number | null)[];
  electrostatic_similarity: (number | null)[];
}

const METHODS = ['morgan', 'espsim_shape', 'espsim_electrostatic', 'consensus'] as const;
type Method = (typeof METHODS)[number];
/** The score each method ranks by; consensus ranks by their fusion. */
const RANKED_BY: Partial<Record<Method, keyof Page>> = { morgan: 'morgan_similarity', espsim_shape: 'shape_similarity', espsim_electrostatic: 'electrostatic_similarity' };

function sampleSmiles(database: string, index: number): string {
  return sampleRow(database, index)[0];
}

afterAll(() => removeTestCatalogues());

describe.each(['sqlite', 'postgres'] as const)('every hit with its three scores, on %s', (store) => {
  let test: TestServer;
  let client: ApiClient;
  const pages = new Map<Method, Page>();
  const jobs = new Map<Method, string>();
  // A molecule of the 3D catalogue: its own row is its best hit by every method.
  const query = sampleSmiles('MOLPORT', 1);

  beforeAll(async () => {
    await loadRDKit();
    test = await startTestServer(store);
    const { env, dataDir } = test;
    client = new ApiClient(test.server.url);
    // On PostgreSQL a job's files are kept in the store (job_files), on SQLite in the data directory.
    const scoresStored = async (job: string): Promise<boolean> => {
      if (!env.DATABASE_URL) return existsSync(join(dataDir, 'jobs', job, 'scores', 'MOLPORT.scores'));
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      try {
        return (await db.query('select 1 from job_files where job_id = $1 and name = $2', [job, 'scores/MOLPORT.scores'])).rowCount! > 0;
      } finally {
        await db.end();
      }
    };
    for (const method of METHODS) {
      const { job_name } = await client.json<{ job_name: string }>('/api/submit_molsearch', {
        search_input: query,
        search_type: method,
        search_quality: 'fast',
        // Morgan also searches the catalogue without 3D models, whose hits have no 3D scores.
        db_names: method === 'morgan' ? 'ENAMINE-REAL,MOLPORT' : 'MOLPORT',
      });
      expect((await client.waitForJob(job_name, 120_000)).at(-1)).toBe('SUCCESS');
      // Consensus returns the three scores it fused, stored with its hits; the other methods' are computed when first read.
      expect(await scoresStored(job_name)).toBe(method === 'consensus');
      jobs.set(method, job_name);
      pages.set(method, await client.json<Page>('/api/get_molsearch_page', { job_name, page_size: 40 }));
    }
  }, 300_000);

  afterAll(async () => {
    if (test) expect(await test.close()).toBe(0);
  });

  it.each(METHODS)('gives all three scores on every hit of a %s search, the ranked one equal to its similarity', (method) => {
    const page = pages.get(method)!;
    expect(page.id.length).toBeGreaterThan(10);
    const fingerprint = fingerprintOf(query);
    for (const [i, smiles] of page.smiles.entries()) {
      expect(page.morgan_similarity[i]).toBeCloseTo(tanimoto(fingerprint, fingerprintOf(smiles)), 5);
      const has3d = page.database[i] === 'MOLPORT';
      for (const field of ['shape_similarity', 'electrostatic_similarity'] as const) {
        if (has3d) {
          expect(page[field][i]).toBeGreaterThanOrEqual(0);
          expect(page[field][i]).toBeLessThanOrEqual(1);
        } else expect(page[field][i]).toBeNull();
      }
      const ranked = RANKED_BY[method];
      if (ranked) expect(page[ranked][i]).toBe(page.similarity[i]);
    }
  });

  it('computes the scores a search did not rank by exactly as the search by them reports them', () => {
    const shape = pages.get('espsim_shape')!;
    const electrostatic = pages.get('espsim_electrostatic')!;
    const shapeById = new Map(shape.id.map((id, i) => [id, shape.similarity[i]!]));
    const electrostaticById = new Map(electrostatic.id.map((id, i) => [id, electrostatic.similarity[i]!]));
    let compared = 0;
    for (const page of [pages.get('morgan')!, electrostatic, pages.get('consensus')!]) {
      page.id.forEach((id, i) => {
        if (shapeById.has(id)) {
          expect(page.shape_similarity[i]).toBeCloseTo(shapeById.get(id)!, 5);
          compared++;
        }
      });
    }
    shape.id.forEach((id, i) => {
      if (electrostaticById.has(id)) expect(shape.electrostatic_similarity[i]).toBeCloseTo(electrostaticById.get(id)!, 5);
    });
    expect(compared).toBeGreaterThan(10);
  });

  it('answers one hit with the scores of its page', async () => {
    const page = pages.get('espsim_shape')!;
    const hit = await client.json<Record<string, unknown>>('/api/get_hit', { job_name: jobs.get('espsim_shape')!, db_name: 'MOLPORT', id: page.id[3]! });
    expect(hit).toMatchObject({
      id: page.id[3],
      smiles: page.smiles[3],
      db_id: page.db_id[3],
      rank: 4,
      similarity: page.similarity[3],
      morgan_similarity: page.morgan_similarity[3],
      shape_similarity: page.shape_similarity[3],
      electrostatic_similarity: page.electrostatic_similarity[3],
      search_type: 'espsim_shape',
    });
    expect(typeof (hit.properties as Record<string, unknown>).mw).toBe('number');
  });

  it.each(['espsim_shape', 'morgan'] as const)('gives the pose of a %s hit as two SD records whose coordinates reproduce its shape score', async (method) => {
    const page = pages.get(method)!;
    const at = page.database.findIndex((database, i) => database === 'MOLPORT' && i > 0);
    const answer = await client.request('GET', '/api/get_hit_pose', { job_name: jobs.get(method)!, db_name: 'MOLPORT', id: page.id[at]! });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('chemical/x-mdl-sdfile');
    const text = (answer.data as Buffer).toString('utf8');
    const records = await parseSdf(text);
    expect(records.map((record) => record.fields.role)).toEqual(['query', 'hit']);
    expect(records.every((record) => record.is3d)).toBe(true);
    expect(records[1]!.fields.id).toBe(page.id[at]);
    expect(Number(records[1]!.fields.shape_similarity)).toBeCloseTo(page.shape_similarity[at]!, 5);
    const [queryRecord, hitRecord] = text.split('$$$$\n');
    const [q, h] = [molblockAtoms(queryRecord!), molblockAtoms(hitRecord!.replace(/^\n/, ''))];
    expect(shapeTanimotoInPlace(q.elements, q.xyz, h.elements, h.xyz)).toBeCloseTo(page.shape_similarity[at]!, 2);
    expect(records[0]!.fields.atom_charges!.split(' ')).toHaveLength(q.elements.length);
    expect(records[1]!.fields.atom_charges!.split(' ')).toHaveLength(h.elements.length);
  });

  it('answers 404 for a hit not among the results and 422 for a hit without a 3D model', async () => {
    // Another account's job reads as unknown here as in every job call (accounts.test.ts).
    const page = pages.get('morgan')!;
    const params = { job_name: jobs.get('morgan')!, db_name: 'MOLPORT', id: page.id[page.database.indexOf('MOLPORT')]! };
    const unknown = await client.request('GET', '/api/get_hit_pose', { ...params, id: 'molport:NOPE:000000000000' });
    expect(unknown.status).toBe(404);
    expect((unknown.data as { error: { code: string } }).error.code).toBe('HIT_NOT_FOUND');
    const flat = page.database.indexOf('ENAMINE-REAL');
    const no3d = await client.request('GET', '/api/get_hit_pose', { ...params, db_name: 'ENAMINE-REAL', id: page.id[flat]! });
    expect(no3d.status).toBe(422);
    expect((no3d.data as { error: { code: string } }).error.code).toBe('NO_3D_MODEL');
  });

  it('downloads the three scores as columns, and a 3D SD file that starts with the query its hits overlay', async () => {
    const page = pages.get('espsim_shape')!;
    const job = jobs.get('espsim_shape')!;
    const csv = parseCsv((await client.download({ job_name: job, file_format: 'csv' })).file.toString('utf8'));
    const header = csv[0]!;
    expect(header.slice(0, 8)).toEqual(['smiles', 'id', 'db_id', 'database', 'similarity', 'morgan_similarity', 'shape_similarity', 'electrostatic_similarity']);
    for (const [i, row] of csv.slice(1, page.id.length + 1).entries()) {
      expect(row[1]).toBe(page.id[i]);
      expect(Number(row[5])).toBe(page.morgan_similarity[i]);
      expect(Number(row[6])).toBe(page.shape_similarity[i]);
      expect(Number(row[7])).toBe(page.electrostatic_similarity[i]);
    }
    const text = (await client.download({ job_name: job, file_format: 'sdf' })).file.toString('utf8');
    const [query, ...hits] = await parseSdf(text);
    expect(query!.fields.role).toBe('query');
    expect(hits.slice(0, page.id.length).map((hit) => hit.fields.id)).toEqual(page.id);
    expect(Number(hits[0]!.fields.shape_similarity)).toBe(page.shape_similarity[0]);
    // Every hit lies on the query record as posed: overlaid in place, it keeps most of its shape overlap.
    const [queryBlock, ...allHitBlocks] = text.split('$$$$\n').filter((block) => block.trim()).map((block) => block.replace(/^\n/, ''));
    const hitBlocks = allHitBlocks.slice(0, page.id.length);
    const q = molblockAtoms(queryBlock!);
    const overlays = hitBlocks.map((block, i) => {
      const h = molblockAtoms(block);
      return shapeTanimotoInPlace(q.elements, q.xyz, h.elements, h.xyz) / page.shape_similarity[i]!;
    });
    const sorted = [...overlays].sort((a, b) => a - b);
    console.log(`[sdf overlay] in-place shape / reported shape over ${overlays.length} hits: min ${sorted[0]!.toFixed(3)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)}, within 0.01: ${overlays.filter((r, i) => Math.abs(r * page.shape_similarity[i]! - page.shape_similarity[i]!) <= 0.01).length}`);
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeGreaterThan(0.8);
  });
});
