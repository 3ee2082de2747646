import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '@molsearch/engine';
import { createEngineAdapter } from './engine.adapter.ts';

let dir: string;
const SMILES = ['CCO', 'c1ccccc1O', 'CC(=O)Nc1ccc(O)cc1', 'CN1CCC[C@H]1c1cccnc1'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-adapter-'));
  const input = join(dir, 'in.smi');
  await writeFile(input, SMILES.map((smiles, i) => `${smiles}\tM-${i + 1}`).join('\n') + '\n');
  for (const id of ['HEALTHY', 'OLD-FORMAT']) await importCatalogue({ files: [input], id, dataDir: join(dir, 'data'), workers: 0 });
  const manifest = join(dir, 'data', 'catalogues', 'OLD-FORMAT', 'manifest.json');
  await writeFile(manifest, JSON.stringify({ ...JSON.parse(await readFile(manifest, 'utf8')), formatVersion: 1 }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the server's engine", () => {
  it('lists an imported catalogue it cannot use with the reason, instead of leaving it out', async () => {
    const engine = createEngineAdapter({ dataDir: join(dir, 'data'), catalogueConfig: join(dir, 'no-config.json'), searchThreads: 1 });
    const listed = await engine.listCatalogues();
    expect(listed.map((catalogue) => catalogue.id).sort()).toEqual(['HEALTHY', 'OLD-FORMAT']);
    const healthy = listed.find((catalogue) => catalogue.id === 'HEALTHY');
    expect(healthy?.count).toBe(SMILES.length);
    expect(healthy && 'unavailable' in healthy).toBe(false);
    expect(listed.find((catalogue) => catalogue.id === 'OLD-FORMAT')?.unavailable).toBe('The database OLD-FORMAT was built by an older version and must be imported again. (CATALOGUE_FORMAT)');
  });

  it('readies the catalogues it can use, and none once told to stop', async () => {
    const engine = createEngineAdapter({ dataDir: join(dir, 'data'), catalogueConfig: join(dir, 'no-config.json'), searchThreads: 1 });
    const readiness = await engine.readyCatalogues!(new AbortController().signal);
    expect(readiness).toEqual({ ready: ['HEALTHY'], failed: [] });
    const stopped = new AbortController();
    stopped.abort();
    expect(await engine.readyCatalogues!(stopped.signal)).toEqual({ ready: [], failed: [] });
  });
});
