import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetCatalogues, importCatalogue } from '@molsearch/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const CATALOGS = join(import.meta.dirname, '../../../../../shared/data/catalogs');
const QUERIES = [
  ['CC(=O)Oc1ccccc1C(=O)O', 'ASPIRIN'],
  ['CC(=O)Nc1ccc(O)cc1', 'PARACETAMOL'],
  ['Cn1cnc2c1c(=O)n(C)c(=O)n2C', 'CAFFEINE'],
];

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'molsearch-cli-queries-'));
  await importCatalogue({ files: [join(CATALOGS, 'enamine_real.smi.gz')], id: 'ENAMINE-REAL', dataDir: join(dir, 'data'), workers: 2, limit: 200 });
  const lines = QUERIES.map(([smiles, id]) => `${smiles}\t${id}`);
  lines.splice(1, 0, 'C1CC(\tBROKEN');
  await writeFile(join(dir, 'queries.smi'), `${lines.join('\n')}\n`);
});
afterAll(async () => {
  forgetCatalogues();
  await rm(dir, { recursive: true, force: true });
});

function table(stdout: string, separator = '\t'): Record<string, string>[] {
  const [header, ...lines] = stdout.trimEnd().split('\n');
  const names = header!.split(separator);
  return lines.map((line) => Object.fromEntries(line.split(separator).map((cell, i) => [names[i]!, cell])));
}

describe('molsearch search --queries', () => {
  it("searches each molecule of the file, names its query on every row, and reports the bad row by line", async () => {
    const run = await runCli(['search', '--queries', 'queries.smi', '--db', 'ENAMINE-REAL', '--top', '5', '--data-dir', 'data'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^line 2: .+\n$/);
    const rows = table(run.stdout);
    expect(Object.keys(rows[0]!).slice(0, 4)).toEqual(['query_id', 'query_smiles', 'rank', 'database']);
    expect(rows.map((row) => row.query_id)).toEqual(QUERIES.flatMap(([, id]) => Array(5).fill(id)));
    for (const [smiles, id] of QUERIES) {
      const single = table((await runCli(['search', smiles!, '--db', 'ENAMINE-REAL', '--top', '5', '--data-dir', 'data'], dir)).stdout);
      const mine = rows.filter((row) => row.query_id === id);
      expect(mine.every((row) => row.query_smiles === smiles)).toBe(true);
      expect(mine.map((row) => [row.id, row.similarity])).toEqual(single.map((row) => [row.id, row.similarity]));
    }
  }, 120_000);

  it('needs a SMILES or --queries, not both', async () => {
    const both = await runCli(['search', 'CCO', '--queries', 'queries.smi', '--db', 'ENAMINE-REAL', '--data-dir', 'data'], dir);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain('a query SMILES or --queries <file>, not both');
  });
});
