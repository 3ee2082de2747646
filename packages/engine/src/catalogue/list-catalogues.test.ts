import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../import/import-catalogue.ts';
import { loadCatalogueConfig, parseCatalogueConfig } from './catalogue-config.ts';
import type { CatalogueConfig } from './catalogue-config.ts';
import { listCatalogues } from './list-catalogues.ts';

const CONFIG = fileURLToPath(new URL('../../../../config/catalogues.json', import.meta.url));
const SPEC_IDS = ['ZINC15', 'EXPLORE-ENUMERATED', 'EXPLORE-DIVERSE', 'CHEMRIYA', 'ENAMINE-REAL', 'SYNPLE-1B', 'MCULE-FULL', 'MCULE-IN-STOCK', 'MOLPORT', 'CHEMSPACE-SCREENING', 'CHEMSPACE-10B-RO5'];

let dir: string;
let config: CatalogueConfig;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-list-'));
  config = await loadCatalogueConfig(CONFIG);
  const smi = join(dir, 'm.smi');
  await writeFile(smi, 'CC(=O)Oc1ccccc1C(=O)O\tM1\nOC(=O)c1ccccc1O\tM2\n');
  await importCatalogue({ files: [smi], id: 'MOLPORT', dataDir: join(dir, 'data'), workers: 0 });
  await importCatalogue({ files: [smi], id: 'MY-UPLOAD', dataDir: join(dir, 'data'), workers: 0 });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('catalogue configuration', () => {
  it('describes every database of the product spec, each listed by its vendor', () => {
    const ids = config.databases.map((database) => database.id);
    for (const id of SPEC_IDS) expect(ids).toContain(id);
    for (const database of config.databases) {
      expect(config.vendors.find((vendor) => vendor.slug === database.vendor)?.databases).toContain(database.id);
    }
  });

  it('rejects a database whose vendor is unknown, naming it', () => {
    const broken = { vendors: [], databases: [{ ...config.databases[0], vendor: 'nobody' }] };
    expect(() => parseCatalogueConfig(broken, 'test.json')).toThrow(/test\.json: database ZINC15 names vendor "nobody"/);
  });

  it('lists counts from the index, configured databases first, unconfigured imports after', async () => {
    const infos = await listCatalogues(join(dir, 'data'), config);
    const molport = infos.find((info) => info.id === 'MOLPORT');
    expect(molport).toMatchObject({ imported: true, count: 2, badges: ['MolPort', 'In Stock', 'Under 1B'] });
    expect(infos.find((info) => info.id === 'ZINC15')).toMatchObject({ imported: false, count: 0 });
    expect(infos.at(-1)).toMatchObject({ id: 'MY-UPLOAD', displayName: 'MY-UPLOAD', count: 2, badges: ['Other', 'Under 1B'] });
  });

  it('reports a catalogue of an older format as not usable, with the command that rebuilds it', async () => {
    await importCatalogue({ files: [join(dir, 'm.smi')], id: 'OLD-FORMAT', dataDir: join(dir, 'data'), workers: 0 });
    const path = join(dir, 'data', 'catalogues', 'OLD-FORMAT', 'manifest.json');
    await writeFile(path, JSON.stringify({ ...JSON.parse(await readFile(path, 'utf8')), formatVersion: 1 }));
    const old = (await listCatalogues(join(dir, 'data'), config)).find((info) => info.id === 'OLD-FORMAT');
    expect(old).toMatchObject({ imported: false, count: 0, problemCode: 'CATALOGUE_FORMAT' });
    expect(old?.problem).toBe(`Catalogue OLD-FORMAT was built by an older version of molsearch (format 1); re-import it: molsearch import ${join(dir, 'm.smi')} --db OLD-FORMAT`);
  });
});
