import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeModel, score } from '@molsearch/chem';
import type { Model3D } from '@molsearch/chem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCatalogues } from '../catalogue/list-catalogues.ts';
import { forgetCatalogues, openCatalogue } from '../catalogue/open-catalogue.ts';
import { LEGACY_CHARGE_MODEL, catalogueChargeModel } from '../features/charge-model.ts';
import { MANIFEST_FILE } from '../format/catalogue-format.ts';
import { catalogueDir } from '../format/catalogue-paths.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { shapeQuery } from '../shape/shape-query.ts';
import { search } from './search.ts';
import { closeSearchPool } from './shared-pools.ts';

const IBUPROFEN = 'CC(C)Cc1ccc(C(C)C(=O)O)cc1';
const ROWS = [
  `${IBUPROFEN}\tIBUPROFEN`,
  'COc1ccc2cc(C(C)C(=O)O)ccc2c1\tNAPROXEN',
  'OC(=O)Cc1ccccc1\tPHENYLACETIC',
  'CC(C)Cc1ccc(C(C)C(N)=O)cc1\tIBUPROFEN-AMIDE',
  'CC(C)Cc1ccc(C(C)CO)cc1\tIBUPROFEN-ALCOHOL',
  'CC(=O)Nc1ccc(O)cc1\tPARACETAMOL',
  'c1ccc2ccccc2c1\tNAPHTHALENE',
  'CN(C)CCOC(c1ccccc1)c1ccccc1\tDIPHENHYDRAMINE',
];
const BUILD = { conformers: 2, seed: 42, timeBudgetMs: 2000 };
const total = (model: Model3D): number => model.charges.reduce((sum, q) => sum + q, 0);

let dir: string;
let dataDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-charges-'));
  dataDir = join(dir, 'data');
  const smi = join(dir, 'acids.smi');
  await writeFile(smi, `${ROWS.join('\n')}\n`);
  // Today's model (its options name none), the same charges on the neutral form, and an older catalogue.
  await importCatalogue({ files: [smi], id: 'PH74', dataDir, workers: 0, shape: BUILD });
  await importCatalogue({ files: [smi], id: 'NEUTRAL', dataDir, workers: 0, shape: { ...BUILD, charges: 'mmff94', protonation: 'neutral' } });
  await importCatalogue({ files: [smi], id: 'OLDER', dataDir, workers: 0, shape: { ...BUILD, ...LEGACY_CHARGE_MODEL } });
  // A catalogue built before the manifest named its charge model: Gasteiger charges, neutral form, no fields.
  const manifestPath = join(catalogueDir(dataDir, 'OLDER'), MANIFEST_FILE);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { shape: Record<string, unknown> };
  delete manifest.shape.charges;
  delete manifest.shape.protonation;
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  forgetCatalogues();
}, 240_000);

afterAll(async () => {
  await closeSearchPool();
  await rm(dir, { recursive: true, force: true });
});

/** The row of a compound id. */
async function rowOf(id: string, compound: string): Promise<number> {
  const catalogue = await openCatalogue(dataDir, id);
  return Array.from({ length: catalogue.count }, (_, row) => row).find((row) => catalogue.compoundId(row) === compound)!;
}

/** Each compound's similarity in a search's hits. */
function byCompound(rows: Uint32Array, similarities: Float32Array, names: (row: number) => string): Map<string, number> {
  return new Map(Array.from(rows, (row, i) => [names(row), similarities[i]!]));
}

describe('a charged query in a catalogue built at pH 7.4', () => {
  it('records the charge model in the manifest, and the stored models carry the carboxylate charge', async () => {
    const ph74 = await openCatalogue(dataDir, 'PH74');
    const neutral = await openCatalogue(dataDir, 'NEUTRAL');
    expect(ph74.manifest.shape).toMatchObject({ charges: 'mmff94', protonation: 'ph7.4' });
    expect(neutral.manifest.shape).toMatchObject({ charges: 'mmff94', protonation: 'neutral' });
    expect(total(decodeModel(ph74.shape!.model(await rowOf('PH74', 'IBUPROFEN'))))).toBeCloseTo(-1, 4);
    expect(total(decodeModel(neutral.shape!.model(await rowOf('NEUTRAL', 'IBUPROFEN'))))).toBeCloseTo(0, 4);
    // The tertiary amine is protonated.
    expect(total(decodeModel(ph74.shape!.model(await rowOf('PH74', 'DIPHENHYDRAMINE'))))).toBeCloseTo(1, 4);
  });

  it('builds the query with its formal charge, and its electrostatic scores differ from the neutral build', async () => {
    const query = await shapeQuery(IBUPROFEN, undefined, catalogueChargeModel((await openCatalogue(dataDir, 'PH74')).manifest.shape!));
    expect(total(query.model)).toBeCloseTo(-1, 4);
    const request = { smiles: IBUPROFEN, method: 'espsim_electrostatic' as const, quality: 'fast' as const, limit: 10 };
    const charged = (await search({ ...request, databases: ['PH74'] }, { dataDir, threads: 1 })).databases[0]!;
    const uncharged = (await search({ ...request, databases: ['NEUTRAL'] }, { dataDir, threads: 1 })).databases[0]!;
    const names = async (id: string) => {
      const catalogue = await openCatalogue(dataDir, id);
      return (row: number) => catalogue.compoundId(row);
    };
    const chargedScores = byCompound(charged.rows, charged.similarities, await names('PH74'));
    const neutralScores = byCompound(uncharged.rows, uncharged.similarities, await names('NEUTRAL'));
    expect(chargedScores.get('IBUPROFEN')).toBeGreaterThan(0.99);
    expect(neutralScores.get('IBUPROFEN')).toBeGreaterThan(0.99);
    // The uncharged amide and alcohol look less like the carboxylate than like the neutral acid.
    for (const compound of ['IBUPROFEN-AMIDE', 'IBUPROFEN-ALCOHOL']) {
      expect(chargedScores.get(compound)!).toBeLessThan(neutralScores.get(compound)! - 0.02);
    }
  });

  it('searches catalogues of different charge models each with a query built as its molecules were', async () => {
    const request = { smiles: IBUPROFEN, method: 'espsim_electrostatic' as const, quality: 'fast' as const, limit: 10 };
    const together = await search({ ...request, databases: ['PH74', 'NEUTRAL', 'OLDER'] }, { dataDir, threads: 1 });
    for (const [index, id] of ['PH74', 'NEUTRAL', 'OLDER'].entries()) {
      const alone = (await search({ ...request, databases: [id] }, { dataDir, threads: 1 })).databases[0]!;
      expect([...together.databases[index]!.rows]).toEqual([...alone.rows]);
      expect([...together.databases[index]!.similarities]).toEqual([...alone.similarities]);
    }
  });
});

describe('a catalogue built before the manifest named its charge model', () => {
  it('is listed as Gasteiger charges of the neutral form, scored by Carbó', async () => {
    const infos = await listCatalogues(dataDir, { vendors: [], databases: [] });
    const older = infos.find((info) => info.id === 'OLDER')!;
    const current = infos.find((info) => info.id === 'PH74')!;
    expect(older.chargeModel).toMatchObject({ charges: 'gasteiger', protonation: 'neutral' });
    expect(older.chargeModel!.description).toMatch(/Gasteiger charges, neutral form, Carbó/);
    expect(current.chargeModel!.description).toMatch(/MMFF94 charges, pH 7\.4 form, electrostatic score = mean of shape and ESP Tanimoto/);
  });

  it('still searches, with a neutral Gasteiger query and the Carbó score its hits always had', async () => {
    const older = await openCatalogue(dataDir, 'OLDER');
    const result = (await search({ smiles: IBUPROFEN, method: 'espsim_electrostatic', quality: 'fast', databases: ['OLDER'], limit: 10 }, { dataDir, threads: 1 })).databases[0]!;
    expect(older.compoundId(result.rows[0]!)).toBe('IBUPROFEN');
    const query = await shapeQuery(IBUPROFEN, undefined, LEGACY_CHARGE_MODEL);
    expect(total(query.model)).toBeCloseTo(0, 6);
    const row = result.rows[1]!;
    const candidate = decodeModel(older.shape!.model(row));
    const carbo = score(query.model, candidate, 'espsim_electrostatic', { electrostaticForm: 'carbo' }).similarity;
    expect(result.similarities[1]).toBe(Math.fround(carbo));
    expect(Math.abs(carbo - score(query.model, candidate, 'espsim_electrostatic', { electrostaticForm: 'shape_tanimoto' }).similarity)).toBeGreaterThan(1e-3);
  });
});
