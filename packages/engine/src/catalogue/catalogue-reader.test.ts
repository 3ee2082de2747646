import { mkdtemp, readFile, rm, truncate, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FORMAT_VERSION } from '../format/catalogue-format.ts';
import type { CatalogueManifest } from '../format/catalogue-format.ts';
import { checksumOf } from '../format/checksum.ts';
import { importCatalogue } from '../import/import-catalogue.ts';
import { copyCatalogue } from './catalogue-copy.fixture.ts';
import { readCatalogue } from './catalogue-reader.ts';
import { openCatalogue } from './open-catalogue.ts';

let dir: string;
let dataDir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-reader-'));
  dataDir = join(dir, 'data');
  const smi = join(dir, 'small.smi');
  await writeFile(smi, 'CC(=O)Oc1ccccc1C(=O)O\tA1\nCn1cnc2c1c(=O)n(C)c(=O)n2C\tA2\nOC(=O)c1ccccc1O\tA3\n');
  await importCatalogue({ files: [smi], id: 'GOOD', dataDir, workers: 0 });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A fresh copy of the good catalogue under `id`, to damage. */
const copyOf = (id: string) => copyCatalogue(dataDir, 'GOOD', { to: id });

describe('reading a catalogue', () => {
  it('reads a sound catalogue', async () => {
    const catalogue = await readCatalogue(dataDir, 'GOOD');
    expect(catalogue.count).toBe(3);
    expect(new Set([0, 1, 2].map((row) => catalogue.compoundId(row)))).toEqual(new Set(['A1', 'A2', 'A3']));
  });

  it('names a truncated column file', async () => {
    const target = await copyOf('TRUNCATED');
    await truncate(join(target, 'fingerprints.bin'), 300);
    await expect(readCatalogue(dataDir, 'TRUNCATED')).rejects.toMatchObject({
      code: 'CATALOGUE_CORRUPT',
      message: expect.stringMatching(/TRUNCATED\/fingerprints\.bin has 300 bytes, the manifest says 768/),
    });
  });

  it('names a missing column file', async () => {
    const target = await copyOf('MISSING');
    await unlink(join(target, 'smiles.txt'));
    await expect(readCatalogue(dataDir, 'MISSING')).rejects.toThrow(/MISSING\/smiles\.txt is missing/);
  });

  it('detects string offsets that do not match their text, even under a matching checksum', async () => {
    const target = await copyOf('OFFSETS');
    const index = await readFile(join(target, 'ids.idx'));
    index.writeUInt32LE(1_000_000, 4);
    await writeFile(join(target, 'ids.idx'), index);
    const manifest = JSON.parse(await readFile(join(target, 'manifest.json'), 'utf8')) as CatalogueManifest;
    manifest.files = manifest.files.map((file) => (file.name === 'ids.idx' ? { ...file, crc32: checksumOf(index) } : file));
    await writeFile(join(target, 'manifest.json'), JSON.stringify(manifest));
    await expect(readCatalogue(dataDir, 'OFFSETS')).rejects.toThrow(/OFFSETS\/ids\.idx does not match .*ids\.txt/);
  });

  it('rejects a damaged manifest', async () => {
    const damaged = await copyOf('DAMAGED');
    await writeFile(join(damaged, 'manifest.json'), '{"formatVersion": 2, "id": "DAM');
    await expect(readCatalogue(dataDir, 'DAMAGED')).rejects.toThrow(/DAMAGED\/manifest\.json is not valid JSON/);
  });

  it('asks for a re-import of a catalogue built by an older version, naming its files and options', async () => {
    const old = await copyOf('OLD');
    const manifest = JSON.parse(await readFile(join(old, 'manifest.json'), 'utf8')) as { formatVersion: number; sources: { path: string }[] };
    manifest.formatVersion = CATALOGUE_FORMAT_VERSION - 1;
    await writeFile(join(old, 'manifest.json'), JSON.stringify({ ...manifest, shape: { conformers: 3, seed: 42, timeBudgetMs: 2000 } }));
    const source = manifest.sources[0]!.path;
    await expect(openCatalogue(dataDir, 'OLD')).rejects.toMatchObject({
      code: 'CATALOGUE_FORMAT',
      message: `Catalogue OLD was built by an older version of molsearch (format ${CATALOGUE_FORMAT_VERSION - 1}); re-import it: molsearch import ${source} --db OLD --3d`,
    });
    const future = await copyOf('FUTURE');
    await writeFile(join(future, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: 99 }));
    await expect(readCatalogue(dataDir, 'FUTURE')).rejects.toMatchObject({ code: 'CATALOGUE_FORMAT', message: expect.stringContaining(`newer version of molsearch (format 99; this one reads format ${CATALOGUE_FORMAT_VERSION})`) });
  });

  it('says which catalogue is not imported', async () => {
    await expect(openCatalogue(dataDir, 'NOT-THERE')).rejects.toMatchObject({ code: 'CATALOGUE_NOT_FOUND', message: expect.stringMatching(/NOT-THERE is not imported/) });
    await expect(openCatalogue(dataDir, '../etc')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
