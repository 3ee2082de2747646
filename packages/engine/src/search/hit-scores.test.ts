import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shapeTanimotoInPlace } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { hitPose } from '../shape/hit-pose.ts';
import { hitScorer } from './hit-scores.ts';
import { search } from './search.ts';
import { closeSearchPool } from './shared-pools.ts';

const ROWS = ['c1ccccc1O\tPHENOL', 'OC(=O)c1ccccc1O\tSALICYLIC', 'CC(=O)Nc1ccc(O)cc1\tPARACETAMOL', 'CCCCCCO\tHEXANOL', 'c1ccc2ccccc2c1\tNAPHTHALENE', 'CC(=O)Oc1ccccc1C(=O)O\tASPIRIN'];
const QUERY = 'OC(=O)c1ccccc1O';

let dir: string;
let dataDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-hit-scores-'));
  dataDir = join(dir, 'data');
  const smi = join(dir, 'small.smi');
  await writeFile(smi, `${ROWS.join('\n')}\n`);
  await importCatalogue({ files: [smi], id: 'SCORED', dataDir, workers: 0, shape: { conformers: 2, seed: 42, timeBudgetMs: 2000 } });
  await importCatalogue({ files: [smi], id: 'FLAT', dataDir, workers: 0 });
});

afterAll(async () => {
  await closeSearchPool();
  await rm(dir, { recursive: true, force: true });
});

/** The search's own scores by `method`, row by row. */
async function searched(method: 'morgan' | 'espsim_shape' | 'espsim_electrostatic', database = 'SCORED'): Promise<Map<number, number>> {
  const result = await search({ smiles: QUERY, method, quality: 'fast', databases: [database], limit: 100 }, { dataDir, threads: 2 });
  const hits = result.databases[0]!;
  return new Map(Array.from(hits.rows, (row, i) => [row, hits.similarities[i]!]));
}

describe('the three scores of found hits', () => {
  it('are the scores each method itself reports for the same rows', async () => {
    const [morgan, shape, electrostatic] = [await searched('morgan'), await searched('espsim_shape'), await searched('espsim_electrostatic')];
    const rows = [...shape.keys()];
    const scores = await hitScorer(QUERY, { dataDir, threads: 2 }).scores('SCORED', rows);
    rows.forEach((row, i) => {
      expect(scores.morgan[i]).toBeCloseTo(morgan.get(row)!, 6);
      expect(scores.shape![i]).toBeCloseTo(shape.get(row)!, 5);
      if (electrostatic.has(row)) expect(scores.electrostatic![i]).toBeCloseTo(electrostatic.get(row)!, 5);
    });
  });

  it('gives the Morgan score alone for a catalogue without 3D columns', async () => {
    const flat = await openCatalogue(dataDir, 'FLAT');
    const salicylic = Array.from({ length: flat.count }, (_, row) => row).find((row) => flat.compoundId(row) === 'SALICYLIC')!;
    const scores = await hitScorer(QUERY, { dataDir, threads: 1 }).scores('FLAT', [salicylic]);
    expect(scores.morgan[0]).toBeCloseTo(1, 6);
    expect(scores.shape).toBeNull();
    expect(scores.electrostatic).toBeNull();
  });
});

describe('the pose of one hit', () => {
  it('gives the Morgan score alone for a query no 3D model can be built for', async () => {
    for (const smiles of ['*', '[H][H]']) {
      const scores = await hitScorer(smiles, { dataDir, threads: 2 }).scores('SCORED', [0, 1]);
      expect(scores.morgan).toHaveLength(2);
      expect(scores.shape).toBeNull();
      expect(scores.electrostatic).toBeNull();
      expect(await hitScorer(smiles, { dataDir, threads: 1 }).shapeQueryFor('SCORED')).toBeUndefined();
    }
  });

  it("lays the hit on the query conformer it aligns to, whose coordinates reproduce the shape score in place", async () => {
    const scorer = hitScorer(QUERY, { dataDir, threads: 1 });
    const query = (await scorer.shapeQueryFor('SCORED'))!;
    const catalogue = await openCatalogue(dataDir, 'SCORED');
    const shape = await searched('espsim_shape');
    const row = Array.from({ length: catalogue.count }, (_, r) => r).find((r) => catalogue.compoundId(r) === 'ASPIRIN')!;
    const pose = (await hitPose(query, catalogue, row, { query: 'query', hit: 'ASPIRIN' }))!;
    expect(pose.shape).toBeCloseTo(shape.get(row)!, 5);
    const read = (molblock: string): { elements: number[]; xyz: Float64Array } => {
      const lines = molblock.split('\n');
      const count = Number.parseInt(lines[3]!.slice(0, 3), 10);
      const atoms = lines.slice(4, 4 + count);
      const numbers: Record<string, number> = { C: 6, N: 7, O: 8 };
      return {
        elements: atoms.map((line) => numbers[line.slice(31, 34).trim()]!),
        xyz: Float64Array.from(atoms.flatMap((line) => [line.slice(0, 10), line.slice(10, 20), line.slice(20, 30)].map(Number))),
      };
    };
    const [q, h] = [read(pose.queryMolblock), read(pose.hitMolblock)];
    expect(shapeTanimotoInPlace(q.elements, q.xyz, h.elements, h.xyz)).toBeCloseTo(pose.shape, 2);
    expect(pose.queryCharges).toHaveLength(q.elements.length);
    expect(pose.hitCharges).toHaveLength(h.elements.length);
    // Salicylic acid at pH 7.4 is the carboxylate: its united-atom charges add up to -1.
    expect(pose.queryCharges.reduce((sum, charge) => sum + charge, 0)).toBeCloseTo(-1, 1);
  });
});
