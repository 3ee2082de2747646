import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeModel, encodeModel } from '@molsearch/chem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { SHAPE_CANDIDATES } from './grid-candidates.ts';
import { STAGE2_PRESCORE, prescoreShare, prescoredCandidates, queryOnConformers, stage1Wanted } from './prescore.ts';
import { rescoreModels } from './rescore-pool.ts';
import { shapeQuery } from './shape-query.ts';
import type { ShapeQuery } from './shape-query.ts';
import { shapeSearch } from './shape-search.ts';

const ROWS = [
  'c1ccccc1O\tPHENOL', 'OC(=O)c1ccccc1O\tSALICYLIC', 'CC(=O)Nc1ccc(O)cc1\tPARACETAMOL', 'CCCCCCO\tHEXANOL',
  'c1ccc2ccccc2c1\tNAPHTHALENE', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C\tCAFFEINE', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O\tIBUPROFEN',
];

let dir: string;
let catalogue: Catalogue;
let query: ShapeQuery;
const fastShape = STAGE2_PRESCORE.espsim_shape.fast;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-prescore-'));
  const smi = join(dir, 'small.smi');
  await writeFile(smi, `${ROWS.join('\n')}\n`);
  await importCatalogue({ files: [smi], id: 'PRESCORE-3D', dataDir: join(dir, 'data'), workers: 0, shape: { conformers: 2, seed: 42, timeBudgetMs: 2000 } });
  catalogue = await openCatalogue(join(dir, 'data'), 'PRESCORE-3D');
  // Flexible, so it has many distinct conformers.
  query = await shapeQuery('CC(C)Cc1ccc(cc1)C(C)C(=O)O');
});

afterEach(() => {
  if (fastShape) STAGE2_PRESCORE.espsim_shape.fast = fastShape;
  else delete STAGE2_PRESCORE.espsim_shape.fast;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const models = () => Array.from({ length: catalogue.count }, (_, row) => catalogue.shape!.model(row));

describe('a first alignment on a few query conformers', () => {
  it('takes evenly spaced conformers of the query with their summaries', () => {
    const total = query.model.conformers.length;
    expect(total).toBeGreaterThan(4);
    const picks = [0, 1, 2, 3].map((i) => Math.floor((i * total) / 4));
    const reduced = queryOnConformers(query.model, 4);
    expect(reduced.conformers).toEqual(picks.map((k) => query.model.conformers[k]));
    expect(reduced.charges).toBe(query.model.charges);
    expect(reduced.summaries).toBeUndefined();
    // A model read from its encoding carries a summary per conformer: they go with their conformers.
    const decoded = decodeModel(encodeModel(query.model));
    expect(queryOnConformers(decoded, 4).summaries).toEqual(picks.map((k) => decoded.summaries![k]));
  });

  it('is skipped where the table has none, or when no more candidates than it keeps arrive', async () => {
    delete STAGE2_PRESCORE.espsim_shape.fast;
    expect(await prescoredCandidates(query.model, 'espsim_shape', 'fast', models(), {})).toBeUndefined();
    expect(prescoreShare('espsim_shape', 'fast', catalogue.count)).toBe(0);
    STAGE2_PRESCORE.espsim_shape.fast = { candidates: catalogue.count, conformers: 2, kept: catalogue.count };
    expect(await prescoredCandidates(query.model, 'espsim_shape', 'fast', models(), {})).toBeUndefined();
    expect(STAGE2_PRESCORE.espsim_electrostatic.very_accurate).toBeUndefined();
  });

  it('keeps the candidates it ranks best, and the search returns their exact scores', async () => {
    const options = { method: 'espsim_shape' as const, quality: 'fast' as const, limit: 10, threshold: 0 };
    delete STAGE2_PRESCORE.espsim_shape.fast;
    const exact = await shapeSearch(catalogue, query, options);
    expect(exact.rows.length).toBe(catalogue.count);
    STAGE2_PRESCORE.espsim_shape.fast = { candidates: 100, conformers: 2, kept: 3 };
    expect(stage1Wanted('espsim_shape', 'fast')).toBe(100);
    expect(stage1Wanted('espsim_electrostatic', 'fast')).toBe(SHAPE_CANDIDATES.fast);
    const first = await rescoreModels(queryOnConformers(query.model, 2), 'espsim_shape', models());
    const best = [...first.keys()].sort((a, b) => first[b]! - first[a]!).slice(0, 3).sort((a, b) => a - b);
    expect([...(await prescoredCandidates(query.model, 'espsim_shape', 'fast', models(), {}))!]).toEqual(best);
    const fractions: number[] = [];
    const kept = await shapeSearch(catalogue, query, { ...options, onProgress: (fraction) => fractions.push(fraction) });
    expect([...kept.rows].sort((a, b) => a - b)).toEqual(best);
    // The query itself ranks first, and every hit carries the score the search without a first alignment gives it.
    expect(catalogue.compoundId(kept.rows[0]!)).toBe('IBUPROFEN');
    kept.rows.forEach((row, i) => expect(kept.similarities[i]).toBe(exact.similarities[[...exact.rows].indexOf(row)]));
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  });
});
