import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { alignedHitMolblock, alignedHitMolblocks } from './aligned-pose.ts';
import { createRescorePool } from './rescore-pool.ts';
import type { RescorePool } from './rescore-pool.ts';
import { shapeQuery } from './shape-query.ts';
import type { ShapeQuery } from './shape-query.ts';

// Small real molecules keep conformer generation quick; more rows than one chunk of 2, so chunks overlap on the workers.
const ROWS = ['c1ccccc1O\tPHENOL', 'OC(=O)c1ccccc1O\tSALICYLIC', 'CC(=O)Nc1ccc(O)cc1\tPARACETAMOL', 'CCCCCCO\tHEXANOL', 'c1ccc2ccccc2c1\tNAPHTHALENE', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C\tCAFFEINE', 'CC(=O)Oc1ccccc1C(=O)O\tASPIRIN'];

let dir: string;
let catalogue: Catalogue;
let query: ShapeQuery;
let pool: RescorePool;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-poses-'));
  const smi = join(dir, 'small.smi');
  await writeFile(smi, `${ROWS.join('\n')}\n`);
  await importCatalogue({ files: [smi], id: 'POSES', dataDir: join(dir, 'data'), workers: 0, shape: { conformers: 2, seed: 42, timeBudgetMs: 2000 } });
  catalogue = await openCatalogue(join(dir, 'data'), 'POSES');
  query = await shapeQuery('OC(=O)c1ccccc1O');
  pool = createRescorePool(2);
});

afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

describe('aligned molblocks of many hits', () => {
  for (const method of ['espsim_shape', 'espsim_electrostatic'] as const) {
    it(`gives on the re-scoring pool exactly the molblocks of one thread, row by row, by ${method}`, async () => {
      const rows = [6, 0, 3, 1, 5, 2, 4, 1];
      const titles = rows.map((row) => `hit ${catalogue.compoundId(row)}`);
      const notes: number[] = [];
      const here = await alignedHitMolblocks(query, method, catalogue, rows, { titles, chunk: 2 });
      const pooled = await alignedHitMolblocks(query, method, catalogue, rows, { titles, chunk: 2, pool, onProgress: (fraction) => notes.push(fraction) });
      expect(pooled).toEqual(here);
      rows.forEach((row, i) => expect(here[i]).toBe(alignedHitMolblock(query, method, catalogue, row, titles[i]!)));
      expect(here[0]!.split('\n')[0]).toBe(`hit ${catalogue.compoundId(6)}`);
      expect(here[0]).toMatch(/M {2}END\n$/);
      expect(notes).toEqual([...notes].sort((a, b) => a - b));
      expect(notes.at(-1)).toBe(1);
    });
  }

  it('titles each record with the compound id by default', async () => {
    const [molblock] = await alignedHitMolblocks(query, 'espsim_shape', catalogue, [2], { pool });
    expect(molblock!.split('\n')[0]).toBe(catalogue.compoundId(2));
  });

  it('stops at a cancellation, on the pool and on this thread', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => i % catalogue.count);
    for (const options of [{ pool }, {}]) {
      const controller = new AbortController();
      const attempt = alignedHitMolblocks(query, 'espsim_shape', catalogue, rows, {
        ...options,
        chunk: 2,
        signal: controller.signal,
        onProgress: (fraction) => {
          if (fraction >= 0.1) controller.abort();
        },
      });
      await expect(attempt).rejects.toMatchObject({ code: 'ABORTED', message: 'Aligning the hits was cancelled.' });
    }
  });
});
