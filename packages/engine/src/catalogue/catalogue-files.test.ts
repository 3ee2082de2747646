import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCatalogue } from './catalogue-copy.fixture.ts';
import type { CatalogueManifest } from '../format/catalogue-format.ts';
import type { SearchRequest } from '../format/search-types.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { search } from '../search/search.ts';
import { closeSearchPool } from '../search/shared-pools.ts';
import type { CatalogueConfig } from './catalogue-config.ts';
import { listCatalogues } from './list-catalogues.ts';
import { forgetCatalogues, openCatalogue } from './open-catalogue.ts';

const NO_CONFIG: CatalogueConfig = { vendors: [], databases: [] };
const ROWS = ['CC(=O)Oc1ccccc1C(=O)O\tASPIRIN', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C\tCAFFEINE', 'OC(=O)c1ccccc1O\tSALICYLIC', 'c1ccccc1O\tPHENOL'];

let dir: string;
let dataDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-checksums-'));
  dataDir = join(dir, 'data');
  const smi = join(dir, 'small.smi');
  await writeFile(smi, `${ROWS.join('\n')}\n`);
  await importCatalogue({ files: [smi], id: 'GOOD', dataDir, workers: 0, shape: { conformers: 2, seed: 42, timeBudgetMs: 2000 } });
});

afterAll(async () => {
  await closeSearchPool();
  await rm(dir, { recursive: true, force: true });
});

/** A copy of the good catalogue under `id`, to damage. */
const copyOf = (id: string) => copyCatalogue(dataDir, 'GOOD', { to: id });

const problemOf = async (id: string, verify = false) => (await listCatalogues(dataDir, NO_CONFIG, { verify })).find((info) => info.id === id);

describe('catalogue checksums', () => {
  it('records a CRC-32 of every index file at import, and an intact catalogue opens, searches and lists without a problem', async () => {
    const catalogue = await openCatalogue(dataDir, 'GOOD');
    expect(catalogue.manifest.files.length).toBeGreaterThan(10);
    for (const file of catalogue.manifest.files) expect(file.crc32).toMatch(/^[0-9a-f]{8}$/);
    const hits = await search({ smiles: 'OC(=O)c1ccccc1O', method: 'morgan', quality: 'fast', databases: ['GOOD'], limit: 1 }, { dataDir, threads: 1 });
    expect(catalogue.compoundId(hits.databases[0]!.rows[0]!)).toBe('SALICYLIC');
    expect(await problemOf('GOOD', true)).toMatchObject({ imported: true, count: 4 });
    expect((await problemOf('GOOD', true))?.problem).toBeUndefined();
  });

  it('refuses a same-size random fingerprint file before its first search, naming it, and lists the catalogue as damaged', async () => {
    const target = await copyOf('RANDOM-PRINTS');
    const path = join(target, 'fingerprints.bin');
    await writeFile(path, randomBytes((await stat(path)).size));
    const request: SearchRequest = { smiles: 'OC(=O)c1ccccc1O', method: 'morgan', quality: 'fast', databases: ['RANDOM-PRINTS'], limit: 1 };
    const refusal = { code: 'CATALOGUE_CORRUPT', message: expect.stringMatching(/Catalogue RANDOM-PRINTS is damaged: .*RANDOM-PRINTS\/fingerprints\.bin does not match its checksum/) };
    await expect(search(request, { dataDir, threads: 1 })).rejects.toMatchObject(refusal);
    await expect(openCatalogue(dataDir, 'RANDOM-PRINTS')).rejects.toMatchObject(refusal);
    expect(await problemOf('RANDOM-PRINTS')).toMatchObject({ imported: false, problemCode: 'CATALOGUE_CORRUPT', problem: refusal.message });
  });

  it('refuses a truncated file even when its manifest size was changed to match', async () => {
    const target = await copyOf('SHORT-SMILES');
    const manifest = JSON.parse(await readFile(join(target, 'manifest.json'), 'utf8')) as CatalogueManifest;
    const smiles = manifest.files.find((file) => file.name === 'smiles.txt')!;
    await truncate(join(target, 'smiles.txt'), smiles.bytes - 3);
    smiles.bytes -= 3;
    await writeFile(join(target, 'manifest.json'), JSON.stringify(manifest));
    await expect(openCatalogue(dataDir, 'SHORT-SMILES')).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT', message: expect.stringMatching(/SHORT-SMILES\/smiles\.txt does not match its checksum/) });
  });

  it('lists a catalogue whose 3D index file was overwritten as damaged when asked to verify, before any search reads it', async () => {
    const target = await copyOf('BAD-INDEX');
    const path = join(target, 'shape-index-vectors.bits');
    const vectors = await readFile(path);
    vectors.writeUInt8(vectors.readUInt8(vectors.length >> 1) ^ 0xff, vectors.length >> 1);
    await writeFile(path, vectors);
    forgetCatalogues();
    expect((await problemOf('BAD-INDEX'))?.problem).toBeUndefined();
    expect(await problemOf('BAD-INDEX', true)).toMatchObject({ problemCode: 'CATALOGUE_CORRUPT', problem: expect.stringMatching(/BAD-INDEX\/shape-index-vectors\.bits does not match its checksum/) });
    await expect(search({ smiles: 'c1ccccc1O', method: 'espsim_shape', quality: 'fast', databases: ['BAD-INDEX'], limit: 1 }, { dataDir, threads: 1 })).rejects.toMatchObject({ code: 'CATALOGUE_CORRUPT' });
  });

});
