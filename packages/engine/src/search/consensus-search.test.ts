import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeModel, score, tanimoto } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue } from '../catalogue/open-catalogue.ts';
import type { Catalogue } from '../catalogue/catalogue-reader.ts';
import { catalogueChargeModel } from '../features/charge-model.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { morganQuery } from '../morgan/morgan-query.ts';
import { shapeQuery } from '../shape/shape-query.ts';
import { consensusShare, consensusSources } from './consensus-search.ts';
import { consensusReferenceRows } from './reference-sample.ts';
import { rarity, rarityModel } from './score-fusion.ts';
import { search } from './search.ts';
import { closeSearchPool } from './shared-pools.ts';

const ROWS = [
  'CC(=O)Nc1ccc(O)cc1\tPARACETAMOL',
  'CC(=O)Nc1ccc(OC)cc1\tMETHACETIN',
  'CCOc1ccc(NC(C)=O)cc1\tPHENACETIN',
  'CC(=O)Nc1ccccc1\tACETANILIDE',
  'Nc1ccc(O)cc1\tAMINOPHENOL',
  'OC(=O)c1ccccc1O\tSALICYLIC',
  'CC(=O)Oc1ccccc1C(=O)O\tASPIRIN',
  'c1ccccc1O\tPHENOL',
  'CCCCCCO\tHEXANOL',
  'c1ccc2ccccc2c1\tNAPHTHALENE',
  'Cn1cnc2c1c(=O)n(C)c(=O)n2C\tCAFFEINE',
  'CC(C)Cc1ccc(C(C)C(=O)O)cc1\tIBUPROFEN',
  'CN(C)CCOC(c1ccccc1)c1ccccc1\tDIPHENHYDRAMINE',
  'O=C1CCCCC1\tCYCLOHEXANONE',
];
const QUERY = 'CC(=O)Nc1ccc(O)cc1';

let dir: string;
let dataDir: string;
let catalogue: Catalogue;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-consensus-'));
  dataDir = join(dir, 'data');
  const smi = join(dir, 'drugs.smi');
  await writeFile(smi, `${ROWS.join('\n')}\n`);
  await importCatalogue({ files: [smi], id: 'DRUGS', dataDir, workers: 0, shape: { conformers: 2, seed: 42, timeBudgetMs: 2000 } });
  catalogue = await openCatalogue(dataDir, 'DRUGS');
}, 240_000);

afterAll(async () => {
  await closeSearchPool();
  await rm(dir, { recursive: true, force: true });
});

describe('consensus search', () => {
  it('returns for every hit the fusion of its three exact scores, which it also returns', async () => {
    const result = await search({ smiles: QUERY, method: 'consensus', quality: 'fast', databases: ['DRUGS'], limit: 100 }, { dataDir, threads: 1 });
    const hits = result.databases[0]!;
    expect(hits.rows.length).toBe(ROWS.length);
    const { morgan, shape, electrostatic } = hits.components!;
    // Recomputed here: the query as the catalogue's molecules were built, every score by the scorers themselves.
    const fingerprint = (await morganQuery(QUERY)).fingerprint;
    const query = await shapeQuery(QUERY, undefined, catalogueChargeModel(catalogue.manifest.shape!));
    const exact = (row: number) => {
      const scored = score(query.model, decodeModel(catalogue.shape!.model(row)), 'espsim_shape', { withElectrostatic: true, electrostaticForm: 'shape_tanimoto' });
      return { morgan: tanimoto(fingerprint, catalogue.fingerprint(row)), shape: scored.shape, electrostatic: scored.electrostatic! };
    };
    const reference = consensusReferenceRows(catalogue);
    expect(reference.length).toBe(ROWS.length);
    const sample = Array.from(reference, exact);
    // The charges' own ESP Tanimoto: the electrostatic score is the mean of it and the shape Tanimoto.
    const charges = (s: { shape: number; electrostatic: number }) => 2 * s.electrostatic - s.shape;
    const models = { morgan: rarityModel(sample.map((s) => s.morgan)), shape: rarityModel(sample.map((s) => s.shape)), charges: rarityModel(sample.map(charges)) };
    // Morgan weighs as much as shape and charges together.
    const fused = (s: { morgan: number; shape: number; electrostatic: number }) => {
      const l = -(2 * Math.log10(rarity(models.morgan, s.morgan)) + Math.log10(rarity(models.shape, s.shape)) + Math.log10(rarity(models.charges, charges(s)))) / 4;
      return l / (1 + l);
    };
    hits.rows.forEach((row, i) => {
      const scores = exact(row);
      expect(morgan[i]).toBe(Math.fround(scores.morgan));
      expect(shape[i]).toBeCloseTo(scores.shape, 6);
      expect(electrostatic[i]).toBeCloseTo(scores.electrostatic, 6);
      expect(hits.similarities[i]).toBeCloseTo(fused(scores), 6);
      expect(hits.similarities[i]! >= 0 && hits.similarities[i]! < 1).toBe(true);
    });
    expect([...hits.similarities]).toEqual([...hits.similarities].sort((a, b) => b - a));
  });

  it('finds a catalogue molecule searched for first, as Morgan does', async () => {
    const request = { smiles: QUERY, quality: 'fast' as const, databases: ['DRUGS'], limit: 5 };
    const consensus = (await search({ ...request, method: 'consensus' }, { dataDir, threads: 2 })).databases[0]!;
    const morgan = (await search({ ...request, method: 'morgan' }, { dataDir, threads: 2 })).databases[0]!;
    expect(catalogue.compoundId(morgan.rows[0]!)).toBe('PARACETAMOL');
    expect(consensus.rows[0]).toBe(morgan.rows[0]);
    expect(consensus.components!.morgan[0]).toBe(1);
  });

  it('keeps only hits at or above the threshold', async () => {
    const all = (await search({ smiles: QUERY, method: 'consensus', quality: 'fast', databases: ['DRUGS'], limit: 100 }, { dataDir, threads: 1 })).databases[0]!;
    // Between the fifth and sixth hits: the stored scores are float32, the threshold is compared with float64.
    const cut = (all.similarities[4]! + all.similarities[5]!) / 2;
    const some = (await search({ smiles: QUERY, method: 'consensus', quality: 'fast', databases: ['DRUGS'], limit: 100, threshold: cut }, { dataDir, threads: 1 })).databases[0]!;
    expect([...some.rows]).toEqual([...all.rows].slice(0, 5));
    expect(some.components!.shape.length).toBe(some.rows.length);
  });

  it('draws its electrostatic third of candidates as the electrostatic search ranks them, by the charge model the catalogue records', () => {
    expect(consensusSources('shape_tanimoto', 'fast')).toEqual([
      { method: 'espsim_shape', wanted: consensusShare('fast') },
      { method: 'espsim_electrostatic', wanted: consensusShare('fast'), withShape: true },
    ]);
    expect(consensusSources('carbo', 'very_accurate')).toEqual([
      { method: 'espsim_shape', wanted: consensusShare('very_accurate') },
      { method: 'espsim_electrostatic', wanted: consensusShare('very_accurate') },
    ]);
  });
});
