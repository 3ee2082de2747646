import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCatalogue } from '@molsearch/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const MOLPORT = join(import.meta.dirname, '../../../../../shared/data/catalogs/molport.smi.gz');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-cli-catalogues-'));
  for (const id of ['GOOD', 'DAMAGED']) await importCatalogue({ files: [MOLPORT], id, dataDir: join(dir, 'data'), workers: 0, limit: 30 });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('molsearch catalogues', () => {
  it('lists imported catalogues with their counts, and names the damaged file of one whose bytes changed', async () => {
    const folder = join(dir, 'data', 'catalogues', 'DAMAGED');
    const fingerprints = (await readdir(folder)).find((name) => name.startsWith('fingerprints'))!;
    // Same size, different bytes: only the checksum can tell.
    const file = await open(join(folder, fingerprints), 'r+');
    await file.write(Buffer.alloc(64, 0xa5), 0, 64, 0);
    await file.close();
    const run = await runCli(['catalogues', '--data-dir', 'data'], dir);
    expect(run.code).toBe(0);
    const rows = run.stdout.split('\n').filter(Boolean).map((line) => line.split('\t'));
    const byId = new Map(rows.map((row) => [row[0], row]));
    expect(byId.get('GOOD')?.[4]).toBe('30');
    expect(byId.get('GOOD')?.[7]).toBe('');
    expect(byId.get('DAMAGED')?.[7]).toContain(fingerprints);
  });
});
