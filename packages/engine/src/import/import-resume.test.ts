import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCatalogues, openCatalogue } from '../catalogue/open-catalogue.ts';
import { importCatalogue } from './import-catalogue.ts';
import { BATCHES_FILE, CHECKPOINT_FILE } from './import-checkpoint.ts';

// Real drugs; the input repeats them under new ids, with one unreadable row and one repeated id.
const DRUGS = ['CC(=O)Oc1ccccc1C(=O)O', 'CC(C)Cc1ccc(C(C)C(=O)O)cc1', 'Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'CN1CCC[C@H]1c1cccnc1', 'OC(=O)c1ccccc1O', 'CC(C)NCC(O)COc1cccc2ccccc12'];
const ROWS = [...Array.from({ length: 60 }, (_, i) => `${DRUGS[i % DRUGS.length]!}\tM${i}`), 'C1CC(\tBROKEN', 'c1ccccc1\tM3', 'c1ccncc1\tLAST'];
const IMPORTER = fileURLToPath(new URL('./import-catalogue.ts', import.meta.url));
const POOL = fileURLToPath(new URL('./import-pool.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../..', import.meta.url));

// Imports in another process whose preparation stops answering after three batches, so the process is
// killed mid-import with three finished batches in its work folder, as a Ctrl-C or a crash would leave it.
const CHILD = `
import { importCatalogue } from ${JSON.stringify(IMPORTER)};
import { createPreparer } from ${JSON.stringify(POOL)};
const [file, dataDir] = process.argv.slice(2);
const real = createPreparer(0);
let calls = 0;
const preparer = {
  prepare: (request) => (++calls > 3 ? (console.log('stalled'), new Promise(() => {})) : real.prepare(request)),
  close: () => real.close(),
};
await importCatalogue({ files: [file], id: 'RESUMED', dataDir, preparer, batchSize: 8 });
`;

let dir: string;
let dataDir: string;
let input: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-resume-'));
  dataDir = join(dir, 'data');
  input = join(dir, 'input.smi');
  await writeFile(input, `${ROWS.join('\n')}\n`);
  await writeFile(join(dir, 'child.mjs'), CHILD);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the stalling import in a child process and kills it once three batches are checkpointed. */
async function killedImport(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(dir, 'child.mjs'), input, dataDir], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (let i = 0; i < 600 && !output.includes('stalled'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(output).toContain('stalled');
  const folder = (await readdir(join(dataDir, 'catalogues'))).find((name) => name.startsWith('RESUMED.tmp-'))!;
  // Batches are appended as they are collected; wait until the three finished ones are on disk.
  const batches = join(dataDir, 'catalogues', folder, BATCHES_FILE);
  let size = -1;
  for (let i = 0; i < 100; i++) {
    const now = (await stat(batches)).size;
    if (now > 0 && now === size) break;
    size = now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  await exited;
}

describe('an interrupted import', () => {
  it('leaves the previous catalogue intact, and --resume continues it to the same catalogue a fresh import builds', async () => {
    await importCatalogue({ files: [input], id: 'RESUMED', dataDir, workers: 0, limit: 5 });
    await killedImport();
    const names = await readdir(join(dataDir, 'catalogues'));
    expect(names.filter((name) => name.startsWith('RESUMED.tmp-'))).toHaveLength(1);
    forgetCatalogues();
    expect((await openCatalogue(dataDir, 'RESUMED')).count).toBe(5);

    const resumed = await importCatalogue({ files: [input], id: 'RESUMED', dataDir, workers: 0, batchSize: 8, resume: true });
    expect(resumed.resumedRows).toBe(24);
    const fresh = await importCatalogue({ files: [input], id: 'FRESH', dataDir, workers: 0 });
    expect(fresh.resumedRows).toBe(0);
    expect(await readdir(join(dataDir, 'catalogues'))).toEqual(['FRESH', 'RESUMED']);
    // The finished catalogues do not carry the import's checkpoint.
    for (const id of ['FRESH', 'RESUMED']) {
      const names = await readdir(join(dataDir, 'catalogues', id));
      expect(names.filter((name) => name === BATCHES_FILE || name === CHECKPOINT_FILE)).toEqual([]);
    }
    for (const key of ['count', 'rows', 'skippedRows', 'duplicateIds'] as const) expect(resumed[key]).toBe(fresh[key]);
    expect(resumed.count).toBe(61);
    expect(resumed.skippedRows).toBe(2);
    const a = await openCatalogue(dataDir, 'RESUMED');
    const b = await openCatalogue(dataDir, 'FRESH');
    for (const file of ['fingerprints.bin', 'ids.txt', 'smiles.txt', 'popcount-starts.u32']) {
      expect(readFileSync(join(a.dir, file)).equals(readFileSync(join(b.dir, file)))).toBe(true);
    }
  });

  it('starts over when the input changed since the interruption, or without --resume', async () => {
    await killedImport();
    const later = new Date(Date.now() + 60_000);
    await utimes(input, later, later);
    const changed = await importCatalogue({ files: [input], id: 'RESUMED', dataDir, workers: 0, resume: true });
    expect(changed.resumedRows).toBe(0);
    expect(changed.count).toBe(61);

    await killedImport();
    const plain = await importCatalogue({ files: [input], id: 'RESUMED', dataDir, workers: 0 });
    expect(plain.resumedRows).toBe(0);
    expect((await readdir(join(dataDir, 'catalogues'))).filter((name) => name.startsWith('RESUMED.'))).toEqual([]);
  });
});
